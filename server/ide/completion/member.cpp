// After `.`: a record's fields (`m.`, `batch.`), a model's `init` (`Mlp.`),
// an imported module's names (`layers.`).
#include <variant>

#include "ide/completion/contexts.hpp"

namespace ss::ide::completion {

using namespace text;

// `m.`, `batch.`, `Mlp.`: fields, or a model's `init`.
bool complete_member(Completions& acc, const CompletionContext& ctx) {
    const Token* p = ctx.prev();
    if (!p || !is(*p, ".")) return false;
    const auto& t = ctx.c.tokens;
    size_t i = t.size() - 1;
    std::vector<std::string_view> chain;
    while (i >= 1 && is_name(t[i - 1])) {
        chain.insert(chain.begin(), t[i - 1].text);
        if (i >= 3 && is(t[i - 2], ".")) i -= 2;
        else break;
    }
    if (chain.empty()) return true;  // `f(x).`, `3.`: nothing known
    // `layers.`, `nn.attention.`: the module's names, as this file imports
    // them (each a fact of its own, `layers.block`); `layers.Block.`: init.
    if (!ctx.local(chain[0])) {
        std::string prefix;
        for (std::string_view part : chain) prefix += std::string(part) + ".";
        bool module = false;
        for (const check::SymbolFact& f : ctx.facts().symbols) {
            if (!f.module) continue;
            if (f.kind == check::SymbolKind::Model && f.name + "." == prefix) {
                acc.add(0, "init", CompletionKind::Function, "init(seed: int) -> " + f.name,
                        "Makes a `" + f.name + "` with each field drawn by its initialiser from `seed`.",
                        "init(seed=${1:0})", true);
                return true;
            }
            if (f.name.size() <= prefix.size() || f.name.compare(0, prefix.size(), prefix) != 0 ||
                f.name.find('.', prefix.size()) != std::string::npos)
                continue;
            module = true;
            CompletionKind kind = f.kind == check::SymbolKind::Dim     ? CompletionKind::Dim
                                  : f.kind == check::SymbolKind::Model ? CompletionKind::Model
                                  : f.kind == check::SymbolKind::Data  ? CompletionKind::Data
                                                                       : CompletionKind::Function;
            acc.add(0, f.name.substr(prefix.size()), kind, check::describe(f));
        }
        if (module) return true;
    }
    if (chain.size() == 1 && !ctx.local(chain[0])) {
        bool is_model = false;
        if (ctx.record(chain[0], &is_model) && is_model)
            acc.add(0, "init", CompletionKind::Function, "init(seed: int) -> " + std::string(chain[0]),
                    "Makes a `" + std::string(chain[0]) + "` with each field drawn by its initialiser from `seed`.",
                    "init(seed=${1:0})", true);
        return true;
    }
    ValueType type = ctx.chain_type(chain);
    bool batch = false;
    const ast::Item* rec = type.empty() ? nullptr : ctx.record_of_type(type, &batch);
    if (rec) add_fields(acc, ctx, *rec, batch, std::holds_alternative<ast::ModelDef>(rec->node));
    return true;
}

}  // namespace ss::ide::completion
