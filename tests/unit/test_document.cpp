// A document analysed again after edits, and after checks stopped half-way,
// gives exactly what a fresh analysis of its text gives: every diagnostic, fact (what each use resolves to),
// expression type (its structure and size symbols), call site, effect and
// analysis fact (steps), in order.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <string>

#include "analysis/analysis.hpp"
#include "analysis/words.hpp"
#include "check/document.hpp"
#include "check/file_checker.hpp"
#include "document_dump.hpp"
#include "syntax_test_util.hpp"

using ss::check::DocumentAnalysis;
using ss::test::dump;

namespace {

// The analyses' results (server/analysis): diagnostics and facts.
std::string dump(const ss::analysis::Result& r) {
    std::string out;
    auto range = [](ss::ByteRange x) { return std::to_string(x.begin) + "-" + std::to_string(x.end); };
    for (const auto& d : r.diagnostics) out += d.code + "@" + range(d.range) + " " + d.message + "\n";
    for (const auto& f : r.facts)
        out += std::string(ss::analysis::pass_name(ss::analysis::fact_pass(f.kind))) + " " + f.function + " " +
               std::string(ss::analysis::fact_kind_name(f.kind)) + "@" + range(f.range) + " " +
               ss::analysis::fact_detail(f) + "\n";
    return out;
}

}  // namespace

TEST_CASE("a document after random edits equals a fresh analysis of its text") {
    const char* pieces[] = {"",
                            " ",
                            "\n",
                            "    ",
                            "(",
                            ")",
                            "x",
                            "y",
                            "@",
                            "+ 1",
                            "D",
                            "n",
                            "fn ",
                            "dim Q = 2\n",
                            "|> gelu",
                            "as [b n D]",
                            ",",
                            ":",
                            "\n    return x\n",
                            "#",
                            "over=m",
                            "0..4",
                            "e",
                            "[0..2]",
                            " as [k]",
                            "|> rearrange(b n D -> n b D)"};
    for (const char* example : {"examples/digits.ss", "examples/attention.ss", "examples/llama.ss",
                                "examples/patch_embedding.ss", "examples/mistakes/shapes.ss"}) {
        CAPTURE(example);
        // A last function whose facts name size symbols of its own: an edit
        // that changes how many an earlier body makes moves them.
        std::string text =
            ss::test::read_source_file(example) + "\nfn probe(x: [n m]) -> [n m]:\n    y = x as [p q]\n    return x\n";
        DocumentAnalysis document(text);
        ss::analysis::Analyzer analyses;  // kept across edits, as a document's are
        analyses.run(document.analyze().check);
        std::mt19937 rng(99);
        int stopped = 0;
        for (int step = 0; step < 120; ++step) {
            CAPTURE(step);
            auto size = static_cast<uint32_t>(document.text().size());
            uint32_t at = size ? rng() % size : 0;
            uint32_t length = rng() % 4;
            document.apply_edit({at, at + length, pieces[rng() % std::size(pieces)]});
            // A check the next edit stops (as the language server's are)
            // after a few bodies must leave the cache as it was: at times
            // the same text is then analysed again, at times edited first.
            if (step % 3 != 2) {
                int bodies = static_cast<int>(rng() % 6);
                stopped += document.analyze([&bodies] { return bodies-- <= 0; }) == nullptr;
                if (step % 3 == 1) continue;
            }
            const auto& edited = document.analyze();
            std::string incremental = dump(edited) + dump(analyses.run(edited.check));
            DocumentAnalysis fresh(document.text());
            const auto& fresh_result = fresh.analyze();
            std::string expected = dump(fresh_result) + dump(ss::analysis::analyze(fresh_result.check));
            REQUIRE(incremental == expected);
        }
        CHECK(stopped > 20);  // of 80 tries: stops happen, and replays are undone
    }
}

TEST_CASE("an edit inside one function re-checks that function only") {
    std::string unit = "dim D = 8\n";
    for (int i = 0; i < 50; ++i) unit += "fn f" + std::to_string(i) + "(x: [b D]) -> [b D]:\n    return x |> gelu\n\n";
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

TEST_CASE("an argument by position after one by name stays where it is when an edit moves it") {
    // E0012 is the lowering's, kept with the chunk's AST: an edit above
    // moves the chunk, and the diagnostic with it.
    std::string text = "fn f(a: int, b: int = 1) -> int:\n    return a\n\nfn g() -> int:\n    return f(b=2, 1)\n";
    DocumentAnalysis document(text);
    auto e0012 = [&]() -> uint32_t {
        for (const auto& d : document.analyze().diagnostics)
            if (d.code == "E0012") return d.range.begin;
        return 0;
    };
    CHECK(e0012() == text.rfind("1)"));
    document.apply_edit({0, 0, "dim D = 4\n\n"});
    text.insert(0, "dim D = 4\n\n");
    CHECK(e0012() == text.rfind("1)"));
}

TEST_CASE("a body's edit that makes a fn give a value re-checks its callers") {
    // Whether a fn without a return type gives None is read from its body,
    // and its callers' E0511 depend on it: the body cache must not replay them.
    std::string text = "fn g(x: [n]):\n    print(x)\n\nfn f(x: [n]) -> [n]:\n    y = g(x)\n    return x\n";
    DocumentAnalysis document(text);
    auto codes = [&] {
        std::vector<std::string> out;
        for (const auto& d : document.analyze().diagnostics) out.push_back(d.code);
        return out;
    };
    CHECK(codes() == std::vector<std::string>{"E0511"});
    auto at = static_cast<uint32_t>(text.find("    print(x)") + 12);
    document.apply_edit({at, at, "\n    return x"});
    CHECK(codes().empty());
    document.apply_edit({at, at + 13, ""});
    CHECK(codes() == std::vector<std::string>{"E0511"});
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

TEST_CASE("edits that move many chunks (shifted on two threads) equal a fresh analysis") {
    std::string text = "dim D = 8\n";
    for (int i = 0; i < 600; ++i)
        text += "fn f" + std::to_string(i) + "(x: [b D]) -> [b D]:\n    y = x |> gelu\n    return y\n\n";
    DocumentAnalysis document(text);
    document.analyze();
    // Near the start, so every chunk after it moves; one that makes a
    // diagnostic, one that removes it, one that adds a line.
    auto at = static_cast<uint32_t>(text.find("return y") + 7);
    for (const char* insert : {"z", "", "\n    "}) {
        if (*insert) document.apply_edit({at, at, insert});
        else document.apply_edit({at, at + 1, ""});
        std::string now = document.text();
        DocumentAnalysis fresh(now);
        REQUIRE(dump(document.analyze()) == dump(fresh.analyze()));
    }
}

TEST_CASE("bodies checked on a helper thread equal those checked on one, after edits and stops") {
    // Threshold 0: every analysis that checks all bodies afresh (a fresh
    // environment) checks the later half on the helper.
    std::vector<std::string> sources = ss::test::example_files();
    for (const std::string& file : ss::test::ss_files_under("tests/check/corpus")) sources.push_back(file);
    const char* pieces[] = {" ", "\n", "x", "@", "+ 1", "D", "fn ", "dim Q = 2\n", "|> gelu", "as [b n D]", ":", "#"};
    std::mt19937 rng(7);
    size_t from_helper = 0;
    for (const std::string& file : sources) {
        CAPTURE(file);
        std::string text = ss::test::read_source_file(file);
        DocumentAnalysis two(text), one(text);
        two.set_body_helper_threshold(0);
        one.set_body_helper_threshold(SIZE_MAX);
        for (int step = 0; step < 6; ++step) {
            CAPTURE(step);
            // A stopped check first, at times: the helper is told to stop too.
            if (step % 2) {
                int bodies = static_cast<int>(rng() % 4);
                two.analyze([&bodies] { return bodies-- <= 0; });
            }
            std::string helped = dump(two.analyze());
            from_helper += two.helper_bodies();
            REQUIRE(helped == dump(one.analyze()));
            CHECK(one.helper_bodies() == 0);
            auto size = static_cast<uint32_t>(two.text().size());
            uint32_t at = size ? rng() % size : 0;
            ss::syntax::TextEdit edit{at, at + rng() % 3, pieces[rng() % std::size(pieces)]};
            two.apply_edit(edit);
            one.apply_edit(edit);
        }
    }
    CHECK(from_helper > sources.size());  // the helper was used, on most files
}

TEST_CASE("a large document's bodies go to the helper by default, with the result of one thread") {
    std::string text = "dim D = 8\n";
    for (int i = 0; text.size() < 2 * ss::check::FileChecker::kHelperThreshold; ++i)
        text += "fn f" + std::to_string(i) + "(x: [b D], w: [D D]) -> [b D]:\n    y = x @ w as [b k]\n    return y\n\n";
    DocumentAnalysis two(text), one(text);
    one.set_body_helper_threshold(SIZE_MAX);
    std::string helped = dump(two.analyze());
    CHECK(two.helper_bodies() > 100);
    CHECK(helped == dump(one.analyze()));
}

TEST_CASE("a replayed body's inferred type keeps its own sizes through edits before it") {
    // `g` has no declared result: its inferred one names sizes its body
    // makes, which move each time `a`'s body makes one more or one fewer.
    std::string text =
        "fn a(x: [n]) -> [n]:\n    y = x as [p]\n    return x\n\n"
        "fn g(x: [n m]):\n    y = x as [p q]\n    return y\n";
    DocumentAnalysis document(text);
    document.analyze();
    auto at = static_cast<uint32_t>(text.find("    return x"));
    for (const char* insert : {"    z = x as [r]\n", "    w = x as [s]\n", "    v = x as [t]\n"}) {
        document.apply_edit({at, at, insert});
        std::string incremental = dump(document.analyze());
        DocumentAnalysis fresh(document.text());
        REQUIRE(incremental == dump(fresh.analyze()));
    }
}
