// Types: after `:`, `->` and `as`, an element type after a tensor type's
// axes, `over` and its axis after `Logit`, `Prob` and `LogProb`.
#include "ide/completion/contexts.hpp"

namespace ss::ide::completion {

using namespace text;

namespace {

constexpr const char* kElementTypes[][2] = {
    {"f32", "32-bit floats, the default element type"},
    {"f16", "16-bit floats"},
    {"bf16", "bfloat16 floats"},
    {"f64", "64-bit floats"},
    {"i32", "32-bit integers"},
    {"i64", "64-bit integers"},
    {"Mask", "booleans"},
    {"Index", "`Index[V]`: i64 positions in `0..V`"},
    {"Logit", "`Logit over A`: floats, the logits of a distribution over the axis `A`"},
    {"Prob", "`Prob over A`: floats, a distribution over the axis `A`"},
    {"LogProb", "`LogProb over A`: floats, the log of a distribution over the axis `A`"},
};

constexpr const char* kHostTypes[][2] = {
    {"int", "a host integer"},
    {"float", "a host float"},
    {"bool", "a host bool"},
    {"str", "a string"},
    {"Mode", "`Train(seed=...)` or `Eval`"},
    {"Dataset", "`Dataset[D]`: examples of the data record `D`"},
    {"Batch", "`Batch[D]`: a batch of examples of `D`; each field gains a leading axis `b`"},
    {"Optimizer", "`Optimizer[M]`: the optimizer state of the model `M`"},
};

}  // namespace

void add_types(Completions& acc, const CompletionContext& ctx) {
    for (auto& [name, doc] : kElementTypes) acc.add(0, name, CompletionKind::Type, "element type", doc);
    for (auto& [name, doc] : kHostTypes) acc.add(1, name, CompletionKind::Type, "type", doc);
    if (ctx.c.item == ItemKind::ExternFn)
        acc.add(1, "axis", CompletionKind::Type, "type", "The name of an axis of the first tensor argument");
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
        for (auto& [name, doc] : kElementTypes) acc.add(0, name, CompletionKind::Type, "element type", doc);
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
