#include "syntax/syntax_check.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <string>

#include "diag/catalogue.hpp"
#include "diag/python_identifier.hpp"
#include "diag/utf8.hpp"
#include "syntax/chunks.hpp"
#include "syntax/hidden_missing.hpp"
#include "syntax/lower.hpp"
#include "syntax/node_kinds.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::syntax {

namespace {

// Past this many, diagnostics of one kind stop: a binary file given by
// mistake must not print a million lines.
constexpr size_t kMaxPerKind = 50;

// --------------------------------------------------------- byte-level checks

// E0003 (invalid UTF-8), E0004 (NUL) and E0006 (tab in indentation), one
// per line each, since one bad byte usually comes with more on its line. A
// tab counts only on a line whose indentation matters: one with code on it
// (blank and comment-only lines don't open or close blocks). E0010 (a lone
// CR, the old Mac line end) once: Python would end a line there but the
// grammar doesn't, so the two would read different programs.
void check_bytes(std::string_view text, uint32_t base, std::vector<Diagnostic>& out) {
    size_t bad_utf8 = 0, nuls = 0, tabs = 0;
    bool lone_cr = false;
    bool at_line_start = true;        // only spaces and tabs so far on the line
    uint32_t first_tab = UINT32_MAX;  // of the line's indentation
    bool line_has_bad_utf8 = false, line_has_nul = false;
    for (size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            at_line_start = true;
            first_tab = UINT32_MAX;
            line_has_bad_utf8 = line_has_nul = false;
            ++i;
            continue;
        }
        auto at = base + static_cast<uint32_t>(i);
        if (at_line_start && c != ' ' && c != '\t') {
            // The indentation ends here: report its tab if the line has code.
            if (first_tab != UINT32_MAX && c != '#' && c != '\r' && tabs++ < kMaxPerKind)
                out.push_back(make_diagnostic(DiagCode::E0006, {first_tab, first_tab + 1}));
            at_line_start = false;
        }
        if (c == '\t' && at_line_start && first_tab == UINT32_MAX) first_tab = at;
        if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n') && !lone_cr) {
            lone_cr = true;
            out.push_back(make_diagnostic(DiagCode::E0010, {at, at + 1}));
        }
        if (c == 0) {
            if (!line_has_nul && nuls++ < kMaxPerKind) out.push_back(make_diagnostic(DiagCode::E0004, {at, at + 1}));
            line_has_nul = true;
            ++i;
            continue;
        }
        if (c < 0x80) {
            ++i;
            continue;
        }
        utf8::Char ch = utf8::decode(text, i);
        if (!ch.valid) {
            if (!line_has_bad_utf8 && bad_utf8++ < kMaxPerKind) {
                static const char* hex = "0123456789ABCDEF";
                std::string byte{hex[c >> 4], hex[c & 15]};
                out.push_back(make_diagnostic(DiagCode::E0003, {at, at + 1}, {byte}));
            }
            line_has_bad_utf8 = true;
        }
        i += ch.length;
    }
}

// --------------------------------------------------------- tree-level checks

// How a user would name a token or node the parser expected.
std::string describe_missing(std::string_view type) {
    if (type == "_newline") return "the end of the line";
    if (type == "_indent") return "an indented block";
    if (type == "_dedent") return "the end of the block";
    if (type == "identifier") return "a name";
    if (type == "integer") return "an integer";
    if (type == "string") return "a string";
    return "`" + std::string(type) + "`";
}

// Where an error sits, for "unexpected `)` in a parameter list".
std::string describe_context(TSNode parent) {
    if (ts_node_is_null(parent)) return "";
    std::string_view type = ts_node_type(parent);
    if (type == "source_file") return " at the top level";
    if (type == "parameter_list" || type == "parameter") return " in a parameter list";
    if (type == "argument_list") return " in the arguments of a call";
    if (type == "tensor_type") return " in a tensor type";
    if (type == "pattern_call" || type == "pattern" || type == "pattern_side") return " in a pattern";
    if (type == "block") return " in a block";
    if (type == "field_block") return " in a field list";
    if (type == "subscript") return " in an index";
    return "";
}

// Most often a line ends with an operator and the expression was meant to
// go on: say so, since "unexpected `return`" alone points at the wrong line.
std::string describe_dangling_operator(const ChunkView& chunk, TSNode error) {
    TSNode before = ts_node_prev_sibling(error);
    while (!ts_node_is_null(before) && ts_node_symbol(before) == NodeKinds::get().comment)
        before = ts_node_prev_sibling(before);
    if (ts_node_is_null(before) || ts_node_is_named(before)) return "";
    if (ts_node_end_point(before).row >= ts_node_start_point(error).row) return "";
    std::string_view op = chunk.node_text(before);
    static constexpr std::string_view kOperators[] = {"+",  "-",   "*",  "/",   "//", "%",  "@", "**",
                                                      "&",  "|",   "==", "!=",  "<",  "<=", ">", ">=",
                                                      "..", "and", "or", "not", "|>", "as", "="};
    for (std::string_view known : kOperators)
        if (op == known)
            return " after `" + std::string(op) +
                   "` at the end of the line above: an expression goes on to the next line only inside brackets"
                   " or on a line that starts with `|>`";
    return "";
}

// The token an ERROR node is about. tree-sitter often starts an ERROR with
// the complete constructs it parsed before the bad token (`w = x)` gives
// ERROR(assignment, `)`)), so skip named children without errors and take
// the first leaf of what follows; when nothing follows, the first leaf.
TSNode unexpected_leaf(TSNode error) {
    TSNode pick = ts_node_child(error, 0);
    uint32_t count = ts_node_child_count(error);
    for (uint32_t i = 0; i < count; ++i) {
        TSNode child = ts_node_child(error, i);
        if (ts_node_symbol(child) == NodeKinds::get().comment) continue;
        if (ts_node_is_named(child) && !ts_node_has_error(child) && !ts_node_is_missing(child) && i + 1 < count)
            continue;
        pick = child;
        break;
    }
    TSNode leaf = ts_node_is_null(pick) ? error : pick;
    while (ts_node_child_count(leaf) > 0) leaf = ts_node_child(leaf, 0);
    return leaf;
}

// The text the user sees at an error: its token, shortened.
std::string first_token_text(const ChunkView& tree, TSNode error) {
    TSNode leaf = unexpected_leaf(error);
    std::string_view text = tree.node_text(leaf);
    if (text.empty()) text = tree.node_text(error);
    auto newline = text.find('\n');
    if (newline != std::string_view::npos) text = text.substr(0, newline);
    if (text.empty()) return "end of file";
    // Shorten to whole UTF-8 characters.
    if (text.size() > 40) {
        size_t cut = 40;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        return "`" + std::string(text.substr(0, cut)) + "...`";
    }
    return "`" + std::string(text) + "`";
}

// The range of that token (to its line's end at most), so a swallowed
// function doesn't paint its whole body.
ByteRange error_range(const ChunkView& chunk, TSNode error) {
    TSNode leaf = unexpected_leaf(error);
    uint32_t begin = ts_node_start_byte(leaf);
    uint32_t end = std::max(ts_node_end_byte(leaf), begin);
    std::string_view text = chunk.text;
    auto newline = text.find('\n', begin);
    if (newline != std::string_view::npos) end = std::min<uint32_t>(end, static_cast<uint32_t>(newline));
    if (end == begin && begin < text.size() && text[begin] != '\n') end = begin + 1;
    return {chunk.base + begin, chunk.base + end};
}

// E0001 for each ERROR node (not looking inside it: one error, one
// diagnostic) and E0002 for each MISSING node. Also E0002 for a MISSING
// hidden token (a NEWLINE where two statements share a line: see
// hidden_missing.hpp), which a node owns when it has an error and none of
// its visible children does; at most one such per line, and none on a line
// with another parse error (in a garbled line each word may end a statement
// of its own). Iterative, so any depth is safe.
void check_tree(const ChunkView& tree, size_t& count, std::vector<Diagnostic>& out) {
    std::vector<uint32_t> error_lines;     // line starts of the diagnostics above, in the chunk
    std::vector<HiddenMissing> hidden_at;  // hidden missing tokens, in order
    auto line_start = [&](uint32_t offset) {
        auto newline = tree.text.rfind('\n', offset == 0 ? 0 : offset - 1);
        return (newline == std::string_view::npos || offset == 0) ? 0u : static_cast<uint32_t>(newline + 1);
    };
    TSTreeCursor cursor = ts_tree_cursor_new(tree.root);
    bool descend = true;
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        bool skip_children = false;
        if (descend) {
            if (is_error_node(node)) {
                error_lines.push_back(line_start(ts_node_start_byte(unexpected_leaf(node))));
                if (count++ < kMaxPerKind) {
                    std::string context = describe_dangling_operator(tree, node);
                    if (context.empty()) context = describe_context(ts_node_parent(node));
                    std::string token = first_token_text(tree, node);
                    // Python's `x[1:]`, `x[::2]`, `x[..., :-1]`.
                    if (context == " in an index" && token == "`:`")
                        context +=
                            ": a slice is `a..b` (`1..` from 1 on, `..4`, `2..5`), with no step; "
                            "`n: 1..` slices the axis named n";
                    // numpy's `x[..., 0]`: here `..` is one whole axis (`:`).
                    if (context == " in an index" && token == "`.`")
                        context +=
                            ": `...` is not written here; `..` is one whole axis, as Python's `:`, and an axis is "
                            "taken by name wherever it is, `x[D: 0]`";
                    out.push_back(
                        make_diagnostic(DiagCode::E0001, error_range(tree, node), {std::move(token), context}));
                }
                skip_children = true;
            } else if (ts_node_is_missing(node)) {
                uint32_t at = tree.base + ts_node_start_byte(node);
                error_lines.push_back(line_start(ts_node_start_byte(node)));
                if (count++ < kMaxPerKind) {
                    Diagnostic d = make_diagnostic(DiagCode::E0002, {at, at}, {describe_missing(ts_node_type(node))});
                    // A missing punctuation token can be inserted as it is.
                    std::string_view token = ts_node_type(node);
                    if (!ts_node_is_named(node) && !token.empty() && token.size() <= 2 &&
                        std::none_of(token.begin(), token.end(),
                                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
                        d.fixes.push_back(
                            Fix{"Insert `" + std::string(token) + "`", {FixEdit{{at, at}, std::string(token)}}});
                    out.push_back(std::move(d));
                }
            } else if (!ts_node_has_error(node)) {
                skip_children = true;  // nothing wrong below here
            } else if (auto hidden = hidden_missing_token(tree, node)) {
                // Its children are fine: only the node's own token is missing.
                hidden_at.push_back(std::move(*hidden));
                skip_children = true;
            }
        }
        if (descend && !skip_children && ts_tree_cursor_goto_first_child(&cursor)) continue;
        if (ts_tree_cursor_goto_next_sibling(&cursor)) {
            descend = true;
            continue;
        }
        // Climb until a node has a next sibling.
        bool done = true;
        while (ts_tree_cursor_goto_parent(&cursor)) {
            if (ts_tree_cursor_goto_next_sibling(&cursor)) {
                done = false;
                break;
            }
        }
        if (done) break;
        descend = true;
    }
    ts_tree_cursor_delete(&cursor);
    if (hidden_at.empty()) return;
    std::sort(error_lines.begin(), error_lines.end());
    for (const HiddenMissing& hidden : hidden_at) {
        uint32_t line = line_start(hidden.offset - tree.base);
        auto known = std::lower_bound(error_lines.begin(), error_lines.end(), line);
        if (known != error_lines.end() && *known == line) continue;
        error_lines.insert(known, line);
        if (count++ < kMaxPerKind) {
            std::string expected = hidden.expected.empty() ? "the end of the line" : hidden.expected;
            out.push_back(make_diagnostic(DiagCode::E0002, {hidden.offset, hidden.offset}, {expected}));
        }
    }
}

// E0011: a name the grammar reads but Python wouldn't (a zero width joiner
// in it, a character of a newer Unicode than Python's). Only characters
// that can't begin a Python name are looked up in the tree, so an ASCII
// chunk costs one pass over its bytes.
void check_names(const ChunkView& tree, std::vector<Diagnostic>& out) {
    const TSSymbol identifier = NodeKinds::get().identifier;
    uint32_t last_checked = UINT32_MAX;  // the start of the identifier checked last
    size_t count = 0;
    for (size_t i = 0; i < tree.text.size();) {
        if (static_cast<unsigned char>(tree.text[i]) < 0x80) {
            ++i;
            continue;
        }
        utf8::Char ch = utf8::decode(tree.text, i);
        auto at = static_cast<uint32_t>(i);
        i += ch.length;
        if (!ch.valid || python::identifier_start(ch.code_point)) continue;
        TSNode node = ts_node_descendant_for_byte_range(tree.root, at, at + ch.length);
        if (ts_node_is_null(node) || ts_node_symbol(node) != identifier || ts_node_start_byte(node) == last_checked)
            continue;
        last_checked = ts_node_start_byte(node);
        std::string_view name = tree.node_text(node);
        size_t bad = python::first_invalid(name);
        if (bad == std::string_view::npos || count++ >= kMaxPerKind) continue;
        utf8::Char c = utf8::decode(name, bad);
        char hex[16];
        std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(c.code_point));
        uint32_t begin = tree.base + last_checked + static_cast<uint32_t>(bad);
        out.push_back(make_diagnostic(DiagCode::E0011, {begin, begin + c.length},
                                      {std::string(name), hex, bad == 0 ? "at the start of a name" : "in a name"}));
    }
}

// E0005: statements of one block, fields of one record and top-level items
// must start at one column. The scanner can't report this (it only opens
// and closes blocks), so it is checked on the finished tree.
//
// Also E0002 for a block header without its `:`. The grammar lets the `:`
// be missing (see blockColon in grammar.js) so that the body still parses;
// this is where the slip is reported.
void check_layout(const ChunkView& tree, size_t& count, std::vector<Diagnostic>& out) {
    const NodeKinds& k = NodeKinds::get();
    std::vector<TSNode> stack{tree.root};
    TSTreeCursor cursor = ts_tree_cursor_new(tree.root);
    while (!stack.empty()) {
        TSNode node = stack.back();
        stack.pop_back();
        TSSymbol symbol = ts_node_symbol(node);
        bool is_container = symbol == k.source_file || symbol == k.block || symbol == k.field_block;
        bool has_header = symbol == k.function_definition || symbol == k.if_statement || symbol == k.elif_clause ||
                          symbol == k.else_clause || symbol == k.for_statement || symbol == k.model_definition ||
                          symbol == k.data_definition;
        bool seen_colon = false;
        uint32_t header_end = 0;  // end of the header's last token, before comments
        uint32_t expected = symbol == k.source_file ? 0 : UINT32_MAX;
        // A cursor walks siblings in O(1) each; ts_node_named_child(i) would not.
        ts_tree_cursor_reset(&cursor, node);
        if (!ts_tree_cursor_goto_first_child(&cursor)) continue;
        do {
            TSNode child = ts_tree_cursor_current_node(&cursor);
            if (has_header && !ts_node_is_named(child) && tree.node_text(child) == ":") seen_colon = true;
            bool is_body = ts_node_symbol(child) == k.block || ts_node_symbol(child) == k.field_block;
            if (has_header && !seen_colon && !ts_node_is_missing(child) && is_body) {
                // Where the `:` belongs: after the header, before a comment.
                uint32_t at = tree.base + header_end;
                Diagnostic d = make_diagnostic(DiagCode::E0002, {at, at}, {"`:` to open the block"});
                d.fixes.push_back(Fix{"Insert `:`", {FixEdit{{at, at}, ":"}}});
                out.push_back(std::move(d));
                seen_colon = true;  // one per header
            }
            if (has_header && !is_body && ts_node_symbol(child) != k.comment) header_end = ts_node_end_byte(child);
            if (!ts_node_is_named(child)) continue;
            // Blocks hold statements and headers hold blocks; expressions
            // never do, so the walk doesn't enter them (it ran over every
            // node of the file before).
            TSSymbol cs = ts_node_symbol(child);
            bool may_hold_blocks = cs == k.block || cs == k.field_block || cs == k.function_definition ||
                                   cs == k.model_definition || cs == k.data_definition || cs == k.if_statement ||
                                   cs == k.elif_clause || cs == k.else_clause || cs == k.for_statement ||
                                   is_error_node(child);
            if (may_hold_blocks && ts_node_child_count(child) > 0) stack.push_back(child);
            if (!is_container || ts_node_symbol(child) == k.comment || is_error_node(child)) continue;
            uint32_t column = ts_node_start_point(child).column;
            // Only a child that starts its line says anything about indentation.
            uint32_t begin = ts_node_start_byte(child);
            if (column > begin) continue;
            std::string_view before = tree.text.substr(begin - column, column);
            if (before.find_first_not_of(" \t") != std::string_view::npos) continue;
            if (expected == UINT32_MAX) {
                expected = column;
            } else if (column != expected && count++ < kMaxPerKind) {
                out.push_back(make_diagnostic(DiagCode::E0005, {tree.base + begin - column, tree.base + begin},
                                              {std::to_string(column + 1), std::to_string(expected + 1)}));
            }
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
}

// Bad bytes make the parser fail too; the encoding diagnostic says what is
// wrong, so parse errors starting on the same line are dropped.
void drop_cascades(std::string_view text, std::vector<Diagnostic>& out) {
    std::vector<uint32_t> bad_line_starts;
    auto line_start = [&](uint32_t offset) {
        offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
        auto newline = text.rfind('\n', offset == 0 ? 0 : offset - 1);
        return (newline == std::string_view::npos || offset == 0) ? 0u : static_cast<uint32_t>(newline + 1);
    };
    for (const Diagnostic& d : out)
        if (d.code == "E0003" || d.code == "E0004") bad_line_starts.push_back(line_start(d.range.begin));
    if (bad_line_starts.empty()) return;
    std::erase_if(out, [&](const Diagnostic& d) {
        if (d.code != "E0001" && d.code != "E0002") return false;
        uint32_t start = line_start(d.range.begin);
        return std::find(bad_line_starts.begin(), bad_line_starts.end(), start) != bad_line_starts.end();
    });
}

// E0009: a bracket left open at the end of its top-level item (the chunk
// splitter ends an item at the next item head even inside brackets). The
// parse errors it causes in the item are dropped: the one message says what
// to fix.
void check_brackets(const ChunkView& chunk, std::vector<Diagnostic>& out) {
    std::string_view text = chunk.text;
    std::vector<std::pair<char, uint32_t>> open;
    std::vector<uint32_t> unclosed;
    auto closer_of = [](char c) { return c == '(' ? ')' : c == '[' ? ']' : '}'; };
    for (uint32_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '"') {
            ++i;
            while (i < text.size() && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
        } else if (c == '(' || c == '[' || c == '{') {
            open.emplace_back(c, i);
        } else if (c == ')' || c == ']' || c == '}') {
            // Closing an outer bracket leaves the inner ones unclosed; a
            // closer with no opener at all is the parser's to report.
            auto match = std::find_if(open.rbegin(), open.rend(), [&](auto& o) { return closer_of(o.first) == c; });
            if (match == open.rend()) continue;
            for (auto it = open.rbegin(); it != match; ++it) unclosed.push_back(it->second);
            open.erase(std::prev(match.base()), open.end());
        }
    }
    for (auto& o : open) unclosed.push_back(o.second);
    if (unclosed.empty()) return;
    std::sort(unclosed.begin(), unclosed.end());
    // When the parser already placed the missing closer (E0002 "expected
    // `)` here", right where it belongs), that says more than this would.
    auto chunk_end = static_cast<uint32_t>(chunk.base + text.size());
    char innermost = text[unclosed.back()];
    std::string placed = std::string("expected `") + closer_of(innermost) + "` here";
    if (std::any_of(out.begin(), out.end(), [&](const Diagnostic& d) {
            return d.code == "E0002" && d.message == placed && d.range.begin >= chunk.base &&
                   d.range.begin <= chunk_end;
        }))
        return;
    // Error recovery around an open bracket often wraps the whole item, so
    // the item's parse errors go, even those before the bracket.
    std::erase_if(out, [&](const Diagnostic& d) {
        return (d.code == "E0001" || d.code == "E0002") && d.range.begin >= chunk.base && d.range.begin <= chunk_end;
    });
    for (uint32_t at : unclosed) {
        char c = text[at];
        out.push_back(make_diagnostic(DiagCode::E0009, {chunk.base + at, chunk.base + at + 1},
                                      {std::string(1, c), std::string(1, closer_of(c))}));
    }
}

}  // namespace

std::vector<Diagnostic> chunk_syntax_diagnostics(std::string_view whole_text, const ChunkView& chunk,
                                                 const ast::File& lowered) {
    std::vector<Diagnostic> out;
    check_bytes(chunk.text, chunk.base, out);
    size_t parse_errors = 0, indentation_errors = 0;
    check_tree(chunk, parse_errors, out);
    check_layout(chunk, indentation_errors, out);
    check_brackets(chunk, out);
    check_names(chunk, out);
    drop_cascades(whole_text, out);
    size_t long_lines = 0;
    for (auto [begin, end] : overlong_lines(chunk.text))
        if (long_lines++ < kMaxPerKind)
            out.push_back(make_diagnostic(DiagCode::E0008, {chunk.base + begin, chunk.base + begin + 1},
                                          {std::to_string(end - begin), std::to_string(kMaxLineBytes)}));
    auto chunk_end = static_cast<uint32_t>(chunk.base + chunk.text.size());
    auto in_chunk = [&](ByteRange at) {
        return at.begin >= chunk.base && at.begin < std::max(chunk_end, chunk.base + 1);
    };
    for (ByteRange at : lowered.too_deep)
        if (in_chunk(at)) out.push_back(make_diagnostic(DiagCode::E0007, {at.begin, at.begin + 1}));
    for (ByteRange at : lowered.positional_after_keyword)
        if (in_chunk(at)) out.push_back(make_diagnostic(DiagCode::E0012, at));
    return out;
}

std::vector<Diagnostic> merge_syntax_diagnostics(std::vector<Diagnostic> all) {
    std::stable_sort(all.begin(), all.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    // At most kMaxPerKind of a code in a file, the first ones.
    std::map<std::string, size_t> seen;
    std::erase_if(all, [&](const Diagnostic& d) { return seen[d.code]++ >= kMaxPerKind; });
    return all;
}

std::vector<Diagnostic> syntax_diagnostics(const SyntaxTree& tree, const ast::File& file) {
    std::vector<Diagnostic> all;
    for (const ChunkView& chunk : tree.chunks()) {
        auto part = chunk_syntax_diagnostics(tree.text(), chunk, file);
        all.insert(all.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    }
    return merge_syntax_diagnostics(std::move(all));
}

std::vector<Diagnostic> check_syntax(std::string_view source) {
    SyntaxTree tree{std::string(source)};
    ast::File file = lower(tree);
    return syntax_diagnostics(tree, file);
}

}  // namespace ss::syntax
