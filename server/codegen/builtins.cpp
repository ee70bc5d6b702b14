// Calls of built-ins: the arguments placed by the table's labels, then
// handed to the emitter of the table's `emit` family (builtin_families.cpp).
// Which Python function and which form is the table's
// (check/builtin_table.cpp).
#include "check/builtin_table.hpp"
#include "codegen/builtin_call.hpp"

namespace ss::codegen {

// The arguments where the table's labels put them, as Python would bind
// them: a required one given by name at the next place goes there (`sum(x=v,
// over=E)`; the emitters read those by position), and for a torch function
// called as it is, an optional one given by position goes by name (torch
// makes `gelu`'s `approximate` keyword-only).
void Emitter::place_by_label(const check::Builtin& b, LoweredArgs& args) {
    const std::vector<check::BuiltinLabel>& labels = check::call_labels(b);
    // The runtime's functions take the labels' names (test_builtin_keywords):
    // `Train(seed=0)` stays as written when nothing reads it by position.
    std::string_view target = check::builtin_python(b);
    bool by_name_is_fine = b.emit == check::BuiltinEmit::Call &&
                           (target.rfind("_ss_rt.", 0) == 0 || target.rfind("shapescript.rt.", 0) == 0);
    for (bool moved = !by_name_is_fine; moved;) {
        moved = false;
        size_t next = args.positional.size();
        if (next >= labels.size() || labels[next].optional || labels[next].keyword_only || labels[next].variadic ||
            labels[next].any_keywords)
            break;
        for (size_t i = 0; i < args.keywords.size() && i < args.keyword_exprs.size(); ++i)
            if (args.keywords[i].first == labels[next].name) {
                args.positional.push_back(args.keywords[i].second);
                args.positional_exprs.push_back(args.keyword_exprs[i]);
                args.positional_types.push_back(type_of(*args.keyword_exprs[i]));
                args.keywords.erase(args.keywords.begin() + static_cast<std::ptrdiff_t>(i));
                args.keyword_exprs.erase(args.keyword_exprs.begin() + static_cast<std::ptrdiff_t>(i));
                moved = true;
                break;
            }
    }
    if (b.emit != check::BuiltinEmit::Call) return;
    for (size_t i = args.positional.size(); i-- > 0;)
        if (i < labels.size() && labels[i].optional && !labels[i].variadic && !labels[i].name.empty()) {
            args.keywords.insert(args.keywords.begin(), {labels[i].name, args.positional[i]});
            args.keyword_exprs.insert(args.keyword_exprs.begin(), args.positional_exprs[i]);
            args.positional.erase(args.positional.begin() + static_cast<std::ptrdiff_t>(i));
            args.positional_exprs.erase(args.positional_exprs.begin() + static_cast<std::ptrdiff_t>(i));
            args.positional_types.erase(args.positional_types.begin() + static_cast<std::ptrdiff_t>(i));
        }
}

// A mode passed to a built-in (dropout, value_and_grad's loss) grows the
// draw path by this call site.
void Emitter::builtin_draw_paths(const std::string& name, LoweredArgs& args) {
    for (size_t i = 0; i < args.positional.size(); ++i)
        if (args.positional_types[i] && args.positional_types[i]->kind == check::TypeKind::Mode)
            args.positional[i] = mode_at(args.positional[i], name);
    for (size_t i = 0; i < args.keywords.size(); ++i)
        if (const check::Type* t = type_of(*args.keyword_exprs[i]); t && t->kind == check::TypeKind::Mode)
            args.keywords[i].second = mode_at(args.keywords[i].second, name);
}

// value_and_grad calls its loss: it passes the loss the masks a call would.
void Emitter::loss_masks(const check::Builtin& b, LoweredArgs& args) {
    if (b.rule == check::BuiltinRule::ValueAndGrad && !args.positional_exprs.empty() && args.positional_exprs[0])
        if (auto* loss = std::get_if<ast::NameExpr>(&args.positional_exprs[0]->node))
            if (const check::CallSite* site = passed_function_site(loss->name.range.begin))
                if (std::string masks = pad_keyword(*site); !masks.empty())
                    args.keywords.emplace_back("_ss_pad", Py{masks});
}

std::optional<Py> Emitter::builtin(const std::string& name, LoweredArgs& args, const ast::Expr& whole) {
    builtin_draw_paths(name, args);
    const check::Builtin* b = check::find_builtin(name);
    if (!b) return std::nullopt;
    place_by_label(*b, args);
    BuiltinCall c{name, *b, python_path(check::builtin_python(*b)), args, whole};
    loss_masks(*b, args);
    using check::BuiltinEmit;
    switch (b->emit) {
        case BuiltinEmit::Call: return builtin_call(c);
        case BuiltinEmit::Log: return builtin_log(c);
        case BuiltinEmit::Aligned: return builtin_aligned(c);
        case BuiltinEmit::AlongAxis: return builtin_along_axis(c);
        case BuiltinEmit::Matmul: return builtin_matmul(c);
        case BuiltinEmit::CrossEntropy: return builtin_cross_entropy(c);
        case BuiltinEmit::Norm: return builtin_norm(c);
        case BuiltinEmit::Reduction: return builtin_reduction(c);
        case BuiltinEmit::Sort: return builtin_sort(c);
        case BuiltinEmit::Topk: return builtin_topk(c);
        case BuiltinEmit::Join: return builtin_join(c);
        case BuiltinEmit::Indexing: return builtin_indexing(c);
        case BuiltinEmit::Arange: return builtin_arange(c);
        case BuiltinEmit::Attention: return builtin_attention(c);
        case BuiltinEmit::Value: return Py{c.python, kAtom};
        case BuiltinEmit::NotGenerated:
            fail(whole.range, "`" + name + "` can't be built: " + std::string(b->not_generated));
            return std::nullopt;
        case BuiltinEmit::Initializer: break;  // a model field's (module.cpp); elsewhere a plain call
    }
    return std::nullopt;
}

}  // namespace ss::codegen
