// Inside a call: the keyword arguments not given yet, the operand's axes
// after `over=`, else what an argument may name.
#include <algorithm>
#include <unordered_set>

#include "ide/builtin_docs.hpp"
#include "ide/completion/contexts.hpp"
#include "ide/function_label.hpp"

namespace ss::ide::completion {

using namespace text;

namespace {

struct CalleeParams {
    std::vector<std::string> names;
    std::vector<std::string> labels;
    std::vector<bool> variadic;
    bool known = false;
};

CalleeParams callee_params(const CompletionContext& ctx, const Bracket& b) {
    CalleeParams out;
    if (b.callee.empty()) return out;
    if (b.callee.size() == 2 && b.callee[1] == "init" && !ctx.local(b.callee[0])) {
        bool is_model = false;
        if (ctx.record(b.callee[0], &is_model) && is_model) {
            out.known = true;
            out.names = {"seed"};
            out.labels = {"seed: int"};
            out.variadic = {false};
        }
        return out;
    }
    if (b.callee.size() != 1 || ctx.local(b.callee[0])) return out;
    if (const ast::Item* item = ctx.function(b.callee[0])) {
        FunctionLabel label = function_label(ctx.s, *item);
        out.known = true;
        out.names = label.names;
        for (auto [from, to] : label.params) {
            out.labels.push_back(label.label.substr(from, to - from));
            out.variadic.push_back(false);
        }
        return out;
    }
    if (const BuiltinDoc* d = builtin_doc(b.callee[0])) {
        out.known = true;
        for (const BuiltinParam& p : d->params) {
            out.names.push_back(p.name);
            out.labels.push_back(p.label);
            out.variadic.push_back(p.variadic);
        }
    }
    return out;
}

}  // namespace

bool complete_call(Completions& acc, const CompletionContext& ctx) {
    const Bracket* b = ctx.inner();
    if (!b || b->role != BracketRole::Call) return false;
    CalleeParams params = callee_params(ctx, *b);
    std::string_view keyword = current_keyword(ctx.c, *b);
    size_t argument_tokens = ctx.c.tokens.size() - std::min(b->argument_start, ctx.c.tokens.size());
    if (!keyword.empty() && argument_tokens == 2) {
        // `over=`: an axis of the operand.
        bool axis = keyword == "over";
        for (size_t i = 0; i < params.names.size(); ++i)
            if (params.names[i] == keyword && params.labels[i].find(": axis") != std::string::npos) axis = true;
        if (axis) {
            auto [axes, types] = operand_axes(ctx, *b);
            add_axes(acc, ctx, axes, types, false);
            return true;
        }
        add_expression_names(acc, ctx, false);
        return true;
    }
    if (argument_tokens == 0 && params.known) {
        // Keyword arguments not given yet, past the positional ones.
        std::unordered_set<std::string> given;
        int depth = ctx.c.tokens[b->open].depth + 1;
        for (size_t i = b->open + 1; i + 1 < ctx.c.tokens.size(); ++i)
            if (ctx.c.tokens[i].depth == depth && is_name(ctx.c.tokens[i]) && is(ctx.c.tokens[i + 1], "=") &&
                (is(ctx.c.tokens[i - 1], "(") || is(ctx.c.tokens[i - 1], ",")))
                given.insert(std::string(ctx.c.tokens[i].text));
        size_t positional = static_cast<size_t>(b->commas) + (is_piped(ctx.c, *b) ? 1 : 0);
        for (size_t i = 0; i < params.names.size(); ++i) {
            if (i < positional || params.variadic[i] || given.count(params.names[i])) continue;
            if (params.names[i].empty()) continue;
            acc.add(0, params.names[i] + "=", CompletionKind::Parameter, params.labels[i]);
        }
    }
    if (ctx.c.item == ItemKind::Model || ctx.c.item == ItemKind::Data) {
        add_dims(acc, ctx, 1);
        return true;
    }
    add_expression_names(acc, ctx, false);
    return true;
}

}  // namespace ss::ide::completion
