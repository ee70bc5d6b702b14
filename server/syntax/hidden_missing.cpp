#include "syntax/hidden_missing.hpp"

#include <string_view>
#include <vector>

#include "syntax/node_kinds.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::syntax {

namespace {

// Whether the scanner sees the end of a line between `from` and `to` (the
// start of what follows, or the text's end): only blanks it skips before a
// line break, a comment (after which it looks again) or the end of the text.
// A second statement on the line, or a blank the scanner doesn't skip (a
// vertical tab: the lexer's whitespace, not the scanner's), hides the line
// end from it.
bool scanner_sees_line_end(std::string_view text, uint32_t from, uint32_t to) {
    for (uint32_t i = from; i < to && i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n' || c == '#') return true;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f') return false;
    }
    return to >= text.size();
}

}  // namespace

std::optional<HiddenMissing> hidden_missing_token(const ChunkView& chunk, TSNode node) {
    if (ts_node_is_null(node) || !ts_node_has_error(node) || is_error_node(node) || ts_node_is_missing(node))
        return std::nullopt;
    const NodeKinds& k = NodeKinds::get();
    std::vector<TSNode> children;  // visible, but for comments
    bool child_error = false;
    // A cursor walks siblings in O(1) each; ts_node_child(i) would not.
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
        do {
            TSNode child = ts_tree_cursor_current_node(&cursor);
            if (ts_node_has_error(child) || ts_node_is_missing(child) || is_error_node(child)) {
                child_error = true;
                break;
            }
            if (ts_node_symbol(child) != k.comment) children.push_back(child);
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    if (child_error) return std::nullopt;

    const std::string kLineEnd = "the end of the line";
    TSSymbol symbol = ts_node_symbol(node);
    bool container = symbol == k.block || symbol == k.field_block || symbol == k.source_file;
    if (!container) {
        uint32_t at = children.empty() ? ts_node_start_byte(node) : ts_node_end_byte(children.back());
        return HiddenMissing{chunk.base + at, kLineEnd};
    }
    auto text_end = static_cast<uint32_t>(chunk.text.size());
    for (size_t i = 0; i < children.size(); ++i) {
        uint32_t end = ts_node_end_byte(children[i]);
        uint32_t next = i + 1 < children.size() ? ts_node_start_byte(children[i + 1]) : text_end;
        if (!scanner_sees_line_end(chunk.text, end, next)) return HiddenMissing{chunk.base + end, kLineEnd};
    }
    if (symbol == k.source_file || children.empty()) return HiddenMissing{chunk.base + ts_node_start_byte(node), ""};
    // The block's DEDENT: the block ends at its last statement, unless a
    // character the scanner doesn't skip (a vertical tab on a line of its
    // own) hides the line that follows; then at that character.
    uint32_t at = ts_node_end_byte(children.back());
    uint32_t i = at;
    while (i < text_end) {
        char c = chunk.text[i];
        if (c == '#') {
            while (i < text_end && chunk.text[i] != '\n') ++i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\n') {
            ++i;
        } else {
            break;
        }
    }
    auto c = static_cast<unsigned char>(i < text_end ? chunk.text[i] : 'x');
    if (c < 0x20 || c == 0x7f) at = i;
    return HiddenMissing{chunk.base + at, "the end of the block"};
}

}  // namespace ss::syntax
