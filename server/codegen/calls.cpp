// Calls: their arguments lowered, and the callee as the checker resolved it
// (a function of the file, an extern fn, a built-in, a Python value), with
// a mode passed on growing the draw path by the call site.
#include <algorithm>

#include "codegen/emitter.hpp"

namespace ss::codegen {

Py Emitter::mode_at(const Py& mode, const std::string& callee) {
    if (mode.text == "_ss_rt.Eval") return mode;
    int k = fn_ ? fn_->call_counts[callee]++ : 0;
    std::string site = callee + "#" + std::to_string(k);
    // Inside `for i in a..b`, each iteration is a call site of its own, so
    // a draw in a loop differs from one iteration to the next.
    if (fn_ && !fn_->loop_indices.empty()) {
        std::string indices;
        for (const std::string& i : fn_->loop_indices) indices += (indices.empty() ? "{" : ",{") + i + "}";
        return {operand(mode, kAtom) + ".at(f\"" + site + "[" + indices + "]\")", kAtom};
    }
    return {operand(mode, kAtom) + ".at(" + py_string(site) + ")", kAtom};
}

LoweredArgs Emitter::lower_args(const std::vector<ast::Argument>& arguments, const Py* piped,
                                const check::Type* piped_type) {
    LoweredArgs out;
    if (piped) {
        out.positional.push_back(*piped);
        out.positional_exprs.push_back(nullptr);
        out.positional_types.push_back(piped_type);
    }
    for (const ast::Argument& a : arguments) {
        if (a.keyword && a.keyword->text == "over") {
            out.over = a.value.get();
            continue;
        }
        if (a.keyword) {
            out.keywords.emplace_back(a.keyword->text, expr(*a.value));
            out.keyword_exprs.push_back(a.value.get());
        } else {
            out.positional.push_back(expr(*a.value));
            out.positional_exprs.push_back(a.value.get());
            out.positional_types.push_back(type_of(*a.value));
        }
    }
    return out;
}

std::string call_text(const std::string& callee, const LoweredArgs& args) {
    std::vector<std::string> parts;
    for (const Py& p : args.positional) parts.push_back(operand(p, kOr));
    for (const auto& [k, v] : args.keywords) parts.push_back(keyword_argument(k, operand(v, kOr)));
    return callee + "(" + py_join(parts) + ")";
}

const check::CallSite* Emitter::call_site(uint32_t at) const {
    auto it = call_sites_.find(at);
    return it == call_sites_.end() ? nullptr : it->second;
}

// A parameter an extern fn declares with a default is passed by name, given
// or not: torch makes such parameters keyword-only (`F.gelu(x, "tanh")` is a
// TypeError), and the target's own default may differ from the declared one
// (`approximate: str = "tanh"` for torch's gelu, whose default is "none").
void Emitter::add_extern_defaults(const std::string& name, const check::CallSite& site, LoweredArgs& args) {
    auto ext = externs_.find(name);
    if (ext == externs_.end()) return;
    const std::vector<ast::Param>& params = ext->second->params;
    std::vector<std::pair<std::string, Py>> by_name;
    size_t keep = args.positional.size();
    for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
        if (params[i].default_value) {
            keep = std::min(keep, i);
            by_name.emplace_back(params[i].name.text, args.positional[i]);
        }  // and none without a default after one (E0306)
    if (keep < args.positional.size()) {
        args.positional.resize(keep);
        args.positional_exprs.resize(std::min(keep, args.positional_exprs.size()));
        args.positional_types.resize(std::min(keep, args.positional_types.size()));
        args.keywords.insert(args.keywords.begin(), by_name.begin(), by_name.end());
    }
    for (const check::ArgumentBinding& a : site.arguments) {
        if (a.source != check::ArgumentSource::Default) continue;
        for (const ast::Param& p : ext->second->params)
            if (p.name.text == a.parameter && p.default_value)
                args.keywords.emplace_back(p.name.text, expr(*p.default_value));
    }
}

// A call of one of the file's functions: its modes grow the draw path, its
// keywords under their Python names, the masks it is passed, and the
// selections it keeps given back kept (padding.cpp).
Py Emitter::file_function_call(const std::string& name, const check::CallSite& site, const check::TypedFunction& fn,
                               LoweredArgs& args) {
    const auto& params = fn.params;
    for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
        if (params[i].type.kind == check::TypeKind::Mode) args.positional[i] = mode_at(args.positional[i], name);
    for (auto& [k, v] : args.keywords)
        for (const auto& p : params)
            if (p.name == k && p.type.kind == check::TypeKind::Mode) v = mode_at(v, name);
    for (auto& keyword : args.keywords) keyword.first = variable_name(keyword.first);
    if (std::string masks = pad_keyword(site); !masks.empty()) args.keywords.emplace_back("_ss_pad", Py{masks});
    LoweredArgs keeping = args;
    keeping.keywords.emplace_back("_ss_keep", Py{"True"});
    if (std::string kept = kept_result(site, call_text(py_name(name, NameRole::Global), keeping)); !kept.empty())
        return {kept, kAtom};
    return {call_text(py_name(name, NameRole::Global), args), kAtom};
}

Py Emitter::call(const ast::Expr& callee, const std::vector<ast::Argument>& arguments, const Py* piped,
                 const check::Type* piped_type, const ast::Expr& whole) {
    LoweredArgs args = lower_args(arguments, piped, piped_type);
    auto* n = std::get_if<ast::NameExpr>(&callee.node);
    // `layers.block(m, x)`: a function of an imported file, by the name
    // this one binds it to (write_ss_imports).
    std::optional<std::string> member = imported_member(callee);
    if (!n && !member) return {call_text(operand(expr(callee), kAtom), args), kAtom};
    const std::string& name = member ? *member : n->name.text;
    ByteRange callee_range = member ? std::get<ast::Attribute>(callee.node).attribute.range : n->name.range;
    // What the callee is, as the checker resolved it (check/program.hpp).
    const check::CallSite* site = call_site(callee_range.begin);
    auto kind = site ? site->kind : check::CalleeKind::Unresolved;
    auto fn = typed_.functions.find(name);
    if (kind == check::CalleeKind::Function && fn != typed_.functions.end())
        return file_function_call(name, *site, fn->second, args);
    if (kind == check::CalleeKind::ExternFunction) {
        if (args.over) args.keywords.emplace_back("dim", Py{dim_of_over(args, 0, whole)});
        add_extern_defaults(name, *site, args);
    }
    if (kind == check::CalleeKind::Builtin)
        if (auto b = builtin(name, args, whole)) return *b;
    return {call_text(value_name(name), args), kAtom};
}

}  // namespace ss::codegen
