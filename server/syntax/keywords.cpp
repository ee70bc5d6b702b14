#include "syntax/keywords.hpp"

#include <unordered_set>

namespace ss::syntax {

bool is_keyword(std::string_view word) {
    static const std::unordered_set<std::string_view> words = [] {
        std::unordered_set<std::string_view> out;
        for (const Keyword& k : kKeywords) out.insert(k.text);
        return out;
    }();
    return words.count(word) > 0;
}

std::optional<PatternFunction> pattern_function(std::string_view name) {
    for (size_t i = 0; i < kPatternFunctions.size(); ++i)
        if (kPatternFunctions[i] == name) return static_cast<PatternFunction>(i);
    return std::nullopt;
}

}  // namespace ss::syntax
