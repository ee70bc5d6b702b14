// The editor features that show a document's structure (server/ide/):
// semantic tokens, folding ranges, selection ranges, document and workspace
// symbols. Concrete answers on small programs (each token's type at a
// position: the marker fixture tests/ide/semantic_tokens.ss), then
// invariants over every example and random edits of them.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ide/folding.hpp"
#include "ide/selection.hpp"
#include "ide/semantic_tokens.hpp"
#include "ide/symbols.hpp"
#include "ide_test_util.hpp"
#include "syntax_test_util.hpp"

using namespace ss;
using ide::TokenType;
namespace mods = ss::ide::token_modifier;

namespace {

using Doc = ss::test::AnalysedDocument;

void check_tokens(const ide::Snapshot& s) {
    auto tokens = ide::semantic_tokens(s);
    uint32_t last_end = 0;
    for (const auto& t : tokens) {
        CAPTURE(t.begin);
        REQUIRE(t.length > 0);
        REQUIRE(t.begin >= last_end);
        REQUIRE(uint64_t(t.begin) + t.length <= s.text.size());
        std::string_view text = s.text.substr(t.begin, t.length);
        REQUIRE(text.find('\n') == std::string_view::npos);
        REQUIRE(text.find('\r') == std::string_view::npos);
        REQUIRE(static_cast<size_t>(t.type) < ide::token_type_names().size());
        REQUIRE(t.modifiers < (1u << ide::token_modifier_names().size()));
        last_end = t.begin + t.length;
    }
}

void check_folds(const ide::Snapshot& s) {
    auto folds = ide::folding_ranges(s);
    for (size_t i = 0; i < folds.size(); ++i) {
        REQUIRE(folds[i].start_line < folds[i].end_line);
        REQUIRE(folds[i].end_line < s.lines.line_count());
        if (i > 0) REQUIRE(folds[i - 1].start_line < folds[i].start_line);
    }
}

void check_selection(const ide::Snapshot& s, uint32_t offset) {
    auto chain = ide::selection_chain(s, offset);
    auto size = static_cast<uint32_t>(s.text.size());
    if (size == 0) {
        REQUIRE(chain.empty());
        return;
    }
    REQUIRE(!chain.empty());
    uint32_t at = std::min(offset, size);
    for (size_t i = 0; i < chain.size(); ++i) {
        CAPTURE(i);
        REQUIRE(chain[i].begin < chain[i].end);
        REQUIRE(chain[i].begin <= at);
        REQUIRE(at <= chain[i].end);
        if (i > 0) {
            REQUIRE(chain[i].begin <= chain[i - 1].begin);
            REQUIRE(chain[i].end >= chain[i - 1].end);
            REQUIRE((chain[i].begin < chain[i - 1].begin || chain[i].end > chain[i - 1].end));
        }
    }
    REQUIRE(chain.back().begin == 0);
    REQUIRE(chain.back().end == size);
}

bool inside(ByteRange inner, ByteRange outer) { return outer.begin <= inner.begin && inner.end <= outer.end; }

void check_symbol(const ide::DocumentSymbol& sym, ByteRange outer) {
    REQUIRE(!sym.name.empty());
    REQUIRE(inside(sym.range, outer));
    REQUIRE(inside(sym.selection, sym.range));
    for (const auto& c : sym.children) check_symbol(c, sym.range);
}

void check_symbols(const ide::Snapshot& s) {
    ByteRange all{0, static_cast<uint32_t>(s.text.size())};
    for (const auto& sym : ide::document_symbols(s)) check_symbol(sym, all);
    for (std::string_view q : {"", "e", "xyz", "M"}) {
        auto matches = ide::workspace_symbols(s, q);
        for (size_t i = 1; i < matches.size(); ++i) REQUIRE(matches[i - 1].rank <= matches[i].rank);
        for (const auto& m : matches) REQUIRE(inside(m.selection, all));
    }
}

void check_all(const ide::Snapshot& s, std::mt19937& rng) {
    check_tokens(s);
    check_folds(s);
    check_symbols(s);
    auto size = static_cast<uint32_t>(s.text.size());
    for (int i = 0; i < 8; ++i) check_selection(s, size ? rng() % (size + 2) : 0);
    check_selection(s, 0);
    check_selection(s, size);
}

}  // namespace

// ------------------------------------------------------------ semantic tokens

TEST_CASE("ide: the token legend names every token type and modifier") {
    CHECK(ide::token_type_names().size() == static_cast<size_t>(TokenType::Dim) + 1);
    CHECK(ide::token_type_names()[static_cast<size_t>(TokenType::Dim)] == "dim");
    CHECK(ide::token_type_names()[static_cast<size_t>(TokenType::TypeParameter)] == "typeParameter");
    CHECK(ide::token_type_names()[static_cast<size_t>(TokenType::Namespace)] == "namespace");
    std::set<std::string_view> unique(ide::token_type_names().begin(), ide::token_type_names().end());
    CHECK(unique.size() == ide::token_type_names().size());
    CHECK(ide::token_modifier_names().size() == 3);
    CHECK(ide::token_modifier_names()[0] == "declaration");
    CHECK(ide::token_modifier_names()[1] == "readonly");
    CHECK(ide::token_modifier_names()[2] == "defaultLibrary");
    CHECK(mods::Declaration == 1u);
    CHECK(mods::Readonly == 2u);
    CHECK(mods::DefaultLibrary == 4u);
    // Every type and modifier the examples use is in the legend.
    std::set<size_t> used;
    for (const std::string& file : ss::test::example_files()) {
        Doc d(test::read_source_file(file));
        for (const auto& t : ide::semantic_tokens(d.snapshot())) {
            used.insert(static_cast<size_t>(t.type));
            CHECK(t.modifiers < (1u << ide::token_modifier_names().size()));
        }
    }
    for (size_t type : used) CHECK(type < ide::token_type_names().size());
    CHECK(used.size() >= 12);  // the examples use nearly all of them
}

// --------------------------------------------------------------------- folding

TEST_CASE("ide: folding ranges of items, blocks, brackets, comments and imports") {
    Doc d(
        "import python numpy\n"       // 0
        "import python torch\n"       // 1
        "\n"                          // 2
        "# one\n"                     // 3
        "# two\n"                     // 4
        "dim D = 8  # not a run\n"    // 5
        "model M:\n"                  // 6
        "    w: [D] = zeros\n"        // 7
        "fn f(x: [n D]) -> [n D]:\n"  // 8
        "    if true:\n"              // 9
        "        y = x\n"             // 10
        "    else:\n"                 // 11
        "        y = gelu(\n"         // 12
        "            x)\n"            // 13
        "    return y\n"              // 14
        "\n"                          // 15
        "    # trailing\n"            // 16
        "\n");                        // 17
    auto folds = ide::folding_ranges(d.snapshot());
    std::vector<std::string> got;
    for (const auto& f : folds)
        got.push_back(std::to_string(f.start_line) + "-" + std::to_string(f.end_line) +
                      (f.kind == ide::FoldingKind::Comment   ? " comment"
                       : f.kind == ide::FoldingKind::Imports ? " imports"
                                                             : " region"));
    std::vector<std::string> expected = {"0-1 imports", "3-4 comment",  "6-7 region",  "8-14 region",
                                         "9-10 region", "11-13 region", "12-13 region"};
    CHECK(got == expected);
}

// ------------------------------------------------------------------- selection

TEST_CASE("ide: the selection chain grows from a name to the whole text") {
    std::string text = "dim D = 8\n\nfn f(x: [n D]) -> [n D]:\n    y = x + gelu(x)\n    return y\n";
    Doc d(text);
    uint32_t at = d.at("gelu") + 2;
    auto chain = ide::selection_chain(d.snapshot(), at);
    std::vector<std::string> got;
    for (ByteRange r : chain) got.push_back(text.substr(r.begin, r.end - r.begin));
    std::vector<std::string> expected = {
        "gelu",
        "gelu(x)",
        "x + gelu(x)",
        "y = x + gelu(x)",
        "y = x + gelu(x)\n    return y",
        "fn f(x: [n D]) -> [n D]:\n    y = x + gelu(x)\n    return y",  // without the line break after it
        text,
    };
    CHECK(got == expected);
    // At the end of a name, the name before the offset.
    auto end_of_x = ide::selection_chain(d.snapshot(), d.at("x)") + 1);
    REQUIRE(end_of_x.size() > 1);
    CHECK(text.substr(end_of_x[0].begin, end_of_x[0].end - end_of_x[0].begin) == "x");
    // Between items: the whole text only.
    auto between = ide::selection_chain(d.snapshot(), d.at("\n\nfn") + 1);
    REQUIRE(between.size() == 1);
    CHECK(between[0].begin == 0);
    CHECK(between[0].end == text.size());
}

// --------------------------------------------------------------------- symbols

TEST_CASE("ide: document symbols nest fields under records and names under functions") {
    Doc d(
        "import python numpy as np\n"
        "dim D = 8\n"
        "model Mlp:\n"
        "    w: [D D] = normal(0.02)\n"
        "    b: [D]   = zeros\n"
        "data Pair:\n"
        "    a: [D]\n"
        "fn f(m: Mlp, x: [n D]) -> [n D]:\n"
        "    y = x @ m.w\n"
        "    for i in 0..2:\n"
        "        y = y + m.b\n"
        "        z = y\n"
        "    return y\n");
    auto symbols = ide::document_symbols(d.snapshot());
    REQUIRE(symbols.size() == 5);
    CHECK(symbols[0].name == "numpy");
    CHECK(symbols[0].kind == ide::SymbolKind::Module);
    CHECK(symbols[0].detail == "as np");
    CHECK(symbols[1].name == "D");
    CHECK(symbols[1].kind == ide::SymbolKind::Constant);
    CHECK(symbols[1].detail == "= 8");
    CHECK(symbols[2].name == "Mlp");
    CHECK(symbols[2].kind == ide::SymbolKind::Class);
    REQUIRE(symbols[2].children.size() == 2);
    CHECK(symbols[2].children[0].name == "w");
    CHECK(symbols[2].children[0].kind == ide::SymbolKind::Field);
    CHECK(symbols[2].children[0].detail == "[D D] = normal(0.02)");
    CHECK(symbols[3].name == "Pair");
    CHECK(symbols[3].kind == ide::SymbolKind::Struct);
    REQUIRE(symbols[3].children.size() == 1);
    const ide::DocumentSymbol& f = symbols[4];
    CHECK(f.name == "f");
    CHECK(f.kind == ide::SymbolKind::Function);
    CHECK(f.detail == "(m: Mlp, x: [n D]) -> [n D]");
    std::vector<std::string> children;
    for (const auto& c : f.children) children.push_back(c.name + ":" + std::to_string(static_cast<int>(c.kind)));
    CHECK(children == std::vector<std::string>{"m:13", "x:13", "n:26", "y:13", "i:13", "z:13"});
    CHECK(f.children[1].detail == "[n D]");
    CHECK(f.children[3].detail == "[n D]");
    std::string_view text = d.text();
    CHECK(text.substr(f.range.begin, f.range.end - f.range.begin).substr(0, 4) == "fn f");
    CHECK(text.substr(f.range.end - 8, 8) == "return y");  // without the final line break
    CHECK(text.substr(f.selection.begin, f.selection.end - f.selection.begin) == "f");
}

TEST_CASE("ide: workspace symbols match a query as a case-insensitive subsequence") {
    Doc d(
        "dim D = 8\n"
        "model Mlp:\n"
        "    mlp_w: [D] = zeros\n"
        "fn make_layer(x: [n D]) -> [n D]:\n"
        "    return x\n"
        "fn ml(x: [n D]) -> [n D]:\n"
        "    return x\n");
    auto names = [&](std::string_view q) {
        std::vector<std::string> out;
        for (const auto& m : ide::workspace_symbols(d.snapshot(), q))
            out.push_back(m.name + (m.container.empty() ? "" : "@" + m.container) + "#" + std::to_string(m.rank));
        return out;
    };
    CHECK(names("ml") == std::vector<std::string>{"ml#0", "Mlp#1", "mlp_w@Mlp#1", "make_layer#3"});
    CHECK(names("MKL") == std::vector<std::string>{"make_layer#3"});
    CHECK(names("qq").empty());
    CHECK(names("").size() == 5);
}

// ---------------------------------------------------------------- robustness

TEST_CASE("ide: every feature keeps its invariants on the examples and random edits of them") {
    const char* pieces[] = {"",
                            " ",
                            "\n",
                            "    ",
                            "(",
                            ")",
                            "[",
                            "]",
                            "x",
                            "@",
                            "+ 1",
                            "D",
                            "fn ",
                            "dim Q = 2\n",
                            "|> gelu",
                            "as [b n D]",
                            ",",
                            ":",
                            "\n    return x\n",
                            "#",
                            "# c\n",
                            "over=m",
                            "0..4",
                            "\"s\n",
                            "model M:\n    w: [D]\n",
                            "\r\n",
                            "é",
                            "\xff"};
    std::vector<std::string> files = ss::test::example_files();
    REQUIRE(files.size() >= 5);
    for (const std::string& file : files) {
        CAPTURE(file);
        std::string text = test::read_source_file(file);
        REQUIRE(!text.empty());
        Doc document(text);
        std::mt19937 rng(7);
        for (int step = 0; step < 60; ++step) {
            CAPTURE(step);
            check_all(document.snapshot(), rng);
            uint32_t size = document.size();
            uint32_t at = size ? rng() % size : 0;
            document.edit({at, at + static_cast<uint32_t>(rng() % 6), pieces[rng() % std::size(pieces)]});
        }
    }
    // Odd texts.
    std::mt19937 rng(1);
    for (std::string text :
         {std::string(), std::string("\n"), std::string("#"), std::string("fn"), std::string("fn f(\n"),
          std::string(3000, '('), std::string("dim D = ") + std::string(500, '[')}) {
        Doc d(text);
        check_all(d.snapshot(), rng);
    }
}
