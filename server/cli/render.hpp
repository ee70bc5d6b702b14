// Diagnostics as text for people (rustc/clang style) and as JSON for tools.
//
// Human:
//   model.ss:3:17: error[E0001]: syntax error: unexpected `->` in a parameter list
//       3 | fn f(x: [b n D] -> [b n D]:
//         |                 ^~
// JSON: one object per diagnostic with exactly the keys
//   file, line, column, end_line, end_column, severity, code, message, related
// (related: the notes, each {file, line, column, end_line, end_column, message})
// (1-based; columns in code points; end_line/end_column is the position
// just past the last character of the range).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "analysis/facts.hpp"
#include "diag/diagnostic.hpp"
#include "diag/line_index.hpp"

namespace ss::cli {

struct HumanRenderOptions {
    // Source lines wider than this (in code points) are shown as a window
    // around the caret, elided with "...", so a huge line cannot flood the
    // terminal.
    size_t max_line_columns = 200;
    // ANSI colours (severity, location, carets), as rustc and clang paint
    // them: on for a terminal only (colour_for).
    bool colour = false;
};

// Whether text written to `stream` should be coloured: it is the standard
// output or error, that is a terminal, NO_COLOR is unset or empty
// (no-color.org) and TERM isn't `dumb`. Piped or redirected output, and
// any other stream, stays plain.
bool colour_for(const std::ostream& stream);

// Messages longer than this many bytes are cut (at a character boundary)
// and end in "...": a message quoting a huge stretch of source stays small.
inline constexpr size_t kMaxMessageBytes = 1000;
std::string bounded_message(std::string_view message, size_t max_bytes = kMaxMessageBytes);

// "error", "warning", "info", "hint": the word of the human format.
std::string_view human_severity_word(Severity severity);

// Text safe to print on a terminal: invalid UTF-8 bytes and C1 controls
// become U+FFFD, C0 controls their Unicode control pictures (NUL shows as
// U+2400), bidirectional overrides U+FFFD. Every source character stays one
// character, so columns are preserved. Tabs are kept when `keep_tabs`,
// otherwise shown as a space.
std::string display_text(std::string_view text, bool keep_tabs = false);

// The diagnostic's header line, source line and caret line, each ending in
// "\n", followed by one "note" line per related location.
std::string render_human(const Diagnostic& diagnostic, std::string_view path, std::string_view source,
                         const LineIndex& index, const HumanRenderOptions& options = {});

// The diagnostic as a JSON object (keys above).
nlohmann::ordered_json render_json(const Diagnostic& diagnostic, std::string_view path, const LineIndex& index);
// {file, line, column, end_line, end_column, pass, kind, function, detail}:
// one analysis fact, positioned as render_json positions a diagnostic.
nlohmann::ordered_json render_fact_json(const analysis::Fact& fact, std::string_view path, const LineIndex& index);

// Serializes JSON for output; invalid UTF-8 in strings (a message quoting a
// bad byte, an odd file name) is replaced rather than thrown on.
std::string dump_json(const nlohmann::ordered_json& value);

}  // namespace ss::cli
