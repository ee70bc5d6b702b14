#include "ide/selection.hpp"

#include <algorithm>
#include <optional>

namespace ss::ide {

namespace {

// The visible nodes from the chunk's root down to the smallest one that
// holds `rel` (a byte of the chunk): with `rel` at the border of two tokens,
// the one that starts there.
std::vector<TSNode> path_at(TSNode root, uint32_t rel) {
    std::vector<TSNode> path{root};
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    while (ts_tree_cursor_goto_first_child_for_byte(&cursor, rel) >= 0) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        if (ts_node_start_byte(node) > rel) break;  // `rel` is in the space before it
        path.push_back(node);
    }
    ts_tree_cursor_delete(&cursor);
    return path;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

bool is_token(TSNode node) {
    return ts_node_child_count(node) == 0 && ts_node_end_byte(node) > ts_node_start_byte(node);
}

}  // namespace

std::vector<ByteRange> selection_chain(const Snapshot& snapshot, uint32_t offset) {
    std::vector<ByteRange> out;
    auto size = static_cast<uint32_t>(snapshot.text.size());
    if (size == 0) return out;
    offset = std::min(offset, size);
    // The chunk holding the offset (the last one at the text's end): only its tree is read.
    std::optional<syntax::ChunkView> chunk;
    if (!snapshot.tree.spans().empty()) chunk = snapshot.tree.chunk(snapshot.tree.chunk_index_at(offset));
    if (chunk && chunk->base <= offset) {
        uint32_t rel = offset - chunk->base;
        std::vector<TSNode> path = path_at(chunk->root, rel);
        // At the end of a name, a number or a string, with punctuation or
        // space after it: the word before the offset, as editors expect.
        bool on_word = is_token(path.back()) && ts_node_is_named(path.back());
        if (!on_word && rel > 0) {
            std::vector<TSNode> before = path_at(chunk->root, rel - 1);
            if (is_token(before.back()) && ts_node_is_named(before.back()) && ts_node_end_byte(before.back()) == rel)
                path = std::move(before);
        }
        // Innermost first; the chunk's root is no syntax the user wrote as one.
        for (size_t i = path.size(); i-- > 1;) {
            ByteRange r = chunk->range(path[i]);
            r.end = std::min(r.end, size);
            // A block starts at its header's `:` (its INDENT is zero-width):
            // select its statements, not the line break before them.
            ByteRange t = r;
            while (t.begin < t.end && is_space(snapshot.text[t.begin])) ++t.begin;
            while (t.end > t.begin && is_space(snapshot.text[t.end - 1])) --t.end;
            if (t.begin <= offset && offset <= t.end) r = t;
            if (r.begin >= r.end || r.begin > offset || r.end < offset) continue;
            if (!out.empty()) {
                const ByteRange& last = out.back();
                bool grows = r.begin <= last.begin && r.end >= last.end && (r.begin < last.begin || r.end > last.end);
                if (!grows) continue;
            }
            out.push_back(r);
        }
    }
    if (out.empty() || out.back().begin > 0 || out.back().end < size) out.push_back({0, size});
    return out;
}

}  // namespace ss::ide
