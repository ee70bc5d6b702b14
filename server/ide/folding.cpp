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

bool folds(const syntax::NodeKinds& k, TSSymbol sym) {
    return sym == k.function_definition || sym == k.model_definition || sym == k.data_definition ||
           sym == k.elif_clause || sym == k.else_clause || sym == k.for_statement || sym == k.parameter_list ||
           sym == k.argument_list || sym == k.list_expression || sym == k.tuple_expression ||
           sym == k.parenthesized_expression || sym == k.pattern_call || sym == k.type_arguments ||
           sym == k.tuple_type || sym == k.axis_group || sym == k.tensor_type || sym == k.subscript ||
           sym == k.causal_mask || sym == k.expression_statement || sym == k.assignment ||
           sym == k.augmented_assignment || sym == k.return_statement;
}

// A chunk's folds, in bytes from its start: what its tree gives, made once
// per chunk text (SyntaxTree::derived), so its tree may be forgotten.
using ChunkFolds = std::vector<std::pair<uint32_t, uint32_t>>;

ChunkFolds chunk_folds(const syntax::ChunkView& chunk) {
    const syntax::NodeKinds& k = syntax::NodeKinds::get();
    ChunkFolds out;
    TSTreeCursor cursor = ts_tree_cursor_new(chunk.root);
    uint32_t depth = 0;
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        TSSymbol sym = ts_node_symbol(node);
        if (sym == k.if_statement) {
            // `if` to the end of its own block: each `elif` and `else` folds on its own.
            TSNode body = ts_node_child_by_field_id(node, k.f_consequence);
            TSNode end = ts_node_is_null(body) ? node : body;
            out.emplace_back(ts_node_start_byte(node), last_token_end(end, k.comment));
        } else if (folds(k, sym)) {
            out.emplace_back(ts_node_start_byte(node), last_token_end(node, k.comment));
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
    out.shrink_to_fit();  // kept as long as the chunk's text: no slack
    return out;
}

class Folder {
public:
    explicit Folder(const Snapshot& s) : s_(s) {}

    std::vector<FoldingRange> run() {
        std::vector<syntax::ChunkSpan> spans = s_.tree.spans();
        for (size_t i = 0; i < spans.size(); ++i)
            for (auto [begin, end] : s_.tree.derived(i, &chunk_folds))
                add(spans[i].begin + begin, spans[i].begin + end, FoldingKind::Region);
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
    std::vector<FoldingRange> out_;
};

}  // namespace

std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot) { return Folder(snapshot).run(); }

}  // namespace ss::ide
