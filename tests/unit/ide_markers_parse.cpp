// Reading a marker fixture: documents, marker lines and their words
// (format: tests/README.md, "Editor feature fixtures").
#include <algorithm>
#include <cctype>
#include <utility>

#include "ide_markers.hpp"

namespace ss::test::markers {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool is_key_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `#---` (three dashes or more) starts a new document.
bool is_separator(std::string_view line) { return line.rfind("#---", 0) == 0; }

// A marker line is `#`, blanks, `^` (pointing at the column of the `^`),
// or `#<` (pointing at column 0, where a `^` can't be). Returns the column
// and where the rest of the marker starts, or npos.
std::pair<size_t, size_t> pointer(std::string_view line) {
    constexpr auto none = std::pair{std::string_view::npos, std::string_view::npos};
    size_t i = 0;
    while (i < line.size() && is_blank(line[i])) ++i;
    if (i >= line.size() || line[i] != '#') return none;
    if (i + 1 < line.size() && line[i + 1] == '<') return {0, i + 2};
    ++i;
    while (i < line.size() && is_blank(line[i])) ++i;
    return i < line.size() && line[i] == '^' ? std::pair{i, i + 1} : none;
}

// A quoted string at `at` (on the opening quote); `\"` and `\\` escape.
bool read_quoted(std::string_view s, size_t& at, std::string& out) {
    for (++at; at < s.size(); ++at) {
        if (s[at] == '"') {
            ++at;
            return true;
        }
        if (s[at] == '\\' && at + 1 < s.size()) ++at;
        out += s[at];
    }
    return false;
}

bool read_args(std::string_view s, std::vector<Arg>& args, std::string& error) {
    size_t at = 0;
    while (true) {
        while (at < s.size() && is_blank(s[at])) ++at;
        if (at >= s.size()) return true;
        Arg arg;
        if (s[at] == '"') {
            arg.quoted = true;
            if (!read_quoted(s, at, arg.value)) return error = "a string without its closing quote", false;
        } else {
            size_t end = at;
            while (end < s.size() && !is_blank(s[end])) ++end;
            std::string_view word = s.substr(at, end - at);
            size_t key_end = 0;
            while (key_end < word.size() && is_key_char(word[key_end])) ++key_end;
            bool attribute =
                key_end > 0 && key_end + 1 < word.size() &&
                (word[key_end] == '=' || ((word[key_end] == '~' || word[key_end] == '^') && word[key_end + 1] == '"'));
            if (attribute) {
                arg.key = std::string(word.substr(0, key_end));
                arg.op = word[key_end];
                at += key_end + 1;
                if (s[at] == '"') {
                    arg.quoted = true;
                    if (!read_quoted(s, at, arg.value)) return error = "a string without its closing quote", false;
                } else {
                    arg.value = std::string(word.substr(key_end + 1));
                    at = end;
                }
            } else {
                arg.value = std::string(word);
                at = end;
            }
        }
        if (at < s.size() && !is_blank(s[at])) return error = "a word glued to the string before it", false;
        args.push_back(std::move(arg));
    }
}

struct Builder {
    Fixture fixture;
    Document doc;
    std::string last_line;    // the last code line, as written (with its `$`s)
    uint32_t last_begin = 0;  // where it starts in doc.text
    bool has_code_line = false;

    void finish() {
        fixture.documents.push_back(std::move(doc));
        doc = Document{};
        has_code_line = false;
    }

    void code_line(std::string_view line, int number, bool has_break) {
        last_line = std::string(line);
        last_begin = static_cast<uint32_t>(doc.text.size());
        has_code_line = true;
        for (char c : line)
            if (c != '$') doc.text += c;
        if (has_break) doc.text += '\n';
        doc.file_line.push_back(number);
    }

    void marker_line(std::string_view line, size_t caret, size_t rest_begin, int number) {
        auto fail = [&](std::string message) { fixture.errors.push_back({number, std::move(message)}); };
        if (!has_code_line) return fail("a marker with no line above it to point into");
        if (caret > last_line.size()) return fail("the `^` is past the end of the line above");
        auto dollars = static_cast<uint32_t>(std::count(last_line.begin(), last_line.begin() + caret, '$'));
        Marker m;
        m.line = number;
        m.offset = last_begin + static_cast<uint32_t>(caret) - dollars;
        std::string_view rest = line.substr(rest_begin);
        while (!rest.empty() && is_blank(rest.back())) rest.remove_suffix(1);
        m.written = std::string(line.substr(rest_begin - 1, rest.size() + 1));
        if (!rest.empty() && rest[0] == '@') {
            size_t end = 1;
            while (end < rest.size() && is_key_char(rest[end])) ++end;
            std::string label(rest.substr(1, end - 1));
            if (label.empty()) return fail("`@` without a name");
            if (!doc.labels.emplace(label, m.offset).second) return fail("@" + label + " is named twice");
            rest.remove_prefix(end);
        }
        while (!rest.empty() && is_blank(rest.front())) rest.remove_prefix(1);
        size_t kind_end = 0;
        while (kind_end < rest.size() && !is_blank(rest[kind_end])) ++kind_end;
        m.kind = std::string(rest.substr(0, kind_end));
        std::string error;
        if (!read_args(rest.substr(kind_end), m.args, error)) return fail(error);
        if (!m.kind.empty()) doc.markers.push_back(std::move(m));
    }
};

}  // namespace

Fixture parse_fixture(std::string_view content) {
    Builder b;
    int number = 0;
    size_t at = 0;
    while (at < content.size()) {
        ++number;
        size_t end = content.find('\n', at);
        bool has_break = end != std::string_view::npos;
        if (!has_break) end = content.size();
        std::string_view line = content.substr(at, end - at);
        at = has_break ? end + 1 : end;
        if (is_separator(line)) {
            b.finish();
        } else if (auto [column, rest] = pointer(line); column != std::string_view::npos) {
            b.marker_line(line, column, rest, number);
        } else {
            b.code_line(line, number, has_break);
        }
    }
    b.finish();
    return std::move(b.fixture);
}

}  // namespace ss::test::markers
