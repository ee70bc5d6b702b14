// The names in scope: in a function body, its locals, the file's items,
// built-ins and keywords; at the top level, item keywords and snippets.
#include "ide/completion/contexts.hpp"

namespace ss::ide::completion {

using namespace text;

// Everything an expression in a function body may name.
void add_expression_names(Completions& acc, const CompletionContext& ctx, bool statement_start) {
    for (auto it = ctx.locals().rbegin(); it != ctx.locals().rend(); ++it)
        acc.add(1, it->name, it->parameter ? CompletionKind::Parameter : CompletionKind::Variable, it->type.shown());
    for (const check::SymbolFact& f : ctx.facts().symbols)
        if (f.kind == check::SymbolKind::Axis && ctx.own_axis(f.definition))
            acc.add(2, f.name, CompletionKind::Axis, check::describe(f));
    add_items(acc, ctx, 2);
    if (statement_start) acc.add_keywords(4, syntax::KeywordRole::Statement);
    acc.add_keywords(4, syntax::KeywordRole::Value);
    acc.add_keywords(4, syntax::KeywordRole::Prefix);
}

void add_top_level(Completions& acc) {
    acc.add_keywords(4, syntax::KeywordRole::Item);
    acc.add(5, "fn", CompletionKind::Snippet, "fn name(x: [n]) -> [n]:", "A function",
            "fn ${1:name}(${2:x}: ${3:[n]}) -> ${4:[n]}:\n    ${0:return $2}", true);
    acc.add(5, "model", CompletionKind::Snippet, "model Name: fields",
            "A model: parameters with shapes and initialisers",
            "model ${1:Name}:\n    ${2:w}: ${3:[D D]} = ${0:normal(0.02)}", true);
    acc.add(5, "data", CompletionKind::Snippet, "data Name: fields", "A data record: one example's fields",
            "data ${1:Name}:\n    ${2:x}: ${0:[D]}", true);
}

namespace {

bool after_operand(const CompletionContext& ctx) {
    const Token* p = ctx.prev();
    if (!p || p->end == ctx.c.prefix_begin) return false;  // `x.f|`: not after a space
    if (p->kind == TokenKind::Identifier || p->kind == TokenKind::Number || p->kind == TokenKind::String) return true;
    if (p->kind == TokenKind::Keyword) return p->text == "true" || p->text == "false" || p->text == "inf";
    return p->kind == TokenKind::Punct && (p->text == ")" || p->text == "]");
}

bool statement_starts_with_for(const CompletionContext& ctx) {
    for (size_t i = ctx.c.tokens.size(); i-- > 0;) {
        if (ctx.c.tokens[i].kind == TokenKind::Newline)
            return i + 1 < ctx.c.tokens.size() && is(ctx.c.tokens[i + 1], "for");
        if (i == 0) return is(ctx.c.tokens[0], "for");
    }
    return false;
}

}  // namespace

// In a function: its header (`mut`, a default's dims and values), then
// in its body a call's arguments, what may follow an operand, a pipeline
// stage, or the names in scope.
void complete_function(Completions& acc, const CompletionContext& ctx) {
    const Token* p = ctx.prev();
    const Bracket* b = ctx.inner();
    bool depth0 = ctx.c.open.empty();
    if (b && b->role == BracketRole::ParamList) {
        if (p && (is(*p, "(") || is(*p, ","))) acc.add(0, "mut", CompletionKind::Keyword);
        else if (p && is(*p, "=")) {
            add_dims(acc, ctx, 0);
            acc.add_keywords(4, syntax::KeywordRole::Value);
        }
        return;
    }
    bool in_body = false;
    for (const Token& t : ctx.c.tokens)
        if (t.kind == TokenKind::Newline) in_body = true;
    if (!in_body) return;  // `fn f(...) -> R` then more header
    if (complete_call(acc, ctx)) return;
    if (after_operand(ctx)) {
        acc.add_keywords(4, syntax::KeywordRole::Infix);
        if (statement_starts_with_for(ctx)) acc.add(0, "in", CompletionKind::Keyword);
        return;
    }
    if (p && is(*p, "|>")) {
        add_items(acc, ctx, 0, true);  // a pipeline stage: a function
        return;
    }
    bool statement_start = depth0 && (!p || p->kind == TokenKind::Newline);
    add_expression_names(acc, ctx, statement_start);
}

}  // namespace ss::ide::completion
