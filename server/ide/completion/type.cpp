// Types: after `:`, `->` and `as`, an element type after a tensor type's
// axes, `over` and its axis after `Logit`, `Prob` and `LogProb`.
#include "check/builtin_types.hpp"
#include "ide/completion/contexts.hpp"

namespace ss::ide::completion {

using namespace text;

namespace {

void add_builtin_types(Completions& acc, bool extern_fn, bool elements_only) {
    for (const check::BuiltinType& t : check::builtin_types()) {
        bool element = t.family == check::BuiltinTypeFamily::Element;
        if ((elements_only && !element) || (t.extern_only && !extern_fn)) continue;
        acc.add(element ? 0 : 1, std::string(t.name), CompletionKind::Type, element ? "element type" : "type",
                std::string(t.doc));
    }
}

}  // namespace

void add_types(Completions& acc, const CompletionContext& ctx) {
    add_builtin_types(acc, ctx.c.item == ItemKind::ExternFn, false);
    for (const check::SymbolFact& f : ctx.facts().symbols) {
        if (f.kind == check::SymbolKind::Model) acc.add(0, f.name, CompletionKind::Model, check::describe(f));
        if (f.kind == check::SymbolKind::Data) acc.add(0, f.name, CompletionKind::Data, check::describe(f));
    }
}

bool complete_type(Completions& acc, const CompletionContext& ctx) {
    if (type_position(ctx.c)) {
        add_types(acc, ctx);
        return true;
    }
    if (element_position(ctx.c)) {
        add_builtin_types(acc, false, true);
        return true;
    }
    const Token* p = ctx.prev();
    const Token* pp = ctx.prev2();
    if (p && pp && p->kind == TokenKind::Identifier &&
        (p->text == "Logit" || p->text == "Prob" || p->text == "LogProb")) {
        acc.add(0, "over", CompletionKind::Keyword);
        return true;
    }
    if (p && pp && is(*p, "over") && pp->kind == TokenKind::Identifier &&
        (pp->text == "Logit" || pp->text == "Prob" || pp->text == "LogProb")) {
        // The axes of the tensor type just written.
        std::vector<std::string> axes;
        for (size_t i = ctx.c.tokens.size() - 2; i-- > 0;) {
            if (is(ctx.c.tokens[i], "]") && ctx.c.tokens[i].closes == BracketRole::TensorType) {
                size_t j = i;
                while (j > 0 && !(is(ctx.c.tokens[j - 1], "[") && ctx.c.tokens[j - 1].depth == ctx.c.tokens[i].depth))
                    --j;
                for (size_t k = j; k < i; ++k)
                    if (ctx.c.tokens[k].kind == TokenKind::Identifier &&
                        ctx.c.tokens[k].depth == ctx.c.tokens[i].depth + 1)
                        axes.emplace_back(ctx.c.tokens[k].text);
                break;
            }
        }
        add_axes(acc, ctx, axes, "the tensor type", ctx.c.item == ItemKind::Model || ctx.c.item == ItemKind::Data);
        return true;
    }
    return false;
}

}  // namespace ss::ide::completion
