#include "cli/render.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <vector>

#include <unistd.h>

#include "analysis/words.hpp"
#include "diag/catalogue.hpp"
#include "diag/utf8.hpp"

namespace ss::cli {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

// Appends the display form of the character at `pos`; returns its length.
size_t append_display_char(std::string& out, std::string_view text, size_t pos, bool keep_tabs) {
    const utf8::Char ch = utf8::decode(text, pos);
    const char32_t cp = ch.code_point;
    if (!ch.valid) {
        out.append(kReplacement);
    } else if (cp == '\t') {
        out.push_back(keep_tabs ? '\t' : ' ');
    } else if (cp < 0x20) {
        append_utf8(out, 0x2400 + cp);  // control pictures: NUL shows as U+2400
    } else if (cp == 0x7F) {
        append_utf8(out, 0x2421);
    } else if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
        out.append(kReplacement);  // C1 controls and bidi overrides
    } else {
        out.append(text.substr(pos, ch.length));
    }
    return ch.length;
}

struct DisplayChar {
    size_t byte;        // offset in the source
    std::string shown;  // display form (one column)
    bool tab;
};

// The source line of `begin` and the caret line under [begin, end), as
// printed after the gutter.
struct Excerpt {
    std::string source;
    std::string carets;
};

Excerpt excerpt(std::string_view source, const LineIndex& index, uint32_t begin, uint32_t end, size_t width) {
    width = std::max<size_t>(width, 20);
    const uint32_t line0 = index.line_of(begin);
    const std::string_view line = index.line_text(line0);
    const size_t line_begin = index.line_start(line0);
    const size_t line_end = line_begin + line.size();
    const size_t caret_b = std::clamp<size_t>(begin, line_begin, line_end);
    const size_t caret_e = std::clamp<size_t>(end, caret_b, line_end);

    // Decode only a byte window around the caret: a character is at most 4
    // bytes, so this always covers `width` characters on each side.
    const size_t reach = 4 * width;
    size_t lo = caret_b - std::min(caret_b - line_begin, reach);
    const size_t hi = std::min(line_end, caret_b + reach);
    while (lo > line_begin && lo < caret_b && (static_cast<unsigned char>(source[lo]) & 0xC0) == 0x80) {
        ++lo;  // do not start inside a multi-byte character
    }
    std::vector<DisplayChar> chars;
    for (size_t pos = lo; pos < hi;) {
        DisplayChar c{pos, {}, source[pos] == '\t'};
        pos += append_display_char(c.shown, source, pos, true);
        chars.push_back(std::move(c));
    }
    auto char_at = [&](size_t byte) {
        return static_cast<size_t>(std::lower_bound(chars.begin(), chars.end(), byte,
                                                    [](const DisplayChar& c, size_t b) { return c.byte < b; }) -
                                   chars.begin());
    };
    const size_t ci_b = char_at(caret_b);
    const size_t ci_e = std::max(char_at(caret_e), ci_b + 1);

    size_t start = ci_b > width / 3 ? ci_b - width / 3 : 0;
    size_t stop = std::min(chars.size(), start + width);
    if (stop - start < width) start = stop > width ? stop - width : 0;
    const bool left = lo > line_begin || start > 0;
    const bool right = hi < line_end || stop < chars.size();

    Excerpt e;
    if (left) {
        e.source += "...";
        e.carets += "   ";
    }
    for (size_t i = start; i < stop; ++i) e.source += chars[i].shown;
    if (right) e.source += "...";
    for (size_t i = start; i < ci_b && i < chars.size(); ++i) {
        e.carets.push_back(chars[i].tab ? '\t' : ' ');
    }
    e.carets.push_back('^');
    const size_t tilde_end = std::min(ci_e, stop);
    for (size_t i = ci_b + 1; i < tilde_end; ++i) e.carets.push_back('~');
    return e;
}

}  // namespace

std::string bounded_message(std::string_view message, size_t max_bytes) {
    if (message.size() <= max_bytes) return std::string(message);
    size_t cut = 0;
    while (cut < message.size()) {
        const size_t next = cut + utf8::decode(message, cut).length;
        if (next > max_bytes) break;
        cut = next;
    }
    return std::string(message.substr(0, cut)) + "...";
}

std::string_view human_severity_word(Severity severity) {
    switch (severity) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Information: return "info";
        case Severity::Hint: return "hint";
    }
    return "error";
}

std::string display_text(std::string_view text, bool keep_tabs) {
    std::string out;
    out.reserve(text.size());
    for (size_t pos = 0; pos < text.size();) {
        pos += append_display_char(out, text, pos, keep_tabs);
    }
    return out;
}

bool colour_for(const std::ostream& stream) {
    int fd = &stream == &std::cout ? STDOUT_FILENO : &stream == &std::cerr ? STDERR_FILENO : -1;
    if (fd < 0 || !::isatty(fd)) return false;
    const char* no_colour = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    return !(no_colour && *no_colour) && !(term && std::string_view(term) == "dumb");
}

std::string render_human(const Diagnostic& d, std::string_view path, std::string_view source, const LineIndex& index,
                         const HumanRenderOptions& options) {
    // SGR sequences around `text` when colouring: bold, red, yellow, cyan, green, blue.
    auto paint = [&](std::string_view sgr, const std::string& text) {
        return options.colour ? "\x1b[" + std::string(sgr) + "m" + text + "\x1b[0m" : text;
    };
    const std::string_view tone = d.severity == Severity::Error ? "31" : d.severity == Severity::Warning ? "33" : "36";
    const LineColumn at = index.position(d.range.begin);
    const std::string shown_path = display_text(path);
    std::string out =
        paint("1", shown_path + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ":") + " " +
        paint("1;" + std::string(tone), std::string(human_severity_word(d.severity)) + "[" + d.code + "]") +
        paint("1", ": " + display_text(bounded_message(d.message))) + "\n";

    const Excerpt e =
        excerpt(source, index, d.range.begin, std::max(d.range.begin, d.range.end), options.max_line_columns);
    const std::string number = std::to_string(at.line);
    const std::string gutter(number.size() + 1, ' ');
    out += paint("1;34", " " + number + " |") + " " + e.source + "\n";
    out += paint("1;34", " " + gutter + "|") + " " + paint("1;" + std::string(tone), e.carets) + "\n";

    for (const RelatedInfo& r : d.related) {
        const LineColumn rat = index.position(r.range.begin);
        out += paint("1", shown_path + ":" + std::to_string(rat.line) + ":" + std::to_string(rat.column) + ":") + " " +
               paint("1;32", "note:") + " " + display_text(bounded_message(r.message)) + "\n";
    }
    return out;
}

namespace {

// {file, line, column, end_line, end_column} of a range, as both JSON
// forms start (docs/cli.md).
nlohmann::ordered_json placed(ByteRange range, std::string_view path, const LineIndex& index) {
    const LineColumn begin = index.position(range.begin);
    const LineColumn end = index.position(std::max(range.begin, range.end));
    return nlohmann::ordered_json{
        {"file", std::string(path)}, {"line", begin.line},       {"column", begin.column},
        {"end_line", end.line},      {"end_column", end.column},
    };
}

}  // namespace

nlohmann::ordered_json render_json(const Diagnostic& d, std::string_view path, const LineIndex& index) {
    nlohmann::ordered_json out = placed(d.range, path, index);
    out["severity"] = std::string(severity_name(d.severity));
    out["code"] = d.code;
    out["message"] = bounded_message(d.message);
    // The human format's notes: where else the mistake shows (the other
    // operand's axis, the earlier definition), in the same file.
    nlohmann::ordered_json related = nlohmann::ordered_json::array();
    for (const RelatedInfo& r : d.related) {
        nlohmann::ordered_json note = placed(r.range, path, index);
        note["message"] = bounded_message(r.message);
        related.push_back(std::move(note));
    }
    out["related"] = std::move(related);
    return out;
}

nlohmann::ordered_json render_fact_json(const analysis::Fact& f, std::string_view path, const LineIndex& index) {
    nlohmann::ordered_json out = placed(f.range, path, index);
    out["pass"] = std::string(analysis::pass_name(analysis::fact_pass(f.kind)));
    out["kind"] = std::string(analysis::fact_kind_name(f.kind));
    out["function"] = f.function;
    out["detail"] = bounded_message(analysis::fact_detail(f));
    return out;
}

std::string dump_json(const nlohmann::ordered_json& value) {
    return value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace ss::cli
