// Splitting a source text into chunks of whole top-level items.
//
// Tree-sitter's incremental reparse costs time in proportion to the number
// of top-level items (the nodes of a `repeat` are never reused whole), so a
// 50k-line file took as long to reparse after one keystroke as to parse.
// Each chunk is therefore parsed as a tree of its own: an edit reparses the
// chunk it falls in, and the other chunks only move.
//
// A chunk starts at the beginning of the text and at every line that starts
// a top-level item: a line whose first byte (column 0) is not blank, not a
// comment and not a `|>` continuation, outside of any open bracket. A line
// that starts with an item's head (`fn f(`, `model M:`, `dim D =`, ...) starts
// a chunk even inside an open bracket, since in valid code no expression can
// continue with one; so an unclosed `(` never swallows the rest of the file.
// Bracket depth starts at zero at every chunk start, which makes the split a
// function of each chunk's text alone: re-splitting from any chunk start
// gives the same chunks as splitting the whole text.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace ss::syntax {

// The chunk starts of text[from, to_limit) scanning from `from` (a chunk
// start), in order, beginning with `from` itself. Scanning stops early, at
// the first chunk start `p >= stop_after` for which `stop_at(p)` is true;
// that start is included as the last element. Pass stop_after = UINT32_MAX
// to split everything.
template <class StopAt>
std::vector<uint32_t> chunk_starts(std::string_view text, uint32_t from, uint32_t stop_after, StopAt&& stop_at);

std::vector<uint32_t> chunk_starts(std::string_view text);

// True when the line starting at `line_start` starts a chunk whatever the
// bracket depth: it begins with the head of a top-level item.
bool starts_with_item_head(std::string_view text, uint32_t line_start);

// Lines of code longer than this are not parsed: tree-sitter's error
// recovery is superlinear on one long line of garbage (10 MB took 36 s), and
// no one writes such a line. E0008 reports them; comment lines are exempt.
constexpr uint32_t kMaxLineBytes = 64 * 1024;

// The ranges of the lines of `text` (without their newline) that are longer
// than kMaxLineBytes and are not comment lines.
std::vector<std::pair<uint32_t, uint32_t>> overlong_lines(std::string_view text);

// True when the line starting at `line_start` begins at column 0 with
// something other than blank space, a comment or a `|>` continuation.
bool starts_at_column_zero(std::string_view text, uint32_t line_start);

// ------------------------------------------------------------ implementation

template <class StopAt>
std::vector<uint32_t> chunk_starts(std::string_view text, uint32_t from, uint32_t stop_after, StopAt&& stop_at) {
    std::vector<uint32_t> starts{from};
    int depth = 0;
    auto size = static_cast<uint32_t>(text.size());
    uint32_t i = from;
    while (i < size) {
        char c = text[i];
        if (c == '\n') {
            uint32_t next = i + 1;
            if (next < size &&
                ((depth == 0 && starts_at_column_zero(text, next)) || starts_with_item_head(text, next))) {
                starts.push_back(next);
                depth = 0;
                if (next >= stop_after && stop_at(next)) return starts;
            }
            i = next;
        } else if (c == '#') {
            while (i < size && text[i] != '\n') ++i;
        } else if (c == '"') {
            // Strings end at their closing quote or the end of the line.
            ++i;
            while (i < size && text[i] != '"' && text[i] != '\n')
                i += (text[i] == '\\' && i + 1 < size && text[i + 1] != '\n') ? 2 : 1;
            if (i < size && text[i] == '"') ++i;
        } else {
            if (c == '(' || c == '[' || c == '{') ++depth;
            if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
            ++i;
        }
    }
    return starts;
}

inline std::vector<uint32_t> chunk_starts(std::string_view text) {
    return chunk_starts(text, 0, UINT32_MAX, [](uint32_t) { return false; });
}

}  // namespace ss::syntax
