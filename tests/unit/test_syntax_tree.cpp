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
    std::string out;
    for (const auto& chunk : tree.chunks()) {
        char* s = ts_node_string(chunk.root);
        out += std::to_string(chunk.base) + ":" + s + "\n";
        free(s);
    }
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

// Same chunks, each with the same tree.
void require_same_trees(const SyntaxTree& a, const SyntaxTree& b) {
    REQUIRE(a.text() == b.text());
    auto ca = a.chunks(), cb = b.chunks();
    REQUIRE(ca.size() == cb.size());
    for (size_t i = 0; i < ca.size(); ++i) {
        CAPTURE(i);
        REQUIRE(ca[i].base == cb[i].base);
        REQUIRE(ca[i].text.size() == cb[i].text.size());
        require_same_tree(ca[i].root, cb[i].root);
    }
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
    require_same_trees(tree, SyntaxTree(tree.text()));
}

TEST_CASE("random edits of the examples reparse to the same tree as a fresh parse") {
    // Pieces that change structure: indentation, brackets, pipes, newlines.
    const char* pieces[] = {"",     " ",    "\n",        "    ",       "(",  ")",   "[",
                            "]",    ":",    "|> f(x)\n", "\n    |> g", "x",  "fn ", "if a:\n    b = 1\n",
                            "#c\n", "1..n", "é",         "\t",         "..", "->",  ","};
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
            require_same_trees(tree, SyntaxTree(tree.text()));
        }
    }
}

TEST_CASE("forgotten trees are parsed again as they were, and edits in them reparse as a fresh parse") {
    const char* pieces[] = {"", " ", "\n", "    ", "(", ")", ":", "x", "fn ", "#c\n", "\ndim Z = 3\n", "é"};
    std::string text = ss::test::read_source_file("examples/llama.ss");
    REQUIRE(!text.empty());
    SyntaxTree tree(text);
    std::string before = sexp(tree);
    size_t count = tree.spans().size();
    REQUIRE(count > 3);
    tree.forget_trees([](uint64_t) { return false; });
    CHECK(tree.trees_held() == 0);
    CHECK(tree.spans().size() == count);
    CHECK(sexp(tree) == before);  // parsed again, each the same
    CHECK(tree.trees_held() == count);
    std::mt19937 rng(99);
    for (int step = 0; step < 120; ++step) {
        CAPTURE(step);
        // Forget none, some or all of the trees before each edit.
        int mode = step % 3;
        tree.forget_trees([&](uint64_t id) { return mode == 0 || (mode == 1 && id % 2 == 0); });
        auto size = static_cast<uint32_t>(tree.text().size());
        uint32_t begin = size ? rng() % size : 0;
        tree.apply_edit({begin, begin + rng() % 6, pieces[rng() % std::size(pieces)]});
        require_same_trees(tree, SyntaxTree(tree.text()));
    }
}

TEST_CASE("a chunk keeps its id and what was derived from it while its text stays, tree forgotten or not") {
    SyntaxTree tree("dim D = 1\n\nfn f(x: [D]) -> [D]:\n    return x\n\nfn g(y: [D]) -> [D]:\n    return y\n");
    REQUIRE(tree.spans().size() == 3);
    static int made = 0;
    auto symbols = [](const ss::syntax::ChunkView& c) {
        ++made;
        return std::string(ts_node_type(ts_node_named_child(c.root, 0))) + "@" + std::to_string(c.text.size());
    };
    std::string (*make)(const ss::syntax::ChunkView&) = symbols;
    CHECK(tree.derived(2, make) == "function_definition@34");
    CHECK(tree.derived(2, make) == "function_definition@34");
    CHECK(made == 1);
    uint64_t id = tree.spans()[2].id;
    tree.forget_trees([](uint64_t) { return false; });
    tree.apply_edit({4, 5, "DD"});  // in the first chunk: the last one moves, its text the same
    CHECK(tree.spans()[2].id == id);
    CHECK(tree.derived(2, make) == "function_definition@34");
    CHECK(made == 1);
    CHECK(tree.trees_held() == 1);  // only the edited chunk was parsed
    tree.apply_edit({static_cast<uint32_t>(tree.text().size() - 2), static_cast<uint32_t>(tree.text().size() - 1),
                     "yy"});  // in the last chunk: made again
    CHECK(tree.spans()[2].id != id);
    CHECK(tree.derived(2, make) == "function_definition@35");
    CHECK(made == 2);
    CHECK(tree.chunk_index_at(0) == 0);
    CHECK(tree.chunk_index_at(tree.spans()[2].begin) == 2);
    CHECK(tree.chunk_index_at(static_cast<uint32_t>(tree.text().size())) == 2);
}

TEST_CASE("chunks: one per top-level item, never inside brackets or continuations") {
    std::string text =
        "dim D = 1\n"
        "# a comment at column 0 stays with the item above\n"
        "fn f(x: [n],\n"
        "y: [n]) -> [n]:\n"  // inside the open bracket: same chunk
        "    return x\n"
        "|> g\n"  // a continuation: same chunk
        "\n"
        "model M:\n"
        "    w: [D] = zeros\n";
    SyntaxTree tree(text);
    auto chunks = tree.chunks();
    REQUIRE(chunks.size() == 3);
    CHECK(chunks[1].base == text.find("fn f"));
    CHECK(chunks[2].base == text.find("model M"));
    CHECK_FALSE(tree.has_error());
}

TEST_CASE("chunks: an unclosed bracket stops at the next item head") {
    std::string text = "fn f(x: [n]) -> [n]:\n    return g(x,\n\nfn h(y: [n]) -> [n]:\n    return y\n";
    SyntaxTree tree(text);
    auto chunks = tree.chunks();
    REQUIRE(chunks.size() == 2);
    CHECK(chunks[1].base == text.find("fn h"));
    CHECK_FALSE(ts_node_has_error(chunks[1].root));
}

TEST_CASE("edits that join and split chunks") {
    std::string text = "dim A = 1\ndim B = 2\ndim C = 3\n";
    SyntaxTree tree(text);
    REQUIRE(tree.chunks().size() == 3);
    tree.apply_edit({10, 10, "  "});  // indent `dim B`: joins it to A (an error)
    require_same_trees(tree, SyntaxTree(tree.text()));
    CHECK(tree.chunks().size() == 2);
    tree.apply_edit({10, 12, ""});  // and back
    require_same_trees(tree, SyntaxTree(tree.text()));
    CHECK(tree.chunks().size() == 3);
    tree.apply_edit({0, static_cast<uint32_t>(tree.text().size()), ""});  // delete everything
    CHECK(tree.chunks().size() == 1);
    tree.apply_edit({0, 0, text});
    require_same_trees(tree, SyntaxTree(text));
}

TEST_CASE("large files parse on two threads to the same trees as chunk by chunk") {
    std::string unit = "fn f(x: [b n D]) -> [b n D]:\n    return x @ w |> softmax(over=D)\n\n";
    std::string text;
    while (text.size() < 400 * 1024) text += unit;
    SyntaxTree whole(text);
    CHECK_FALSE(whole.has_error());
    // Grow a tree edit by edit to the same text; compare.
    SyntaxTree grown("");
    for (size_t at = 0; at < text.size(); at += 64 * 1024) {
        std::string piece = text.substr(at, 64 * 1024);
        grown.apply_edit({static_cast<uint32_t>(at), static_cast<uint32_t>(at), piece});
    }
    require_same_trees(whole, grown);
}

TEST_CASE("edits that make a line overlong or short again reparse like a fresh parse") {
    std::string text = "dim A = 1\nfn f(x: [n]) -> [n]:\n    return x\n";
    SyntaxTree tree(text);
    auto at = static_cast<uint32_t>(text.find("return x") + 8);
    tree.apply_edit({at, at, " + " + std::string(70000, 'y')});
    require_same_trees(tree, SyntaxTree(tree.text()));
    tree.apply_edit({at, static_cast<uint32_t>(at + 3 + 70000), ""});
    require_same_trees(tree, SyntaxTree(tree.text()));
    CHECK(tree.text() == text);
    CHECK_FALSE(tree.has_error());
}
