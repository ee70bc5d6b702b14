// syntax/keywords.hpp against the grammar: its keywords are the words the
// grammar reserves, its pattern functions grammar.js's PATTERN_FUNCTIONS.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "syntax/keywords.hpp"
#include "syntax/syntax_tree.hpp"
#include "syntax_test_util.hpp"

namespace {

bool is_word(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
}

}  // namespace

TEST_CASE("syntax: the keywords are the grammar's words") {
    const TSLanguage* language = tree_sitter_shapescript();
    std::set<std::string> table;
    for (const ss::syntax::Keyword& k : ss::syntax::kKeywords) table.insert(std::string(k.text));
    CHECK(table.size() == ss::syntax::kKeywords.size());  // no word twice

    // Every word token of the grammar is a keyword.
    std::set<std::string> grammar;
    for (TSSymbol s = 0; s < ts_language_symbol_count(language); ++s) {
        const char* name = ts_language_symbol_name(language, s);
        if (ts_language_symbol_type(language, s) == TSSymbolTypeAnonymous && name && is_word(name))
            grammar.insert(name);
    }
    CHECK(grammar.size() > 15);
    for (const std::string& word : grammar) {
        CAPTURE(word);
        CHECK(table.count(word) == 1);
        CHECK(ss::syntax::is_keyword(word));
    }
    // Every keyword is a token of the grammar, or a node of its own (`true`).
    for (const std::string& word : table) {
        CAPTURE(word);
        auto length = static_cast<uint32_t>(word.size());
        bool token = ts_language_symbol_for_name(language, word.c_str(), length, false) != 0;
        bool node = ts_language_symbol_for_name(language, word.c_str(), length, true) != 0;
        CHECK((token || node));
    }
    CHECK_FALSE(ss::syntax::is_keyword("rearrange"));
    CHECK_FALSE(ss::syntax::is_keyword("softmax"));
}

TEST_CASE("syntax: the pattern functions are grammar.js's") {
    std::string grammar = ss::test::read_source_file("grammar/grammar.js");
    std::string listed = "const PATTERN_FUNCTIONS = [";
    for (size_t i = 0; i < ss::syntax::kPatternFunctions.size(); ++i)
        listed += (i ? ", '" : "'") + std::string(ss::syntax::kPatternFunctions[i]) + "'";
    listed += "];";
    CHECK(grammar.find(listed) != std::string::npos);
    for (size_t i = 0; i < ss::syntax::kPatternFunctions.size(); ++i) {
        auto f = static_cast<ss::syntax::PatternFunction>(i);
        CHECK(ss::syntax::pattern_function(ss::syntax::name_of(f)) == f);
    }
    CHECK_FALSE(ss::syntax::pattern_function("softmax"));
}
