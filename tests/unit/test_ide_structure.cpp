// The editor features that show a document's structure (server/ide/):
// semantic tokens, folding ranges, selection ranges, document and workspace
// symbols. Concrete answers on small programs, then invariants over every
// example and random edits of them.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "check/document.hpp"
#include "ide/folding.hpp"
#include "ide/selection.hpp"
#include "ide/semantic_tokens.hpp"
#include "ide/symbols.hpp"
#include "syntax_test_util.hpp"

using namespace ss;
using ide::TokenType;
namespace mods = ss::ide::token_modifier;

namespace {

// A document analysed once, with its snapshot.
struct Doc {
    check::DocumentAnalysis analysis;
    const check::DocumentResult* result;
    LineIndex lines;
    ide::Snapshot snapshot;

    explicit Doc(std::string text)
        : analysis(std::move(text)),
          result(&analysis.analyze()),
          lines(analysis.text()),
          snapshot{analysis.text(), lines, *result, analysis.tree()} {}

    // Byte offset of the `nth` occurrence (0-based) of `needle`.
    uint32_t at(std::string_view needle, int nth = 0) const {
        size_t pos = analysis.text().find(needle);
        for (int i = 0; i < nth && pos != std::string::npos; ++i) pos = analysis.text().find(needle, pos + 1);
        REQUIRE(pos != std::string::npos);
        return static_cast<uint32_t>(pos);
    }
};

const ide::SemanticToken* token_at(const std::vector<ide::SemanticToken>& tokens, uint32_t offset) {
    for (const auto& t : tokens)
        if (t.begin == offset) return &t;
    return nullptr;
}

std::string describe(const Doc& d, const std::vector<ide::SemanticToken>& tokens, std::string_view needle,
                     int nth = 0) {
    const ide::SemanticToken* t = token_at(tokens, d.at(needle, nth));
    if (!t) return "none";
    std::string out(ide::token_type_names()[static_cast<size_t>(t->type)]);
    for (size_t i = 0; i < ide::token_modifier_names().size(); ++i)
        if (t->modifiers & (1u << i)) out += "+" + std::string(ide::token_modifier_names()[i]);
    out += " " + std::to_string(t->length);
    return out;
}

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

TEST_CASE("ide: semantic tokens tell dims, generic axes, functions and parameters apart") {
    Doc d("dim D = 64\nfn f(x: [b D]) -> [b D]:\n    return x\n");
    auto tokens = ide::semantic_tokens(d.snapshot);
    CHECK(describe(d, tokens, "dim") == "keyword 3");
    CHECK(describe(d, tokens, "D", 0) == "dim+declaration+readonly 1");
    CHECK(describe(d, tokens, "=") == "operator 1");
    CHECK(describe(d, tokens, "64") == "number 2");
    CHECK(describe(d, tokens, "fn") == "keyword 2");
    CHECK(describe(d, tokens, "f(") == "function+declaration 1");
    CHECK(describe(d, tokens, "x:") == "parameter+declaration 1");
    CHECK(describe(d, tokens, "b D]", 0) == "typeParameter+declaration 1");
    CHECK(describe(d, tokens, "D]", 0) == "dim+readonly 1");
    CHECK(describe(d, tokens, "->") == "operator 2");
    CHECK(describe(d, tokens, "b D]", 1) == "typeParameter 1");
    CHECK(describe(d, tokens, "D]", 1) == "dim+readonly 1");
    CHECK(describe(d, tokens, "return") == "keyword 6");
    CHECK(describe(d, tokens, "x\n") == "parameter 1");
    // A keyword that error recovery made an identifier is still a keyword.
    Doc broken("fn g(x: [n]) -> [n]:\n    y = x +\n    return y\n");
    auto broken_tokens = ide::semantic_tokens(broken.snapshot);
    CHECK(describe(broken, broken_tokens, "return") == "keyword 6");
    // Where no keyword fits, a keyword's word may be a name.
    Doc names("fn g(data: [n]) -> [n]:\n    return data\n");
    auto name_tokens = ide::semantic_tokens(names.snapshot);
    CHECK(describe(names, name_tokens, "data:") == "parameter+declaration 4");
    CHECK(describe(names, name_tokens, "data\n") == "parameter 4");
    // Punctuation has no token.
    CHECK(token_at(tokens, d.at("(")) == nullptr);
    CHECK(token_at(tokens, d.at(":")) == nullptr);
}

TEST_CASE("ide: semantic tokens of models, fields, Python names, locals and built-ins") {
    Doc d(
        "import python numpy as np\n"
        "extern fn tanh2(x: [..s]) -> [..s] = torch.nn.functional.tanh\n"
        "dim H = 4\n"
        "# a model\n"
        "model Mlp:\n"
        "    w: [H H] = normal(0.02)\n"
        "data Pair:\n"
        "    a: [H] Index[H]\n"
        "fn g(m: Mlp, x: [b H]) -> [b H]:\n"
        "    h = x @ m.w |> gelu\n"
        "    for i in 0..4:\n"
        "        h = h + 1.5\n"
        "    print(\"done\")\n"
        "    return h |> softmax(over=H)\n"
        "fn p(x: [16gh]) -> [gh 16]:\n"
        "    return rearrange(x, (gh g2) -> gh g2, g2=16)\n");
    auto tokens = ide::semantic_tokens(d.snapshot);
    CHECK(describe(d, tokens, "import") == "keyword 6");
    CHECK(describe(d, tokens, "python") == "keyword 6");
    CHECK(describe(d, tokens, "numpy") == "namespace 5");
    CHECK(describe(d, tokens, "np") == "namespace+declaration 2");
    CHECK(describe(d, tokens, "tanh2") == "function+declaration 5");
    CHECK(describe(d, tokens, "s]", 0) == "typeParameter 1");
    CHECK(describe(d, tokens, "torch") == "namespace 5");
    CHECK(describe(d, tokens, "nn") == "namespace 2");
    CHECK(describe(d, tokens, "functional") == "namespace 10");
    CHECK(describe(d, tokens, "tanh\n") == "function 4");
    CHECK(describe(d, tokens, "# a model") == "comment 9");
    CHECK(describe(d, tokens, "model Mlp") == "keyword 5");
    CHECK(describe(d, tokens, "Mlp") == "type+declaration 3");
    CHECK(describe(d, tokens, "w:") == "property+declaration 1");
    CHECK(describe(d, tokens, "normal") == "function+defaultLibrary 6");
    CHECK(describe(d, tokens, "0.02") == "number 4");
    CHECK(describe(d, tokens, "Pair") == "type+declaration 4");
    CHECK(describe(d, tokens, "Index") == "type+defaultLibrary 5");
    CHECK(describe(d, tokens, "Mlp", 1) == "type 3");
    CHECK(describe(d, tokens, "h =") == "variable+declaration 1");
    CHECK(describe(d, tokens, "x @") == "parameter 1");
    CHECK(describe(d, tokens, "@") == "operator 1");
    CHECK(describe(d, tokens, "m.w") == "parameter 1");
    CHECK(describe(d, tokens, "w |>") == "property 1");
    CHECK(describe(d, tokens, "|>") == "operator 2");
    CHECK(describe(d, tokens, "gelu") == "function+defaultLibrary 4");
    CHECK(describe(d, tokens, "i in") == "variable+declaration 1");
    CHECK(describe(d, tokens, "..4") == "operator 2");
    CHECK(describe(d, tokens, "h + 1.5") == "variable 1");
    CHECK(describe(d, tokens, "print") == "function+defaultLibrary 5");
    CHECK(describe(d, tokens, "\"done\"") == "string 6");
    CHECK(describe(d, tokens, "over") == "parameter 4");
    CHECK(describe(d, tokens, "H)\n") == "dim+readonly 1");
    // `16gh`: the coefficient is a number, the name an axis.
    CHECK(describe(d, tokens, "16gh") == "number 2");
    CHECK(describe(d, tokens, "gh]") == "typeParameter+declaration 2");
    CHECK(describe(d, tokens, "rearrange") == "function+defaultLibrary 9");
    CHECK(describe(d, tokens, "g2=") == "typeParameter 2");
}

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
        for (const auto& t : ide::semantic_tokens(d.snapshot)) {
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
        "import python numpy\n"          // 0
        "import python torch\n"          // 1
        "\n"                             // 2
        "# one\n"                        // 3
        "# two\n"                        // 4
        "dim D = 8  # not a run\n"       // 5
        "model M:\n"                     // 6
        "    w: [D] = zeros\n"           // 7
        "fn f(x: [n D]) -> [n D]:\n"     // 8
        "    if true:\n"                 // 9
        "        y = x\n"                // 10
        "    else:\n"                    // 11
        "        y = gelu(\n"            // 12
        "            x)\n"               // 13
        "    return y\n"                 // 14
        "\n"                             // 15
        "    # trailing\n"               // 16
        "\n");                           // 17
    auto folds = ide::folding_ranges(d.snapshot);
    std::vector<std::string> got;
    for (const auto& f : folds)
        got.push_back(std::to_string(f.start_line) + "-" + std::to_string(f.end_line) +
                      (f.kind == ide::FoldingKind::Comment   ? " comment"
                       : f.kind == ide::FoldingKind::Imports ? " imports"
                                                             : " region"));
    std::vector<std::string> expected = {"0-1 imports", "3-4 comment", "6-7 region", "8-14 region",
                                         "9-10 region", "11-13 region", "12-13 region"};
    CHECK(got == expected);
}

// ------------------------------------------------------------------- selection

TEST_CASE("ide: the selection chain grows from a name to the whole text") {
    std::string text = "dim D = 8\n\nfn f(x: [n D]) -> [n D]:\n    y = x + gelu(x)\n    return y\n";
    Doc d(text);
    uint32_t at = d.at("gelu") + 2;
    auto chain = ide::selection_chain(d.snapshot, at);
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
    auto end_of_x = ide::selection_chain(d.snapshot, d.at("x)") + 1);
    REQUIRE(end_of_x.size() > 1);
    CHECK(text.substr(end_of_x[0].begin, end_of_x[0].end - end_of_x[0].begin) == "x");
    // Between items: the whole text only.
    auto between = ide::selection_chain(d.snapshot, d.at("\n\nfn") + 1);
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
    auto symbols = ide::document_symbols(d.snapshot);
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
    std::string_view text = d.analysis.text();
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
        for (const auto& m : ide::workspace_symbols(d.snapshot, q))
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
    const char* pieces[] = {"", " ", "\n", "    ", "(", ")", "[", "]", "x", "@", "+ 1", "D", "fn ", "dim Q = 2\n",
                            "|> gelu", "as [b n D]", ",", ":", "\n    return x\n", "#", "# c\n", "over=m", "0..4",
                            "\"s\n", "model M:\n    w: [D]\n", "\r\n", "é", "\xff"};
    std::vector<std::string> files = ss::test::example_files();
    REQUIRE(files.size() >= 5);
    for (const std::string& file : files) {
        CAPTURE(file);
        std::string text = test::read_source_file(file);
        REQUIRE(!text.empty());
        check::DocumentAnalysis document(text);
        std::mt19937 rng(7);
        for (int step = 0; step < 60; ++step) {
            CAPTURE(step);
            const check::DocumentResult& result = document.analyze();
            LineIndex lines(document.text());
            ide::Snapshot s{document.text(), lines, result, document.tree()};
            check_all(s, rng);
            auto size = static_cast<uint32_t>(document.text().size());
            uint32_t at = size ? rng() % size : 0;
            document.apply_edit({at, at + static_cast<uint32_t>(rng() % 6), pieces[rng() % std::size(pieces)]});
        }
    }
    // Odd texts.
    std::mt19937 rng(1);
    for (std::string text : {std::string(), std::string("\n"), std::string("#"), std::string("fn"),
                             std::string("fn f(\n"), std::string(3000, '('), std::string("dim D = ") + std::string(500, '[')}) {
        Doc d(text);
        check_all(d.snapshot, rng);
    }
}
