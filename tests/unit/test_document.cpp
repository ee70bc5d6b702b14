// A document analysed again after edits gives exactly what a fresh analysis
// of its text gives: every diagnostic, fact and expression type, in order.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <string>

#include "check/document.hpp"
#include "syntax_test_util.hpp"

using ss::check::DocumentAnalysis;

namespace {

std::string dump(const ss::check::DocumentResult& r) {
    std::string out;
    auto range = [](ss::ByteRange x) { return std::to_string(x.begin) + "-" + std::to_string(x.end); };
    for (const auto& d : r.diagnostics) {
        out += d.code + "@" + range(d.range) + " " + d.message;
        for (const auto& rel : d.related) out += " [" + range(rel.range) + " " + rel.message + "]";
        for (const auto& fix : d.fixes) {
            out += " fix " + fix.title;
            for (const auto& e : fix.edits) out += " " + range(e.range) + "=" + e.text;
        }
        out += "\n";
    }
    for (const auto& s : r.check.symbols) {
        out += "sym " + s.name + "@" + range(s.definition) + " " + s.detail + " refs";
        for (auto ref : s.references) out += " " + range(ref);
        out += "\n";
    }
    for (const auto& e : r.check.expressions) out += "expr@" + range(e.range) + " " + e.type + "\n";
    return out;
}

}  // namespace

TEST_CASE("a document after random edits equals a fresh analysis of its text") {
    const char* pieces[] = {"", " ", "\n", "    ", "(", ")", "x", "y", "@", "+ 1", "D", "n", "fn ", "dim Q = 2\n",
                            "|> gelu", "as [b n D]", ",", ":", "\n    return x\n", "#", "over=m", "0..4", "e"};
    for (const char* example : {"examples/digits.ss", "examples/attention.ss", "examples/llama.ss",
                                "examples/patch_embedding.ss", "examples/mistakes/shapes.ss"}) {
        CAPTURE(example);
        std::string text = ss::test::read_source_file(example);
        DocumentAnalysis document(text);
        document.analyze();
        std::mt19937 rng(99);
        for (int step = 0; step < 120; ++step) {
            CAPTURE(step);
            auto size = static_cast<uint32_t>(document.text().size());
            uint32_t at = size ? rng() % size : 0;
            uint32_t length = rng() % 4;
            document.apply_edit({at, at + length, pieces[rng() % std::size(pieces)]});
            std::string incremental = dump(document.analyze());
            DocumentAnalysis fresh(document.text());
            std::string expected = dump(fresh.analyze());
            REQUIRE(incremental == expected);
        }
    }
}

TEST_CASE("an edit inside one function re-checks that function only") {
    std::string unit = "dim D = 8\n";
    for (int i = 0; i < 50; ++i)
        unit += "fn f" + std::to_string(i) + "(x: [b D]) -> [b D]:\n    return x |> gelu\n\n";
    DocumentAnalysis document(unit);
    CHECK(document.analyze().diagnostics.empty());
    auto at = static_cast<uint32_t>(unit.find("return x |> gelu", unit.size() / 2) + 8);
    document.apply_edit({at, at, "+ x "});  // `return x + x |> gelu`
    CHECK(document.analyze().diagnostics.empty());
    document.apply_edit({at, at, "@ x "});  // `return x @ x + x |> gelu`: D against b
    auto d = document.analyze().diagnostics;
    REQUIRE(d.size() == 1);
    CHECK(d[0].code == "E0411");
}

TEST_CASE("a large document (lowered on two threads) equals the same text grown by edits") {
    std::string text = "dim D = 8\n";
    for (int i = 0; text.size() < 300 * 1024; ++i)
        text += "fn f" + std::to_string(i) + "(x: [b D], w: [D D]) -> [b D]:\n    return x @ w |> gelu\n\n";
    DocumentAnalysis whole(text);
    std::string expected = dump(whole.analyze());
    DocumentAnalysis grown("");
    grown.analyze();
    for (size_t at = 0; at < text.size(); at += 32 * 1024) {
        grown.apply_edit({static_cast<uint32_t>(at), static_cast<uint32_t>(at), text.substr(at, 32 * 1024)});
        grown.analyze();
    }
    CHECK(dump(grown.analyze()) == expected);
}
