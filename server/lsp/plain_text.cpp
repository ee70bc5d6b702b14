#include "lsp/plain_text.hpp"

#include <map>
#include <vector>

namespace ss::lsp {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }
bool is_ascii_punctuation(char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

// ------------------------------------------------------------- Markdown

// One line outside code fences, inline marks made plain.
std::string inline_plain(std::string_view line) {
    std::string out;
    size_t i = 0;
    while (i < line.size()) {
        char c = line[i];
        if (c == '\\' && i + 1 < line.size() && is_ascii_punctuation(line[i + 1])) {
            out += line[i + 1];
            i += 2;
        } else if (c == '`') {
            // A code span: a run of n backticks up to the next run of exactly n.
            size_t run = line.find_first_not_of('`', i);
            if (run == std::string_view::npos) run = line.size();
            size_t n = run - i;
            size_t close = run;
            for (;;) {
                close = line.find('`', close);
                if (close == std::string_view::npos) break;
                size_t close_end = line.find_first_not_of('`', close);
                if (close_end == std::string_view::npos) close_end = line.size();
                if (close_end - close == n) break;
                close = close_end;
            }
            if (close == std::string_view::npos) {  // unclosed: the backticks are text
                out.append(line.substr(i, n));
                i = run;
                continue;
            }
            std::string_view code = line.substr(run, close - run);
            if (code.size() >= 2 && code.front() == ' ' && code.back() == ' ') code = code.substr(1, code.size() - 2);
            out.append(code);
            i = close + n;
        } else if (c == '*' && i + 1 < line.size() && line[i + 1] == '*') {
            i += 2;
        } else if (c == '[') {
            size_t mid = line.find("](", i);
            size_t end = mid == std::string_view::npos ? mid : line.find(')', mid);
            if (end == std::string_view::npos) {
                out += c;
                ++i;
                continue;
            }
            std::string text = inline_plain(line.substr(i + 1, mid - i - 1));
            std::string_view url = line.substr(mid + 2, end - mid - 2);
            out += text == url ? text : text + " (" + std::string(url) + ")";
            i = end + 1;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// `# Title` is `Title`: up to three spaces, one to six `#`, a space or the end.
std::string_view without_heading(std::string_view line) {
    size_t i = 0;
    while (i < 3 && i < line.size() && line[i] == ' ') ++i;
    size_t hashes = 0;
    while (i + hashes < line.size() && line[i + hashes] == '#') ++hashes;
    if (hashes == 0 || hashes > 6) return line;
    size_t after = i + hashes;
    if (after == line.size()) return line.substr(after);
    if (line[after] != ' ') return line;
    return line.substr(after + 1);
}

// The fence a line opens or closes (three or more backticks or tildes
// after at most three spaces), or empty.
std::string_view fence_of(std::string_view line) {
    size_t i = 0;
    while (i < 3 && i < line.size() && line[i] == ' ') ++i;
    if (i >= line.size() || (line[i] != '`' && line[i] != '~')) return {};
    size_t end = line.find_first_not_of(line[i], i);
    if (end == std::string_view::npos) end = line.size();
    return end - i >= 3 ? line.substr(i, end - i) : std::string_view{};
}

// ------------------------------------------------------------- snippets

struct SnippetReader {
    std::string_view s;
    const std::map<int, std::string>& known;  // each placeholder's text, from an earlier pass
    std::map<int, std::string> found;         // the placeholders read in this pass
    size_t i = 0;

    // Text up to the end, or (nested) up to an unescaped `}`, left unread.
    std::string any(bool nested) {
        std::string out;
        while (i < s.size()) {
            char c = s[i];
            if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '$' || s[i + 1] == '}' || s[i + 1] == '\\')) {
                out += s[i + 1];
                i += 2;
            } else if (nested && c == '}') {
                return out;
            } else if (c == '$') {
                out += dollar();
            } else {
                out += c;
                ++i;
            }
        }
        return out;
    }

    int number() {
        int n = 0;
        while (i < s.size() && is_digit(s[i])) {
            if (n < 100000) n = n * 10 + (s[i] - '0');
            ++i;
        }
        return n;
    }

    void name() {
        while (i < s.size() && is_name_char(s[i])) ++i;
    }

    // Past the `}` that ends a transform (`/regex/format/options}`).
    void skip_to_brace() {
        while (i < s.size() && s[i] != '}') i += s[i] == '\\' ? 2 : 1;
        if (i < s.size()) ++i;
    }

    std::string tab_stop(int n) const {
        auto it = known.find(n);
        return it == known.end() ? std::string() : it->second;
    }

    std::string placeholder(int n) {
        std::string text = any(true);
        if (i < s.size()) ++i;  // `}`
        found.emplace(n, text);
        return text;
    }

    // `${1|one,two|}`: the first option.
    std::string choice(int n) {
        std::string first;
        bool in_first = true;
        while (i < s.size() && !(s[i] == '|' && i + 1 < s.size() && s[i + 1] == '}')) {
            if (s[i] == '\\' && i + 1 < s.size()) {
                if (in_first) first += s[i + 1];
                i += 2;
                continue;
            }
            if (s[i] == ',') in_first = false;
            else if (in_first) first += s[i];
            ++i;
        }
        i = i < s.size() ? i + 2 : i;
        found.emplace(n, first);
        return first;
    }

    // At a `$`.
    std::string dollar() {
        size_t start = i++;
        if (i < s.size() && is_digit(s[i])) return tab_stop(number());
        if (i < s.size() && is_name_start(s[i])) {
            name();
            return {};
        }
        if (i + 1 < s.size() && s[i] == '{' && (is_digit(s[i + 1]) || is_name_start(s[i + 1]))) {
            ++i;
            if (is_digit(s[i])) {
                int n = number();
                if (i < s.size() && s[i] == '}') {
                    ++i;
                    return tab_stop(n);
                }
                if (i < s.size() && s[i] == ':') {
                    ++i;
                    return placeholder(n);
                }
                if (i < s.size() && s[i] == '|') {
                    ++i;
                    return choice(n);
                }
                skip_to_brace();
                return tab_stop(n);
            }
            name();
            if (i < s.size() && s[i] == ':') {
                ++i;
                std::string text = any(true);
                if (i < s.size()) ++i;
                return text;
            }
            skip_to_brace();
            return {};
        }
        i = start + 1;
        return "$";  // a `$` that starts nothing
    }
};

}  // namespace

std::string markdown_as_plain_text(std::string_view markdown) {
    std::vector<std::string> lines;
    std::string_view fence;  // the open code fence, if any
    size_t begin = 0;
    while (begin <= markdown.size()) {
        size_t end = markdown.find('\n', begin);
        if (end == std::string_view::npos) end = markdown.size();
        std::string_view line = markdown.substr(begin, end - begin);
        begin = end + 1;
        std::string_view here = fence_of(line);
        if (fence.empty() && !here.empty()) {
            fence = here;
        } else if (!fence.empty()) {
            bool closes = here.size() >= fence.size() && here[0] == fence[0] &&
                          line.find_first_not_of(' ', line.find(here) + here.size()) == std::string_view::npos;
            if (closes) fence = {};
            else lines.emplace_back(line);
        } else {
            lines.push_back(inline_plain(without_heading(line)));
        }
    }
    std::string out;
    for (size_t k = 0; k < lines.size(); ++k) {
        if (k) out += '\n';
        out += lines[k];
    }
    return out;
}

std::string snippet_as_plain_text(std::string_view snippet) {
    // Two passes: a tab stop may come before the placeholder it mirrors.
    std::map<int, std::string> none;
    SnippetReader first{snippet, none, {}};
    first.any(false);
    SnippetReader second{snippet, first.found, {}};
    return second.any(false);
}

}  // namespace ss::lsp
