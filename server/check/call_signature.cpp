// One call against a signature (call_signature), phase by phase: match the
// arguments to the parameters (the piped value first, then positional,
// then keywords), type them, bind the signature's generic axes and check
// each argument, record what the call binds and does along its axes, and
// give its result type.
#include <algorithm>
#include <utility>

#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/file_checker.hpp"
#include "check/suggest.hpp"

namespace ss::check {

Type FileChecker::call_signature(const std::string& name, const Signature& sig,
                                 const std::vector<const ast::Argument*>& arguments, const Type* piped,
                                 ByteRange piped_range, ByteRange range) {
    size_t site = std::exchange(call_site_, SIZE_MAX);
    // A syntax error among the arguments (reported) leaves their count and
    // order unknown: type them, check nothing about the call.
    if (std::any_of(arguments.begin(), arguments.end(),
                    [](const ast::Argument* a) { return std::holds_alternative<ast::ErrorExpr>(a->value->node); })) {
        for (const ast::Argument* a : arguments) type_of(*a->value);
        return Type{};
    }
    CallMatch m{name, sig, piped, piped_range, range};
    // A prelude built-in's own rules (builtin_table.hpp).
    auto prelude_entry = prelude_signatures_.find(name);
    m.prelude = prelude_entry != prelude_signatures_.end() && &prelude_entry->second == &sig;
    m.builtin = m.prelude ? find_builtin(name) : nullptr;
    if (!match_arguments(m, arguments)) return Type{};
    bind_call(site, sig, m.given, piped, piped_range);
    // A misspelt keyword already explains the argument it was meant for.
    bool keyword_errors = !m.ok;
    for (size_t i = 0; i < sig.params.size() && !keyword_errors; ++i)
        if (!m.has[i] && !sig.params[i].has_default) {
            report(DiagCode::E0502, range, {"`" + name + "`", sig.params[i].name});
            m.ok = false;
        }
    type_arguments(m);
    if (!m.ok || sig.scope.incomplete) return Type{};
    m.bindings.groups_broadcast = m.builtin && m.builtin->emit == BuiltinEmit::Aligned;
    bind_arguments(m);
    if (m.ok) record_call(site, m);
    if (!m.ok) return Type{};
    // A fn that declares no return type gives a value of no type known
    // here, as a Python value: what needs its axes is refused (E0512).
    if (!sig.returns) return python_value();
    return call_result(site, m);
}

bool FileChecker::match_arguments(CallMatch& m, const std::vector<const ast::Argument*>& arguments) {
    const Signature& sig = m.sig;
    const std::string& name = m.name;
    m.given.assign(sig.params.size(), nullptr);
    m.has.assign(sig.params.size(), false);
    size_t next = 0;
    if (m.piped) {
        if (sig.params.empty()) {
            report(DiagCode::E0501, m.piped_range, {"`" + name + "`", "no arguments", "a piped value"});
            return false;
        }
        m.has[0] = true;
        next = 1;
    }
    for (const ast::Argument* a : arguments) {
        if (a->keyword) {
            auto it = std::find_if(sig.params.begin(), sig.params.end(),
                                   [&](const ParamSig& p) { return p.name == a->keyword->text; });
            size_t i = static_cast<size_t>(it - sig.params.begin());
            if (it != sig.params.end() && m.has[i]) {
                bool by_name = m.given[i] && m.given[i]->keyword;
                report(DiagCode::E0509, a->keyword->range,
                       {"`" + name + "`", a->keyword->text, by_name ? "" : ", by position and by name"});
                m.unmatched.push_back(a);
                m.ok = false;
                continue;
            }
            if (it == sig.params.end()) {
                std::vector<std::string> names;
                for (const ParamSig& p : sig.params) names.push_back(p.name);
                report(DiagCode::E0503, a->keyword->range,
                       {"`" + name + "`", a->keyword->text, did_you_mean(a->keyword->text, names)});
                m.unmatched.push_back(a);
                m.ok = false;
                continue;
            }
            m.given[i] = a;
            m.has[i] = true;
            continue;
        }
        // An axis is named (`over=n`), never given by position.
        while (next < sig.params.size() && (m.has[next] || sig.params[next].type.kind == TypeKind::AxisName)) ++next;
        if (next >= sig.params.size()) {
            std::vector<std::string> by_name;
            for (const ParamSig& p : sig.params)
                if (p.type.kind == TypeKind::AxisName) by_name.push_back(p.name);
            report(DiagCode::E0501, a->range,
                   {"`" + name + "`", positional_arguments(sig.params.size() - by_name.size(), by_name), "more"});
            m.unmatched.push_back(a);
            m.ok = false;
            continue;
        }
        m.given[next] = a;
        m.has[next] = true;
        ++next;
    }
    return true;
}

void FileChecker::type_arguments(CallMatch& m) {
    const Signature& sig = m.sig;
    m.types.assign(sig.params.size(), Type{});
    m.where.assign(sig.params.size(), ByteRange{});
    if (m.piped) m.types[0] = *m.piped, m.where[0] = m.piped_range;
    // A causal mask among the later arguments of a built-in that lays them
    // out as the first (masked_fill, where) may name axes of the first
    // (`masked_fill(att, !causal[n m], v)`, m an axis of att).
    const bool causal_from_first = m.builtin && m.builtin->emit == BuiltinEmit::Aligned;
    const Type* saved_causal_scope = causal_scope_;
    for (size_t i = 0; i < sig.params.size(); ++i)
        if (m.given[i]) {
            m.where[i] = m.given[i]->range;
            if (causal_from_first && i > 0) causal_scope_ = &m.types[0];
            // An axis name (`over=m`) is not a value.
            if (sig.params[i].type.kind != TypeKind::AxisName) m.types[i] = type_of(*m.given[i]->value);
            causal_scope_ = saved_causal_scope;
        }
    for (const ast::Argument* a : m.unmatched) type_of(*a->value);
}

void FileChecker::bind_arguments(CallMatch& m) {
    const Signature& sig = m.sig;
    const TensorType* first_tensor = nullptr;  // what `over=` names an axis of
    std::optional<size_t> python_first;        // or a Python value in its place (E0512)
    // Reported once every argument is bound, with what the argument itself bound.
    std::vector<std::pair<size_t, CallBindings>> wrong_elements;
    std::vector<size_t> refused;  // the arguments reported
    for (size_t i = 0; i < sig.params.size(); ++i) {
        if (!m.has[i]) continue;
        const Type& p = sig.params[i].type;
        const Type& a = m.types[i];
        if (p.kind == TypeKind::AxisName) {
            if (!first_tensor && python_first) python_over(*m.given[i], m.where[*python_first]);
            if (const AxisType* axis = check_axis_argument(*m.given[i], first_tensor, sig.params[i].name))
                note_across(m.range, m.name, axis->size);
            continue;
        }
        if (a.kind == TypeKind::Unknown && p.kind == TypeKind::Tensor) note_unknown_argument(m, p.tensor, a);
        if (a.python && p.kind == TypeKind::Tensor && !first_tensor && !python_first) python_first = i;
        if (a.kind == TypeKind::Unknown || p.kind == TypeKind::Unknown) continue;
        if (p.kind == TypeKind::Tensor && a.kind == TypeKind::Tensor) {
            // The same value for a parameter of the same type as one already
            // refused (`where(c, a, a)`, weight and bias) is the same mistake.
            if (std::any_of(refused.begin(), refused.end(), [&](size_t j) {
                    return describe(sig.params[j].type) == describe(p) && describe(m.types[j]) == describe(a) &&
                           same_shape(m.types[j].tensor, a.tensor, nullptr);
                })) {
                m.ok = false;
                continue;
            }
            if (!first_tensor) first_tensor = &a.tensor;
            if (!m.element_source && !p.tensor.element.written && !m.unknown_element) m.element_source = &a.tensor;
            if (!bind_tensor_argument(m, i, wrong_elements)) {
                refused.push_back(i);
                m.ok = false;
            }
            continue;
        }
        check_plain_argument(m, i);
    }
    // A wrong element is reported with what every argument bound: an
    // `Index[V]` whose V a later argument gives is shown with it.
    for (auto& [i, shown] : wrong_elements) {
        shown.sizes.insert(m.bindings.sizes.begin(), m.bindings.sizes.end());
        shown.from.insert(m.bindings.from.begin(), m.bindings.from.end());
        shown.variadic.insert(m.bindings.variadic.begin(), m.bindings.variadic.end());
        // An integer tensor where an Index goes (`arange(0, b)` as
        // cross_entropy's targets): `as` says which axis it indexes.
        const Element& wanted = sig.params[i].type.tensor.element;
        ElementKind given = m.types[i].tensor.element.kind;
        std::string as_index = wanted.kind == ElementKind::Index && m.types[i].kind == TypeKind::Tensor &&
                                       (given == ElementKind::I64 || given == ElementKind::I32)
                                   ? "; integers are an Index once `as` names the axis they index: `" +
                                         written(m.where[i]) + " as " + axes_text(m.types[i].tensor) +
                                         " Index[n]` for an axis `n`"
                                   : "";
        report(DiagCode::E0505, m.where[i],
               {sig.params[i].name,
                // An extern's, as the prelude's: in the caller's axes (its `n` is the caller's `a`).
                expected_text(sig.params[i].type, shown, m.prelude || sig.is_extern, sig.is_extern),
                in_message(m.types[i]) + as_index});
    }
}

void FileChecker::note_unknown_argument(CallMatch& m, const TensorType& param, const Type& argument) {
    if (!argument.python) m.unknown_after_error = true;
    // What it would have bound first: the result mustn't take it from
    // another argument instead (masked_fill of an unknown value would take
    // the mask's axes).
    for (const AxisType& axis : param.axes) {
        if (axis.variadic && !m.bindings.variadic.count(axis.name.value_or("")))
            m.unknown_groups.insert(axis.name.value_or(""));
        for (SymbolId id : axis.size.symbols())
            if (!m.bindings.sizes.count(id)) m.unknown_sizes.insert(id);
    }
    if (!m.element_source && !param.element.written) m.unknown_element = true;
}

bool FileChecker::bind_tensor_argument(CallMatch& m, size_t i,
                                       std::vector<std::pair<size_t, CallBindings>>& wrong_elements) {
    const TensorType& p = m.sig.params[i].type.tensor;
    const TensorType& a = m.types[i].tensor;
    const bool is_extern = m.sig.is_extern;
    if (!bind_tensor(p, a, m.bindings, m.sig.params[i].name, m.where[i], m.prelude, is_extern)) return false;
    // Masks too where the result promotes the choices (`where(c, a, b)` of
    // two masks is a mask, as torch's), not where an operation takes numbers.
    bool any_element = m.builtin && m.builtin->any_element && !p.element.written &&
                       (a.element.kind != ElementKind::Mask || m.builtin->promotes_choices);
    if ((!any_element && !element_fits(bound_element(p.element, m.bindings), a.element, is_extern)) ||
        !distribution_fits(p, a)) {
        wrong_elements.emplace_back(i, m.bindings.undo_last());  // its sizes are as doubtful as its element
        return false;
    }
    if (auto problem = bind_index_bound(p.element, a.element, m.bindings)) {
        report(DiagCode::E0505, m.where[i],
               {m.sig.params[i].name, expected_text(m.sig.params[i].type, m.bindings, m.prelude, is_extern), *problem});
        return false;
    }
    return true;
}

void FileChecker::check_plain_argument(CallMatch& m, size_t i) {
    const Type& p = m.sig.params[i].type;
    const Type& a = m.types[i];
    // A prelude built-in takes a number for its value only when it has a
    // Python function for numbers (`exp(2.0)` is math.exp); torch's take
    // a number for a later tensor (`where(keep, x, 0.0)`), never for a Mask
    // or an Index (`where(n, a, b)`, `gelu(n)`: torch refuses them).
    auto takes_number = [&] {
        if (!m.builtin) return true;
        ElementKind e = p.tensor.element.kind;
        if (e == ElementKind::Mask || e == ElementKind::Index) return false;
        return i > 0 || !m.builtin->python_number.empty();
    };
    bool number = a.kind == TypeKind::Int || a.kind == TypeKind::Float;
    bool scalar_tensor = a.kind == TypeKind::Tensor && a.tensor.axes.empty();
    bool only_variadic = p.kind == TypeKind::Tensor && p.tensor.axes.size() == 1 && p.tensor.axes[0].variadic;
    bool fits = p.kind == a.kind || (p.kind == TypeKind::Float && (a.kind == TypeKind::Int || scalar_tensor)) ||
                (p.kind == TypeKind::Tensor && p.tensor.axes.empty() && number) ||
                (only_variadic && number && takes_number());
    if (fits && only_variadic && number && !m.bindings.variadic.count(p.tensor.axes[0].name.value_or("")))
        m.bindings.variadic[p.tensor.axes[0].name.value_or("")] = {};  // a number: `..s` is no axes
    if (fits && !p.ref.empty() && p.ref != a.ref) fits = false;
    if (!fits) {
        report(DiagCode::E0505, m.where[i],
               {m.sig.params[i].name, expected_text(p, m.bindings, m.prelude, m.sig.is_extern), in_message(a)});
        m.ok = false;
    }
}

void FileChecker::record_call(size_t site, const CallMatch& m) {
    const Signature& sig = m.sig;
    // The callee's axes only: checking may also bind the caller's own
    // symbols (to themselves), which say nothing about the call.
    CallBindings callee_axes = m.bindings;
    std::erase_if(callee_axes.sizes, [&](const auto& entry) {
        return std::none_of(sig.scope.generics.begin(), sig.scope.generics.end(),
                            [&](const auto& g) { return g.second == entry.first; });
    });
    // A Batch parameter's batch axis is one of the callee's too: a loop's
    // batch axis flows through it (analysis/padding.hpp).
    for (size_t i = 0; i < sig.params.size(); ++i) {
        const Type& p = sig.params[i].type;
        if (!m.has[i] || p.kind != TypeKind::Batch || m.types[i].kind != TypeKind::Batch || p.tensor.axes.empty() ||
            m.types[i].tensor.axes.empty())
            continue;
        if (auto axis = p.tensor.axes[0].size.as_symbol()) callee_axes.sizes[*axis] = m.types[i].tensor.axes[0].size;
    }
    bind_call_axes(site, callee_axes);
    // A prelude built-in across its signature's axes (cross_entropy)
    // reduces its group (the examples), with the table's masked version,
    // and mixes along its named axes (the classes) without one.
    // An extern fn outside the prelude may do anything along any axis
    // (nothing says it is elementwise); a parameter without a tensor
    // type can't be followed.
    for (size_t i = 0; i < sig.params.size(); ++i) {
        if (!m.has[i] || m.types[i].kind != TypeKind::Tensor) continue;
        std::string what = sig.is_extern && !m.prelude ? "the extern fn `" + m.name + "`"
                           : sig.params[i].type.kind == TypeKind::Unknown
                               ? "`" + m.name + "`'s parameter `" + sig.params[i].name + "`, which has no shape"
                               : "";
        if (!what.empty()) note_across_every_axis(m.where[i], what, m.types[i]);
    }
    if (m.builtin && m.builtin->across == BuiltinAcross::Signature) {
        for (const auto& [group, covered] : callee_axes.variadic)
            for (const AxisType& a : covered) note_across(m.range, m.name, a.size, m.builtin->masked);
        for (const auto& [id, size] : callee_axes.sizes) note_across(m.range, m.name, size, false);
    }
}

Type FileChecker::call_result(size_t site, const CallMatch& m) {
    const Signature& sig = m.sig;
    auto from_unknown = [&](const Type& t) {
        if (t.kind != TypeKind::Tensor) return false;
        if (m.unknown_element && !t.tensor.element.written) return true;
        for (const AxisType& axis : t.tensor.axes) {
            if (axis.variadic && m.unknown_groups.count(axis.name.value_or(""))) return true;
            for (SymbolId id : axis.size.symbols())
                if (m.unknown_sizes.count(id)) return true;
        }
        return false;
    };
    // A size or element only an argument of unknown type gives: the result's
    // is unknown too, a Python value's when that argument is one (what then
    // needs the result's axes is E0512, not let through to fail in the
    // code generator).
    if (from_unknown(*sig.returns) ||
        std::any_of(sig.returns->elements.begin(), sig.returns->elements.end(), from_unknown))
        return m.unknown_after_error ? Type{} : python_value();
    if (m.prelude) note_masked_rows(m.name, sig, m.given, m.types, m.piped, m.piped_range, m.range);
    // An elementwise function of a number is Python's (math.sqrt, abs):
    // a float, or abs's int of an int, as the generated code computes it.
    if (m.builtin && !m.builtin->python_number.empty()) {
        TypeKind k = sig.params.empty() || !m.has[0] ? TypeKind::Unknown : m.types[0].kind;
        if (k == TypeKind::Int || k == TypeKind::Float || k == TypeKind::Bool)
            return of_kind(m.builtin->python_number == "abs" && k != TypeKind::Float ? TypeKind::Int : TypeKind::Float);
    }
    std::map<SymbolId, Size> fresh;
    Type result = instantiate_return(*sig.returns, m.bindings, m.element_source, &fresh);
    // The last two arguments: where's two choices, minimum's two values.
    const size_t n = m.types.size();
    if (m.prelude && m.builtin && m.builtin->promotes_choices && result.kind == TypeKind::Tensor && n >= 2 &&
        m.has[n - 2] && m.has[n - 1] &&
        (m.types[n - 2].kind == TypeKind::Tensor || m.types[n - 1].kind == TypeKind::Tensor))
        result.tensor.element = promote_elements(m.types[n - 2], m.types[n - 1]);
    if (!exact_sizes(result, m.range)) return Type{};
    // Its `?k` results, made from the data at this call, which a kept
    // selection the callee returns comes back as (analysis/padding.hpp).
    if (site < result_.program.calls.size())
        for (const auto& [id, size] : fresh) {
            result_.program.calls[site].results.push_back({symbol_name(id), id, size, false, {}});
            if (auto made = size.as_symbol(); made && body_) body_->selection_symbols.insert(*made);
        }
    return result;
}

}  // namespace ss::check
