#include "ide/folding.hpp"

#include <algorithm>
#include <string_view>

#include "syntax/node_kinds.hpp"

namespace ss::ide {

namespace {

// The end of the last token of `node` that is not a comment: a fold ends on
// its last line of code, so comments after it (which fold on their own)
// and zero-width tokens (a DEDENT) don't stretch it.
uint32_t last_token_end(TSNode node, TSSymbol comment) {
    TSNode n = node;
    for (;;) {
        uint32_t count = ts_node_child_count(n);
        if (count == 0) break;
        bool found = false;
        for (uint32_t i = count; i-- > 0;) {
            TSNode c = ts_node_child(n, i);
            if (ts_node_symbol(c) == comment || ts_node_end_byte(c) <= ts_node_start_byte(c)) continue;
            n = c;
            found = true;
            break;
        }
        if (!found) return ts_node_start_byte(n);
    }
    return ts_node_end_byte(n);
}

class Folder {
public:
    explicit Folder(const Snapshot& s) : s_(s), k_(syntax::NodeKinds::get()) {}

    std::vector<FoldingRange> run() {
        for (const syntax::ChunkView& chunk : s_.tree.chunks()) walk(chunk);
        comments();
        imports();
        // One fold per start line, the outermost.
        std::stable_sort(out_.begin(), out_.end(), [](const FoldingRange& a, const FoldingRange& b) {
            return a.start_line != b.start_line ? a.start_line < b.start_line : a.end_line > b.end_line;
        });
        std::vector<FoldingRange> unique;
        for (const FoldingRange& f : out_)
            if (unique.empty() || unique.back().start_line != f.start_line) unique.push_back(f);
        return unique;
    }

private:
    void add(uint32_t begin, uint32_t end, FoldingKind kind) {
        auto size = static_cast<uint32_t>(s_.text.size());
        if (end <= begin || begin >= size) return;
        end = std::min(end, size);
        uint32_t first = s_.lines.line_of(begin), last = s_.lines.line_of(end - 1);
        if (first < last) out_.push_back({first, last, kind});
    }

    bool folds(TSSymbol sym) const {
        return sym == k_.function_definition || sym == k_.model_definition || sym == k_.data_definition ||
               sym == k_.elif_clause || sym == k_.else_clause || sym == k_.for_statement || sym == k_.parameter_list ||
               sym == k_.argument_list || sym == k_.list_expression || sym == k_.tuple_expression ||
               sym == k_.parenthesized_expression || sym == k_.pattern_call || sym == k_.type_arguments ||
               sym == k_.tuple_type || sym == k_.axis_group || sym == k_.tensor_type || sym == k_.subscript ||
               sym == k_.causal_mask || sym == k_.expression_statement || sym == k_.assignment ||
               sym == k_.augmented_assignment || sym == k_.return_statement;
    }

    void walk(const syntax::ChunkView& chunk) {
        TSTreeCursor cursor = ts_tree_cursor_new(chunk.root);
        uint32_t depth = 0;
        for (;;) {
            TSNode node = ts_tree_cursor_current_node(&cursor);
            TSSymbol sym = ts_node_symbol(node);
            if (sym == k_.if_statement) {
                // `if` to the end of its own block: each `elif` and `else` folds on its own.
                TSNode body = ts_node_child_by_field_id(node, k_.f_consequence);
                TSNode end = ts_node_is_null(body) ? node : body;
                add(chunk.base + ts_node_start_byte(node), chunk.base + last_token_end(end, k_.comment),
                    FoldingKind::Region);
            } else if (folds(sym)) {
                add(chunk.base + ts_node_start_byte(node), chunk.base + last_token_end(node, k_.comment),
                    FoldingKind::Region);
            }
            if (ts_tree_cursor_goto_first_child(&cursor)) {
                ++depth;
                continue;
            }
            bool moved = false;
            while (!moved) {
                if (ts_tree_cursor_goto_next_sibling(&cursor)) {
                    moved = true;
                } else if (depth > 0 && ts_tree_cursor_goto_parent(&cursor)) {
                    --depth;
                } else {
                    break;
                }
            }
            if (!moved) break;
        }
        ts_tree_cursor_delete(&cursor);
    }

    // Runs of two or more lines that hold only a comment. (A string can't
    // span lines, so a line whose first non-blank byte is `#` is a comment.)
    void comments() {
        uint32_t count = s_.lines.line_count();
        uint32_t run_start = 0, run_length = 0;
        for (uint32_t line = 0; line <= count; ++line) {
            bool comment = false;
            if (line < count) {
                std::string_view t = s_.lines.line_text(line);
                size_t first = t.find_first_not_of(" \t\f");
                comment = first != std::string_view::npos && t[first] == '#';
            }
            if (comment) {
                if (run_length++ == 0) run_start = line;
                continue;
            }
            if (run_length >= 2) out_.push_back({run_start, run_start + run_length - 1, FoldingKind::Comment});
            run_length = 0;
        }
    }

    // Runs of `import python` items with no other item between them.
    void imports() {
        const std::vector<const ast::Item*>& items = s_.result.items;
        for (size_t i = 0; i < items.size();) {
            if (!std::holds_alternative<ast::ImportPython>(items[i]->node)) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j + 1 < items.size() && std::holds_alternative<ast::ImportPython>(items[j + 1]->node)) ++j;
            if (j > i) add(items[i]->range.begin, trimmed_end(items[j]->range), FoldingKind::Imports);
            i = j + 1;
        }
    }

    // The end of `r` without the whitespace it ends with.
    uint32_t trimmed_end(ByteRange r) const {
        uint32_t end = std::min<uint32_t>(r.end, static_cast<uint32_t>(s_.text.size()));
        while (end > r.begin && (s_.text[end - 1] == ' ' || s_.text[end - 1] == '\t' || s_.text[end - 1] == '\n' ||
                                 s_.text[end - 1] == '\r' || s_.text[end - 1] == '\f'))
            --end;
        return end;
    }

    const Snapshot& s_;
    const syntax::NodeKinds& k_;
    std::vector<FoldingRange> out_;
};

}  // namespace

std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot) { return Folder(snapshot).run(); }

}  // namespace ss::ide
