// The formatter (docs/formatting.md): prints the leaves of the concrete
// syntax tree again, line by line, with indentation and spacing chosen from
// the tree. Line breaks are the source's own (blank lines capped); only the
// whitespace inside lines and the indentation change. Every decision is a
// function of the tokens and the line structure, never of the old spacing,
// so formatting is idempotent and spacing-insensitive; the one exception is
// the indentation of a comment-only line before a dedent, which picks among
// the levels it could belong to by its column (stable, see comment_levels).
#include "format/format.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <tuple>
#include <vector>

#include "diag/diagnostic.hpp"
#include "syntax/hidden_missing.hpp"
#include "syntax/lower.hpp"
#include "syntax/node_kinds.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::format {
namespace {

using syntax::NodeKinds;

// How a leaf takes part in spacing.
enum class Kind : uint8_t {
    Word,  // names, literals, keywords (`and`, `as`, `not`, `over` ...)
    Comment,
    Open,   // ( [
    Close,  // ) ]
    Comma,
    Colon,
    Dot,     // .
    DotDot,  // ..
    Prefix,  // unary - + !, and ? of an unknown axis
    Tight,   // operators written without spaces: kwarg =, size operators, cpu*3
    Op,      // operators with a space on both sides: = -> |> + == += ...
};

struct Leaf {
    uint32_t begin = 0;  // in the whole source
    uint32_t end = 0;
    TSSymbol symbol = 0;
    TSSymbol parent = 0;
    uint32_t blocks = 0;  // enclosing block / field_block nodes
    Kind kind = Kind::Word;
    bool call_open = false;         // ( [ right after what it applies to: f(, x[, Index[, causal[
    bool device_colon = false;      // cuda:0
    bool tight_range = false;       // .. of a range or slice: a..b, a.., ..b
    bool pipe = false;              // |>
    bool starts_statement = false;  // first leaf of an item, a statement, `elif` or `else`
};

Kind classify(std::string_view text, bool named, TSSymbol symbol, TSSymbol parent, const NodeKinds& k) {
    if (symbol == k.comment) return Kind::Comment;
    if (named) return Kind::Word;
    if (text == "(" || text == "[") return Kind::Open;
    if (text == ")" || text == "]") return Kind::Close;
    if (text == ",") return Kind::Comma;
    if (text == ":") return Kind::Colon;
    if (text == ".") return Kind::Dot;
    if (text == "..") return Kind::DotDot;
    if (text == "?" || text == "!") return Kind::Prefix;
    if (parent == k.unary_operator) return Kind::Prefix;
    if (parent == k.size_binary || parent == k.device || parent == k.keyword_argument) {
        if (text == "=" || text == "*" || text == "/" || text == "+" || text == "-") return Kind::Tight;
    }
    // Keywords are words; everything else left is an operator.
    bool alpha = !text.empty() && (std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_');
    return alpha ? Kind::Word : Kind::Op;
}

// Spaces between two leaves on one line.
int spaces_between(const Leaf& a, const Leaf& b) {
    if (b.kind == Kind::Comment) return 2;
    if (a.kind == Kind::Open) return 0;
    if (b.kind == Kind::Close || b.kind == Kind::Comma || b.kind == Kind::Colon) return 0;
    if (a.kind == Kind::Comma) return 1;
    if (a.kind == Kind::Colon) return a.device_colon ? 0 : 1;
    if (a.kind == Kind::Dot || b.kind == Kind::Dot) return 0;
    if (a.kind == Kind::DotDot) return 0;
    if (b.kind == Kind::DotDot && b.tight_range) return 0;
    if (a.kind == Kind::Prefix) return 0;
    if (a.kind == Kind::Tight || b.kind == Kind::Tight) return 0;
    if (b.kind == Kind::Open && b.call_open) return 0;
    return 1;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// Every non-empty leaf of the trees, in order, with its context. Iterative:
// any depth is safe.
std::vector<Leaf> collect_leaves(const syntax::SyntaxTree& tree) {
    const NodeKinds& k = NodeKinds::get();
    std::vector<Leaf> leaves;
    std::vector<TSSymbol> parents;
    std::vector<uint32_t> statement_starts;  // nondecreasing: nodes are visited in order
    for (const syntax::ChunkView& chunk : tree.chunks()) {
        TSTreeCursor cursor = ts_tree_cursor_new(chunk.root);
        parents.clear();
        uint32_t blocks = 0;
        for (;;) {
            TSNode node = ts_tree_cursor_current_node(&cursor);
            TSSymbol symbol = ts_node_symbol(node);
            TSSymbol parent = parents.empty() ? 0 : parents.back();
            bool in_container = parent == k.source_file || parent == k.block || parent == k.field_block;
            if ((in_container && symbol != k.comment) || symbol == k.elif_clause || symbol == k.else_clause)
                statement_starts.push_back(chunk.base + ts_node_start_byte(node));
            if (ts_tree_cursor_goto_first_child(&cursor)) {
                parents.push_back(symbol);
                if (symbol == k.block || symbol == k.field_block) ++blocks;
                continue;
            }
            uint32_t begin = ts_node_start_byte(node), end = ts_node_end_byte(node);
            if (end > begin) {
                Leaf leaf;
                leaf.begin = chunk.base + begin;
                leaf.end = chunk.base + end;
                leaf.symbol = symbol;
                leaf.parent = parents.empty() ? 0 : parents.back();
                leaf.blocks = blocks;
                std::string_view text = chunk.node_text(node);
                leaf.kind = classify(text, ts_node_is_named(node), symbol, leaf.parent, k);
                TSSymbol p = leaf.parent;
                leaf.call_open = leaf.kind == Kind::Open &&
                                 (p == k.argument_list || p == k.parameter_list || p == k.pattern_call ||
                                  p == k.shape_call || p == k.subscript || p == k.causal_mask || p == k.type_arguments);
                leaf.device_colon = leaf.kind == Kind::Colon && p == k.device;
                leaf.tight_range = leaf.kind == Kind::DotDot && (p == k.range_expression || p == k.slice);
                leaf.pipe = leaf.kind == Kind::Op && text == "|>";
                leaves.push_back(leaf);
            }
            bool done = false;
            while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
                if (!ts_tree_cursor_goto_parent(&cursor)) {
                    done = true;
                    break;
                }
                TSSymbol up = parents.back();
                parents.pop_back();
                if (up == k.block || up == k.field_block) --blocks;
            }
            if (done) break;
        }
        ts_tree_cursor_delete(&cursor);
    }
    size_t s = 0;
    for (Leaf& leaf : leaves) {
        while (s < statement_starts.size() && statement_starts[s] < leaf.begin) ++s;
        leaf.starts_statement = s < statement_starts.size() && statement_starts[s] == leaf.begin;
    }
    return leaves;
}

// The first ERROR or MISSING node of the trees, if any. The syntax
// diagnostics report these; this is the formatter's own guard, and it also
// sees a MISSING zero-width token of the scanner (a NEWLINE where two
// statements share a line), which is hidden from cursors: see
// syntax/hidden_missing.hpp.
std::optional<FormatRefused> first_tree_error(const syntax::SyntaxTree& tree) {
    for (const syntax::ChunkView& chunk : tree.chunks()) {
        if (!ts_node_has_error(chunk.root)) continue;
        TSNode node = chunk.root;
        for (;;) {
            if (syntax::is_error_node(node))
                return FormatRefused{"syntax error", chunk.base + ts_node_start_byte(node)};
            if (ts_node_is_missing(node))
                return FormatRefused{std::string("syntax error: missing `") + ts_node_type(node) + "`",
                                     chunk.base + ts_node_start_byte(node)};
            if (auto hidden = syntax::hidden_missing_token(chunk, node))
                return FormatRefused{hidden->expected.empty() ? "syntax error"
                                                              : "syntax error: expected " + hidden->expected + " here",
                                     hidden->offset};
            // A visible child has the error: the first such.
            TSTreeCursor cursor = ts_tree_cursor_new(node);
            bool descended = false;
            if (ts_tree_cursor_goto_first_child(&cursor)) {
                do {
                    TSNode child = ts_tree_cursor_current_node(&cursor);
                    if (ts_node_has_error(child) || ts_node_is_missing(child)) {
                        node = child;
                        descended = true;
                        break;
                    }
                } while (ts_tree_cursor_goto_next_sibling(&cursor));
            }
            ts_tree_cursor_delete(&cursor);
            if (!descended) return FormatRefused{"syntax error", chunk.base + ts_node_start_byte(node)};
        }
    }
    return std::nullopt;
}

struct Line {
    size_t first = 0;  // leaves [first, last]
    size_t last = 0;
    uint32_t blank_before = 0;  // blank lines between this line and the one before, in the source
    uint32_t column = 0;        // indentation in the source (a tab to the next multiple of 8)
    bool comment_only = false;
    bool in_brackets = false;   // starts inside an open bracket
    bool continuation = false;  // outside brackets, starts in the middle of a statement (`|>` ...)
    uint32_t level = 0;
};

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// Levels of comment-only lines. A comment before code at the same or a
// deeper level goes with that code. Before a dedent (the next code line is
// shallower than the one before), it stays at the deepest level between
// the two whose most recent code line started at or left of the comment's
// column (and no deeper than the comment line just before it), else it goes
// with the next line. After formatting, a line of level L starts at
// L * width, so the choice is the same again.
void comment_levels(std::vector<Line>& lines) {
    std::vector<uint32_t> next_code(lines.size() + 1, 0);
    for (size_t i = lines.size(); i-- > 0;) next_code[i] = lines[i].comment_only ? next_code[i + 1] : lines[i].level;
    std::vector<int64_t> last_column;  // per level, of the most recent code line; -1 unknown
    uint32_t previous = 0;             // the level of the code line before
    uint32_t deepest = 0;              // a comment is no deeper than the comment line before it
    for (size_t i = 0; i < lines.size(); ++i) {
        Line& line = lines[i];
        if (!line.comment_only) {
            last_column.resize(line.level + 1, -1);
            last_column[line.level] = line.column;
            previous = deepest = line.level;
            continue;
        }
        uint32_t next = next_code[i + 1];
        line.level = next;
        if (next >= previous) continue;
        for (uint32_t level = deepest; level > next; --level) {
            if (level < last_column.size() && last_column[level] >= 0 && last_column[level] <= line.column) {
                line.level = level;
                break;
            }
        }
        deepest = line.level;
    }
}

// The comparable content of a text's tree: each code leaf's symbol, parent,
// block depth and text, and each comment's text without trailing spaces.
struct Content {
    std::vector<std::tuple<TSSymbol, TSSymbol, uint32_t, std::string_view>> code;
    std::vector<std::string_view> comments;
    std::vector<uint32_t> code_offsets;
};

Content content_of(std::string_view text, const std::vector<Leaf>& leaves) {
    const NodeKinds& k = NodeKinds::get();
    Content c;
    for (const Leaf& leaf : leaves) {
        std::string_view t = text.substr(leaf.begin, leaf.end - leaf.begin);
        if (leaf.symbol == k.comment) {
            c.comments.push_back(trim_right(t));
        } else {
            c.code.emplace_back(leaf.symbol, leaf.parent, leaf.blocks, t);
            c.code_offsets.push_back(leaf.begin);
        }
    }
    return c;
}

std::optional<FormatRefused> refusal(const syntax::SyntaxTree& tree) {
    ast::File file = syntax::lower(tree);
    for (const Diagnostic& d : syntax::syntax_diagnostics(tree, file))
        if (d.severity == Severity::Error) return FormatRefused{d.message + " (" + d.code + ")", d.range.begin};
    return first_tree_error(tree);
}

}  // namespace

std::variant<std::string, FormatRefused> format_source(std::string_view text, const FormatOptions& options) {
    const uint32_t width = static_cast<uint32_t>(std::clamp(options.indent_width, 1, 16));
    if (text.size() >= UINT32_MAX) return FormatRefused{"file too large (the limit is 4 GiB)", 0};

    syntax::SyntaxTree tree{std::string(text)};
    if (auto refused = refusal(tree)) return *refused;
    const std::vector<Leaf> leaves = collect_leaves(tree);
    if (leaves.empty()) return std::string();

    // ---- lines, from the source's line breaks
    std::vector<Line> lines;
    for (size_t i = 0; i < leaves.size(); ++i) {
        // tree-sitter skips a byte order mark at the start; so does the output.
        uint32_t gap_begin = i > 0 ? leaves[i - 1].end : text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
        std::string_view gap = text.substr(gap_begin, leaves[i].begin - gap_begin);
        uint32_t newlines = 0;
        for (size_t j = 0; j < gap.size(); ++j) {
            if (!is_space(gap[j]))
                return FormatRefused{"unexpected character outside of any token", gap_begin + static_cast<uint32_t>(j)};
            if (gap[j] == '\n') ++newlines;
        }
        if (i > 0 && newlines == 0) {
            lines.back().last = i;
            continue;
        }
        Line line;
        line.first = line.last = i;
        line.blank_before = newlines > 0 ? newlines - 1 : 0;
        // The indentation as the scanner counts it.
        size_t start = gap.rfind('\n');
        start = start == std::string_view::npos ? 0 : start + 1;
        uint32_t column = 0;
        for (size_t j = start; j < gap.size(); ++j) {
            char c = gap[j];
            if (c == '\t') column = (column / 8 + 1) * 8;
            else if (c == '\r' || c == '\f') column = 0;
            else ++column;
        }
        line.column = column;
        line.comment_only = leaves[i].kind == Kind::Comment;
        lines.push_back(line);
    }

    // ---- levels of code lines: blocks, brackets and `|>` continuations
    std::vector<uint32_t> brackets;  // per open bracket: the level of the line that opened it
    uint32_t statement_level = 0;
    for (Line& line : lines) {
        line.in_brackets = !brackets.empty();
        if (line.comment_only) continue;
        const Leaf& first = leaves[line.first];
        if (!brackets.empty()) {
            uint32_t opener = brackets.back();
            line.level = first.kind == Kind::Close ? opener : first.pipe ? opener + 2 : opener + 1;
        } else if (!first.starts_statement) {
            // `|>`, or any other line the parser reads on (after an operator).
            line.continuation = true;
            line.level = statement_level + 1;
        } else {
            line.level = statement_level = first.blocks;
        }
        for (size_t i = line.first; i <= line.last; ++i) {
            if (leaves[i].kind == Kind::Open) brackets.push_back(line.level);
            else if (leaves[i].kind == Kind::Close && !brackets.empty()) brackets.pop_back();
        }
    }
    comment_levels(lines);

    // ---- print
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (size_t n = 0; n < lines.size(); ++n) {
        const Line& line = lines[n];
        if (n > 0) {
            bool top_level = line.level == 0 && !line.in_brackets && !line.continuation;
            uint32_t blanks = std::min<uint32_t>(line.blank_before, top_level ? 2 : 1);
            out.append(blanks, '\n');
        }
        out.append(static_cast<size_t>(line.level) * width, ' ');
        for (size_t i = line.first; i <= line.last; ++i) {
            const Leaf& leaf = leaves[i];
            if (i > line.first) out.append(static_cast<size_t>(spaces_between(leaves[i - 1], leaf)), ' ');
            std::string_view t = text.substr(leaf.begin, leaf.end - leaf.begin);
            out.append(leaf.kind == Kind::Comment ? trim_right(t) : t);
        }
        out.push_back('\n');
    }

    // ---- the guarantee: the result parses cleanly to the same tokens, in
    // the same nodes and blocks, with the same comments. A failure here is a
    // bug in the formatter; refusing keeps the user's text safe from it.
    syntax::SyntaxTree again{out};
    const std::vector<Leaf> new_leaves = collect_leaves(again);
    Content before = content_of(text, leaves), after = content_of(out, new_leaves);
    if (refusal(again) || before.code != after.code || before.comments != after.comments) {
        uint32_t at = 0;
        size_t common = std::min(before.code.size(), after.code.size());
        for (size_t i = 0; i < common; ++i) {
            if (before.code[i] != after.code[i]) {
                at = before.code_offsets[i];
                break;
            }
        }
        return FormatRefused{"internal error: the formatted text would not mean the same; please report this file", at};
    }
    return out;
}

}  // namespace ss::format
