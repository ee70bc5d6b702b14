// Inside a pattern call: the operands' axes in the pattern, `einsum`'s
// operands, `reduce`'s reducer and sizes (`h=16`) after it.
#include "ide/completion/contexts.hpp"
#include "syntax/keywords.hpp"

namespace ss::ide::completion {

using namespace text;

bool complete_pattern(Completions& acc, const CompletionContext& ctx) {
    const Bracket* b = ctx.inner();
    if (!b || b->role != BracketRole::PatternCall) return false;
    using syntax::PatternFunction;
    std::optional<PatternFunction> f = b->callee.empty() ? std::nullopt : syntax::pattern_function(b->callee[0]);
    if (f == PatternFunction::Einsum && !b->colon) {
        add_expression_names(acc, ctx, false);
        return true;
    }
    if (b->arrow && b->argument_start > b->arrow) {
        // After the pattern: reduce's reducer, or sizes `h=16`.
        if (f == PatternFunction::Reduce) {
            for (std::string_view r : syntax::kReducers)
                acc.add(0, std::string(r), CompletionKind::Keyword, "reducer",
                        "Reduces the axes the output leaves out");
            return true;
        }
        if (current_keyword(ctx.c, *b).empty() && b->argument_start == ctx.c.tokens.size())
            for (const std::string& name : written_axes(ctx))
                acc.add(0, name + "=", CompletionKind::Parameter, "the size of " + name);
        add_expression_names(acc, ctx, false);
        return true;
    }
    auto [axes, types] = operand_axes(ctx, *b);
    add_axes(acc, ctx, axes, types, false);
    return true;
}

}  // namespace ss::ide::completion
