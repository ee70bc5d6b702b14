// Axis names: inside a tensor type, `causal[...]` or `Index[...]`, and
// for the patterns, `over=` and keyword arguments of the other contexts.
#include <algorithm>
#include <unordered_set>

#include "ide/completion/contexts.hpp"

namespace ss::ide::completion {

using namespace text;

// Axis names: the operands' first, then the names written in this
// item's types and patterns and its signature's axes, then dims.
void add_axes(Completions& acc, const CompletionContext& ctx, const std::vector<std::string>& operand_axes,
              const std::string& operand_type, bool dims_only) {
    std::unordered_set<std::string> dims;
    for (const check::SymbolFact& f : ctx.facts().symbols)
        if (f.kind == check::SymbolKind::Dim) dims.insert(f.name);
    for (const std::string& a : operand_axes)
        acc.add(0, a, dims.count(a) ? CompletionKind::Dim : CompletionKind::Axis, "axis of " + operand_type);
    if (!dims_only) {
        for (const check::SymbolFact& f : ctx.facts().symbols)
            if (f.kind == check::SymbolKind::Axis && ctx.own_axis(f.definition) && !dims.count(f.name))
                acc.add(1, f.name, CompletionKind::Axis, check::describe(f));
        for (const std::string& name : written_axes(ctx))
            if (!dims.count(name)) acc.add(1, name, CompletionKind::Axis, "axis");
    }
    add_dims(acc, ctx, 2);
}

// Names written inside tensor types, `causal[...]` and patterns of
// this item, before the offset.
std::vector<std::string> written_axes(const CompletionContext& ctx) {
    std::vector<std::string> out;
    // A name is an axis when the bracket around it (as its closer, or the
    // open bracket, says) is a tensor type, `causal[` or a pattern call.
    std::vector<std::pair<size_t, size_t>> spans;  // token spans of axis brackets
    std::vector<size_t> opens;
    for (size_t i = 0; i < ctx.c.tokens.size(); ++i) {
        const Token& t = ctx.c.tokens[i];
        if (t.kind != TokenKind::Punct) continue;
        if (t.text == "(" || t.text == "[" || t.text == "{") opens.push_back(i);
        if ((t.text == ")" || t.text == "]" || t.text == "}") && !opens.empty()) {
            BracketRole r = t.closes;
            if (r == BracketRole::TensorType || r == BracketRole::Causal || r == BracketRole::PatternCall)
                spans.emplace_back(opens.back(), i);
            opens.pop_back();
        }
    }
    for (const Bracket& b : ctx.c.open)
        if (b.role == BracketRole::TensorType || b.role == BracketRole::Causal || b.role == BracketRole::PatternCall)
            spans.emplace_back(b.open, ctx.c.tokens.size());
    std::unordered_set<std::string> seen;
    for (auto [from, to] : spans) {
        // A pattern call's operands (before its `:`) are values.
        if (ctx.c.tokens[from].kind == TokenKind::Punct && ctx.c.tokens[from].text == "(")
            for (size_t i = from + 1; i < to && i < ctx.c.tokens.size(); ++i) {
                if (ctx.c.tokens[i].depth != ctx.c.tokens[from].depth + 1) continue;
                if (is(ctx.c.tokens[i], "->")) break;
                if (is(ctx.c.tokens[i], ":")) {
                    from = i;
                    break;
                }
            }
        for (size_t i = from + 1; i < to && i < ctx.c.tokens.size(); ++i) {
            const Token& t = ctx.c.tokens[i];
            if (t.kind != TokenKind::Identifier || syntax::pattern_function(t.text)) continue;
            if (i > 0 && is(ctx.c.tokens[i - 1], "=")) continue;  // a size argument's value
            if (i + 1 < ctx.c.tokens.size() && is(ctx.c.tokens[i + 1], "=")) continue;
            if (seen.insert(std::string(t.text)).second) out.emplace_back(t.text);
        }
    }
    return out;
}

// The axes of the operands of a call or pattern call.
std::pair<std::vector<std::string>, std::string> operand_axes(const CompletionContext& ctx, const Bracket& b) {
    std::vector<ByteRange> operands;
    ByteRange first = call_operand(ctx.c, b);
    if (is_piped(ctx.c, b)) operands.push_back(first);
    if (b.role == BracketRole::PatternCall && b.colon) {
        // einsum(q, k: ...), rearrange(x: ...): the operands before `:`.
        int depth = ctx.c.tokens[b.open].depth + 1;
        size_t start = b.open + 1;
        for (size_t i = b.open + 1; i <= b.colon && i < ctx.c.tokens.size(); ++i)
            if (i == b.colon || (ctx.c.tokens[i].depth == depth && is(ctx.c.tokens[i], ","))) {
                if (i > start) operands.push_back({ctx.c.tokens[start].begin, ctx.c.tokens[i - 1].end});
                start = i + 1;
            }
    } else if (!is_piped(ctx.c, b) && b.role == BracketRole::Call) {
        operands.push_back(first);
    }
    std::vector<std::string> axes;
    std::string types;
    for (ByteRange r : operands) {
        ValueType type = ctx.expression_type(r);
        if (type.empty()) continue;
        for (std::string& a : axis_names(type))
            if (std::find(axes.begin(), axes.end(), a) == axes.end()) axes.push_back(std::move(a));
        types += (types.empty() ? "" : ", ") + type.shown();
    }
    return {axes, types};
}

// Inside `[...]` of a tensor type, `causal[...]`, `Index[...]`.
bool complete_axes(Completions& acc, const CompletionContext& ctx) {
    const Bracket* b = ctx.inner();
    if (!b) return false;
    bool record_item = ctx.c.item == ItemKind::Model || ctx.c.item == ItemKind::Data;
    if (b->role == BracketRole::TensorType || b->role == BracketRole::Causal) {
        // `x as [`: x's axes first.
        std::vector<std::string> axes;
        ValueType type;
        if (b->open >= 1 && is(ctx.c.tokens[b->open - 1], "as")) {
            type = ctx.expression_type(operand_before(ctx.c, b->open - 1));
            axes = axis_names(type);
        }
        add_axes(acc, ctx, axes, type.shown(), record_item);
        return true;
    }
    if (b->role == BracketRole::TypeArgs) {
        std::string_view type = b->open >= 1 ? ctx.c.tokens[b->open - 1].text : "";
        for (const check::SymbolFact& f : ctx.facts().symbols) {
            if ((type == "Dataset" || type == "Batch") && f.kind == check::SymbolKind::Data)
                acc.add(0, f.name, CompletionKind::Data, check::describe(f));
            if (type == "Optimizer" && f.kind == check::SymbolKind::Model)
                acc.add(0, f.name, CompletionKind::Model, check::describe(f));
        }
        if (type == "Index") add_axes(acc, ctx, {}, "", record_item);
        return true;
    }
    return false;
}

}  // namespace ss::ide::completion
