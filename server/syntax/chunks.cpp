#include "syntax/chunks.hpp"

namespace ss::syntax {

namespace {

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

// Reads `word` at `at` followed by a non-name character; moves `at` past
// it and the spaces after it.
bool word(std::string_view text, size_t& at, std::string_view w) {
    if (text.substr(at, w.size()) != w) return false;
    size_t end = at + w.size();
    if (end < text.size() && is_name_char(text[end])) return false;
    at = end;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    return true;
}

// Reads a name and the spaces after it.
bool name(std::string_view text, size_t& at) {
    size_t start = at;
    while (at < text.size() && is_name_char(text[at])) ++at;
    if (at == start) return false;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    return true;
}

bool punct(std::string_view text, size_t at, char c) { return at < text.size() && text[at] == c; }

}  // namespace

bool starts_with_item_head(std::string_view text, uint32_t line_start) {
    size_t at = line_start;
    if (word(text, at, "export") || word(text, at, "extern")) return word(text, at, "fn");
    if (word(text, at, "fn")) return name(text, at) && punct(text, at, '(');
    if (word(text, at, "model") || word(text, at, "data")) return name(text, at) && punct(text, at, ':');
    if (word(text, at, "dim")) return name(text, at) && punct(text, at, '=');
    if (word(text, at, "import") || word(text, at, "from")) return name(text, at);
    if (word(text, at, "devices")) return at < text.size() && is_name_char(text[at]);
    return false;
}

std::vector<std::pair<uint32_t, uint32_t>> overlong_lines(std::string_view text) {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        if (end - start > kMaxLineBytes) {
            size_t first = text.find_first_not_of(" \t", start);
            if (first >= end || text[first] != '#')
                out.emplace_back(static_cast<uint32_t>(start), static_cast<uint32_t>(end));
        }
        start = end + 1;
    }
    return out;
}

bool starts_at_column_zero(std::string_view text, uint32_t line_start) {
    if (line_start >= text.size()) return false;
    char c = text[line_start];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '#') return false;
    if (c == '|' && line_start + 1 < text.size() && text[line_start + 1] == '>') return false;
    return true;
}

}  // namespace ss::syntax
