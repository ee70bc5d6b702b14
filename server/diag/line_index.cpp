#include "diag/line_index.hpp"

#include <algorithm>

#include "diag/utf8.hpp"

namespace ss {
namespace {
constexpr uint32_t kCheckpointSpacing = 1024;  // bytes between checkpoints
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    checkpoints_.push_back({0, 0, 0});
    uint64_t code_points = 0;
    uint64_t utf16_units = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        if (pos - checkpoints_.back().offset >= kCheckpointSpacing) {
            checkpoints_.push_back({static_cast<uint32_t>(pos), code_points, utf16_units});
        }
        const char c = text[pos];
        // Most text is ASCII: a run of plain characters up to the next line
        // break, multi-byte character or checkpoint counts one each.
        if (static_cast<unsigned char>(c) < 0x80 && c != '\n' && c != '\r') {
            const size_t stop = std::min(text.size(), checkpoints_.back().offset + size_t{kCheckpointSpacing});
            size_t end = pos + 1;
            while (end < stop) {
                const auto b = static_cast<unsigned char>(text[end]);
                if (b >= 0x80 || b == '\n' || b == '\r') break;
                ++end;
            }
            code_points += end - pos;
            utf16_units += end - pos;
            pos = end;
            continue;
        }
        if (c == '\n' || c == '\r') {
            const bool crlf = c == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n';
            const size_t next = pos + (crlf ? 2 : 1);
            code_points += next - pos;
            utf16_units += next - pos;
            pos = next;
            line_starts_.push_back(static_cast<uint32_t>(pos));
            continue;
        }
        const utf8::Char ch = utf8::decode(text, pos);
        code_points += 1;
        utf16_units += ch.utf16_units;
        pos += ch.length;
    }
}

uint32_t LineIndex::clamp(uint32_t offset) const {
    return std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
}

LineIndex::Counts LineIndex::counts_before(uint32_t offset) const {
    offset = clamp(offset);
    auto it = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), offset,
                               [](uint32_t value, const Checkpoint& c) { return value < c.offset; });
    const Checkpoint& start = *std::prev(it);  // checkpoints_[0].offset == 0
    Counts counts{start.code_points, start.utf16_units};
    size_t pos = start.offset;
    while (pos < offset) {
        const utf8::Char ch = utf8::decode(text_, pos);
        if (pos + ch.length > offset) break;  // `offset` is inside this character
        counts.code_points += 1;
        counts.utf16_units += ch.utf16_units;
        pos += ch.length;
    }
    return counts;
}

uint32_t LineIndex::line_of(uint32_t offset) const {
    offset = clamp(offset);
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    return static_cast<uint32_t>(it - line_starts_.begin()) - 1;
}

LineColumn LineIndex::position(uint32_t offset) const {
    const uint32_t line = line_of(offset);
    const uint64_t column = counts_before(offset).code_points - counts_before(line_starts_[line]).code_points;
    return {line + 1, static_cast<uint32_t>(column + 1)};
}

uint32_t LineIndex::utf16_column(uint32_t offset) const {
    const uint32_t line = line_of(offset);
    return static_cast<uint32_t>(counts_before(offset).utf16_units - counts_before(line_starts_[line]).utf16_units);
}

uint32_t LineIndex::line_start(uint32_t line0) const {
    if (line0 >= line_starts_.size()) return static_cast<uint32_t>(text_.size());
    return line_starts_[line0];
}

std::string_view LineIndex::line_text(uint32_t line0) const {
    if (line0 >= line_starts_.size()) return {};
    const size_t begin = line_starts_[line0];
    size_t end = text_.size();
    if (line0 + 1 < line_starts_.size()) {
        // Drop exactly this line's break: "\n", "\r\n" or "\r".
        end = line_starts_[line0 + 1];
        if (text_[end - 1] == '\n' && end - 1 > begin && text_[end - 2] == '\r') {
            end -= 2;
        } else {
            end -= 1;
        }
    }
    return text_.substr(begin, end - begin);
}

uint32_t LineIndex::offset_of_utf16(uint32_t line0, uint32_t character) const {
    if (line0 >= line_starts_.size()) return static_cast<uint32_t>(text_.size());
    const std::string_view line = line_text(line0);
    const size_t begin = line_starts_[line0];
    size_t pos = 0;
    uint32_t units = 0;
    while (pos < line.size()) {
        const utf8::Char ch = utf8::decode(line, pos);
        if (units + ch.utf16_units > character) break;
        units += ch.utf16_units;
        pos += ch.length;
    }
    return static_cast<uint32_t>(begin + pos);
}

}  // namespace ss
