// The language's words, in one place: the keywords the grammar reserves and
// the pattern functions (grammar/grammar.js, PATTERN_FUNCTIONS), for the
// layers above that read words without a tree (completion's lexer, renaming,
// semantic tokens, the pattern rules of the checker and code generator).
// tests/unit/test_keywords.cpp checks both lists against the grammar.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace ss::syntax {

// Where a keyword is written: what completion offers where.
enum class KeywordRole {
    Item,       // starts a top-level item: `fn`, `model`, ...
    Statement,  // starts a statement in a body: `return`, `if`, ...
    Value,      // a literal: `true`, `false`, `inf`
    Prefix,     // starts another expression: `not x`, `causal[n m]`
    Infix,      // follows an operand: `x as T`, `a and b`
    Other,      // `import python`, `for x in`, `Prob over A`, `mut m`
};

struct Keyword {
    std::string_view text;
    KeywordRole role;
};

inline constexpr std::array<Keyword, 26> kKeywords = {{
    {"fn", KeywordRole::Item},       {"export", KeywordRole::Item},    {"extern", KeywordRole::Item},
    {"import", KeywordRole::Item},   {"dim", KeywordRole::Item},       {"devices", KeywordRole::Item},
    {"model", KeywordRole::Item},    {"data", KeywordRole::Item},      {"return", KeywordRole::Statement},
    {"if", KeywordRole::Statement},  {"elif", KeywordRole::Statement}, {"else", KeywordRole::Statement},
    {"for", KeywordRole::Statement}, {"true", KeywordRole::Value},     {"false", KeywordRole::Value},
    {"inf", KeywordRole::Value},     {"not", KeywordRole::Prefix},     {"causal", KeywordRole::Prefix},
    {"as", KeywordRole::Infix},      {"and", KeywordRole::Infix},      {"or", KeywordRole::Infix},
    {"python", KeywordRole::Other},  {"in", KeywordRole::Other},       {"over", KeywordRole::Other},
    {"mut", KeywordRole::Other},     {"from", KeywordRole::Item},
}};

// Whether `word` is one of kKeywords.
bool is_keyword(std::string_view word);

// The einops-style functions whose argument list holds a pattern:
// `x |> rearrange(b n -> n b)`. Syntax, not built-ins.
enum class PatternFunction { Rearrange, Split, Repeat, Reduce, Einsum };

// Their names, in the order of PatternFunction.
inline constexpr std::array<std::string_view, 5> kPatternFunctions = {"rearrange", "split", "repeat", "reduce",
                                                                      "einsum"};

inline std::string_view name_of(PatternFunction f) { return kPatternFunctions[static_cast<size_t>(f)]; }

// The pattern function named `name`, if it is one.
std::optional<PatternFunction> pattern_function(std::string_view name);

// What `reduce` reduces with, after its pattern: `reduce(b n -> b, mean)`.
inline constexpr std::array<std::string_view, 5> kReducers = {"mean", "sum", "max", "min", "prod"};

}  // namespace ss::syntax
