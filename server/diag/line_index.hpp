// Byte offsets to lines and columns, and back.
//
// Inside the front end every position is a byte offset into the source. This
// index converts at the edges: 1-based line and 1-based column counted in
// Unicode code points for people and the CLI, 0-based UTF-16 columns for the
// language server. Line breaks are "\n", "\r\n" and a lone "\r" (as in LSP).
// Invalid UTF-8 counts one column per byte (see diag/utf8.hpp).
//
// Building the index is one pass over the text; a conversion costs at most
// a few kilobytes of decoding (checkpoints), so a 10 MB single-line file with
// many diagnostics stays fast.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace ss {

struct LineColumn {
    uint32_t line = 1;    // 1-based
    uint32_t column = 1;  // 1-based, in code points
};

class LineIndex {
public:
    // Keeps a view of `text`: the text must outlive the index.
    explicit LineIndex(std::string_view text);

    uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

    // 1-based line and code-point column of a byte offset (clamped to the
    // text). An offset inside a multi-byte character maps to that character.
    LineColumn position(uint32_t offset) const;

    // 0-based line of a byte offset.
    uint32_t line_of(uint32_t offset) const;

    // 0-based UTF-16 column of a byte offset, for LSP positions.
    uint32_t utf16_column(uint32_t offset) const;

    // Byte offset of an LSP position (0-based line, 0-based UTF-16 column),
    // clamped to the line's end and to the text.
    uint32_t offset_of_utf16(uint32_t line0, uint32_t character) const;

    // Byte offset where 0-based line `line0` starts (clamped).
    uint32_t line_start(uint32_t line0) const;

    // The text of 0-based line `line0` without its line break.
    std::string_view line_text(uint32_t line0) const;

private:
    struct Checkpoint {
        uint32_t offset;       // a character start
        uint64_t code_points;  // characters before `offset`
        uint64_t utf16_units;  // UTF-16 units before `offset`
    };
    struct Counts {
        uint64_t code_points;
        uint64_t utf16_units;
    };
    // Characters (and UTF-16 units) that end at or before `offset`.
    Counts counts_before(uint32_t offset) const;
    uint32_t clamp(uint32_t offset) const;

    std::string_view text_;
    std::vector<uint32_t> line_starts_;
    std::vector<Checkpoint> checkpoints_;
};

}  // namespace ss
