// The whole front end never crashes or throws, whatever the text: random
// edits of the examples (the kinds of half-typed code an editor sends) and
// random bytes.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <string>

#include "check/analyze.hpp"
#include "syntax_test_util.hpp"

TEST_CASE("random edits of the examples: diagnostics, never a crash") {
    const char* pieces[] = {"",   " ",  "\n",  "    ",        "(",       ")",
                            "[",  "]",  ":",   ",",           "|> f(x)", "\n    |> g",
                            "x",  "@",  "fn ", "dim Q = ",    "as [n]",  "..",
                            "->", "?k", "..s", "over=",       "einsum(", "b n ->",
                            "=",  "+",  "!",   "causal[n m]", "return",  "if x:\n        ",
                            "\t", "#",  "\"",  "é",           "0",       "-inf"};
    std::vector<std::string> examples;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(SS_SOURCE_DIR) + "/examples"))
        if (entry.path().extension() == ".ss")
            examples.push_back(ss::test::read_source_file("examples/" + entry.path().filename().string()));
    REQUIRE(!examples.empty());
    std::mt19937 rng(2026);
    for (int round = 0; round < 600; ++round) {
        std::string text = examples[rng() % examples.size()];
        int edits = 1 + static_cast<int>(rng() % 8);
        for (int e = 0; e < edits; ++e) {
            size_t at = text.empty() ? 0 : rng() % text.size();
            size_t length = std::min<size_t>(rng() % 12, text.size() - at);
            text.replace(at, length, pieces[rng() % std::size(pieces)]);
        }
        CAPTURE(text);
        std::vector<ss::Diagnostic> d;
        REQUIRE_NOTHROW(d = ss::check::check_text(text));
        for (const auto& diagnostic : d) {
            REQUIRE(diagnostic.range.begin <= diagnostic.range.end);
            REQUIRE(diagnostic.range.end <= text.size() + 1);
            REQUIRE(!diagnostic.message.empty());
            // Related locations are in this text too (never the prelude's).
            for (const auto& related : diagnostic.related) {
                REQUIRE(related.range.begin <= related.range.end);
                REQUIRE(related.range.end <= text.size());
            }
        }
    }
}

TEST_CASE("random bytes: diagnostics, never a crash") {
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        std::string text;
        size_t size = rng() % 4000;
        for (size_t i = 0; i < size; ++i) text.push_back(static_cast<char>(rng() % 256));
        REQUIRE_NOTHROW(ss::check::check_text(text));
    }
}
