// Incremental reparsing: after any sequence of edits, the tree equals a
// fresh parse of the final text.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "syntax/syntax_tree.hpp"
#include "syntax_test_util.hpp"

using ss::syntax::SyntaxTree;
using ss::syntax::TextEdit;

namespace {

std::string sexp(const SyntaxTree& tree) {
    char* s = ts_node_string(tree.root());
    std::string out(s);
    free(s);
    return out;
}

// Node-by-node comparison including byte ranges, which ts_node_string
// doesn't show: a wrong TSInputEdit shows up as shifted ranges.
void require_same_tree(TSNode a, TSNode b) {
    REQUIRE(ts_node_symbol(a) == ts_node_symbol(b));
    REQUIRE(ts_node_start_byte(a) == ts_node_start_byte(b));
    REQUIRE(ts_node_end_byte(a) == ts_node_end_byte(b));
    REQUIRE(ts_node_start_point(a).row == ts_node_start_point(b).row);
    REQUIRE(ts_node_start_point(a).column == ts_node_start_point(b).column);
    REQUIRE(ts_node_child_count(a) == ts_node_child_count(b));
    for (uint32_t i = 0; i < ts_node_child_count(a); ++i) require_same_tree(ts_node_child(a, i), ts_node_child(b, i));
}

}  // namespace

TEST_CASE("point_at counts rows and byte columns") {
    auto p = ss::syntax::point_at("ab\ncdé\nx", 7);
    CHECK(p.row == 1);
    CHECK(p.column == 4);
    CHECK(ss::syntax::point_at("abc", 99).column == 3);  // clamped
}

TEST_CASE("an edit is applied to the text and the tree") {
    SyntaxTree tree("dim D = 768\n");
    tree.apply_edit({8, 11, "1024"});
    CHECK(tree.text() == "dim D = 1024\n");
    CHECK(sexp(tree) == sexp(SyntaxTree("dim D = 1024\n")));
}

TEST_CASE("edits out of range are clamped, never corrupting the tree") {
    SyntaxTree tree("dim D = 1\n");
    tree.apply_edit({500, 900, "\ndim E = 2\n"});
    CHECK(tree.text() == "dim D = 1\n\ndim E = 2\n");
    tree.apply_edit({5, 2, "X"});  // begin > end: an insertion at 5
    CHECK(tree.text() == "dim DX = 1\n\ndim E = 2\n");
    require_same_tree(tree.root(), SyntaxTree(tree.text()).root());
}

TEST_CASE("random edits of the examples reparse to the same tree as a fresh parse") {
    // Pieces that change structure: indentation, brackets, pipes, newlines.
    const char* pieces[] = {"", " ", "\n", "    ", "(", ")", "[", "]", ":", "|> f(x)\n", "\n    |> g",
                            "x", "fn ", "if a:\n    b = 1\n", "#c\n", "1..n", "é", "\t", "..", "->", ","};
    for (const char* example : {"examples/digits.ss", "examples/attention.ss", "examples/llama.ss"}) {
        CAPTURE(example);
        std::string text = ss::test::read_source_file(example);
        REQUIRE(!text.empty());
        SyntaxTree tree(text);
        std::mt19937 rng(1234);
        for (int step = 0; step < 150; ++step) {
            CAPTURE(step);
            auto size = static_cast<uint32_t>(tree.text().size());
            uint32_t begin = size ? rng() % size : 0;
            uint32_t length = rng() % 6;
            std::string piece = pieces[rng() % std::size(pieces)];
            tree.apply_edit({begin, begin + length, piece});
            SyntaxTree fresh(tree.text());
            require_same_tree(tree.root(), fresh.root());
        }
    }
}

