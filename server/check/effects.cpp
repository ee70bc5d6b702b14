// Recording the program facts (program.hpp) while a body is checked: each
// call site with its callee as the checker resolved it, how its arguments
// bound to parameters and its generic axes to the caller's sizes, and the
// effects of the body (what a step, a recording or an export is made of).
#include <algorithm>

#include "check/builtin_table.hpp"
#include "check/file_checker.hpp"

namespace ss::check {

namespace {

bool is_state(const Type& t) { return t.kind == TypeKind::Model || t.kind == TypeKind::Optimizer; }

}  // namespace

void FileChecker::record_effect(EffectKind kind, ByteRange range, std::string detail, Size size) {
    if (!body_ || muted_) return;
    result_.program.effects.push_back({kind, range, std::move(detail), std::move(size)});
}

void FileChecker::note_across(ByteRange range, const std::string& operation, const Size& size, bool masked) {
    // Only a size of symbols can be padded; a file has many of the others
    // (each `@` over a dim), which would only take room.
    if (size.as_constant() || size.overflowed()) return;
    record_effect(masked ? EffectKind::AcrossAxisMasked : EffectKind::AcrossAxis, range, operation, size);
}

void FileChecker::note_across_every_axis(ByteRange range, const std::string& operation, const Type& value) {
    // A batch's axes are its batch axis (its fields have it first); a
    // tuple's, its elements'.
    for (const Type& e : value.elements) note_across_every_axis(range, operation, e);
    if (value.kind != TypeKind::Tensor && value.kind != TypeKind::Batch) return;
    for (const AxisType& axis : value.tensor.axes)
        if (!axis.variadic) note_across(range, operation, axis.size, false);
}

void FileChecker::note_outliving(const Type& value, ByteRange range, const std::string& what) {
    if (!body_) return;
    for (SymbolId axis : body_->ended_batch_axes)
        if (mentions(value, axis)) record_effect(EffectKind::AcrossAxis, range, what, Size::symbol(axis));
}

void FileChecker::note_across(ByteRange range, const std::string& builtin, const Size& size) {
    const Builtin* b = find_builtin(builtin);
    if (b && b->across != BuiltinAcross::Nothing) note_across(range, "`" + builtin + "`", size, b->masked);
}

const Local* FileChecker::mut_parameter(std::string_view name) const {
    auto local = body_->locals.find(std::string(name));
    if (local == body_->locals.end() || !local->second.is_parameter || !local->second.is_mut) return nullptr;
    return &local->second;
}

size_t FileChecker::open_call(CalleeKind kind, std::string callee, ByteRange callee_range, ByteRange range,
                              const std::vector<const ast::Argument*>& arguments, const Type* piped,
                              ByteRange piped_range) {
    if (!body_ || muted_) return SIZE_MAX;
    CallSite site{body_->fn->name.text, std::move(callee), kind, range, callee_range, {}, {}, {}};
    // Without a signature, arguments are recorded as written; call_signature
    // replaces them with the parameters they bound to.
    site.arguments.reserve(arguments.size() + (piped ? 1 : 0));
    if (piped) site.arguments.push_back({"", ArgumentSource::Piped, piped_range});
    for (const ast::Argument* a : arguments)
        site.arguments.push_back({a->keyword ? a->keyword->text : "",
                                  a->keyword ? ArgumentSource::Keyword : ArgumentSource::Positional, a->range});
    result_.program.calls.push_back(std::move(site));
    size_t at = result_.program.calls.size() - 1;
    if (kind == CalleeKind::ExternFunction || kind == CalleeKind::Python)
        record_effect(EffectKind::PythonCall, range, result_.program.calls[at].callee);
    return at;
}

void FileChecker::bind_call(size_t site, const Signature& sig, const std::vector<const ast::Argument*>& given,
                            const Type* piped, ByteRange piped_range) {
    if (site >= result_.program.calls.size()) return;
    std::vector<ArgumentBinding> bound;
    bound.reserve(sig.params.size());
    for (size_t i = 0; i < sig.params.size(); ++i) {
        const ParamSig& p = sig.params[i];
        if (piped && i == 0) bound.push_back({p.name, ArgumentSource::Piped, piped_range});
        else if (given[i])
            bound.push_back(
                {p.name, given[i]->keyword ? ArgumentSource::Keyword : ArgumentSource::Positional, given[i]->range});
        else if (p.has_default) bound.push_back({p.name, ArgumentSource::Default, {}});
        else continue;
        // A caller's `mut` parameter passed to a callee's `mut` parameter
        // may be changed by the call.
        if (!p.is_mut) continue;
        std::string argument = piped && i == 0 ? written(piped_range) : given[i] ? written(given[i]->value->range) : "";
        if (mut_parameter(argument)) record_effect(EffectKind::ChangesMutParameter, bound.back().range, argument);
    }
    result_.program.calls[site].arguments = std::move(bound);
}

void FileChecker::bind_call_axes(size_t site, const CallBindings& bindings) {
    if (site >= result_.program.calls.size()) return;
    std::vector<AxisBinding> axes;
    for (const auto& [id, size] : bindings.sizes) axes.push_back({symbol_name(id), id, size, false, {}});
    for (const auto& [group, covered] : bindings.variadic) {
        Type taken = of_kind(TypeKind::Tensor);
        taken.tensor.axes = covered;
        axes.push_back({group, 0, {}, true, fact_type(taken, types())});
    }
    std::sort(axes.begin(), axes.end(), [](const AxisBinding& a, const AxisBinding& b) {
        return std::pair(a.variadic, a.axis) < std::pair(b.variadic, b.axis);
    });
    result_.program.calls[site].axes = std::move(axes);
}

// A built-in's own effects: device work (`value_and_grad`, `update`), the
// state `update(m, opt, grads)` changes, print, log, save and load.
void FileChecker::call_effects(size_t site, const std::vector<const ast::Argument*>& arguments, ByteRange piped_range) {
    if (site >= result_.program.calls.size()) return;
    const CallSite& call = result_.program.calls[site];
    if (call.kind != CalleeKind::Builtin) return;
    std::string name = call.callee;
    ByteRange range = call.range;
    // Built-ins whose call is an effect of its own, besides being a call
    // (the table's `effect`).
    const Builtin* builtin = find_builtin(name);
    if (!builtin || !builtin->effect) return;
    if (!call_has_effect(*builtin, piped_range.end > piped_range.begin,
                         std::any_of(arguments.begin(), arguments.end(),
                                     [](const ast::Argument* a) { return !a->keyword; })))
        return;
    record_effect(*builtin->effect, range, name);
    if (builtin->rule != BuiltinRule::Update) return;
    // update's model and optimizer, as written: the piped value, then the
    // positional arguments.
    std::vector<std::pair<std::string, ByteRange>> state;
    if (piped_range.end > piped_range.begin) state.emplace_back(written(piped_range), piped_range);
    for (const ast::Argument* a : arguments)
        if (!a->keyword) state.emplace_back(written(a->value->range), a->range);
    for (size_t i = 0; i < state.size() && i < 2; ++i)
        if (const Local* p = mut_parameter(state[i].first); p && is_state(p->type))
            record_effect(EffectKind::ChangesMutParameter, state[i].second, state[i].first);
}

// A size made while typing `expr` that only the data can tell (`?k` from a
// mask, `topk` or a signature): recorded once, where it is first made.
void FileChecker::note_data_sizes(const ast::Expr& expr, const Type& type, size_t symbols_before) {
    if (!body_ || muted_ || symbol_names_.size() == symbols_before) return;
    auto note = [&](const TensorType& t) {
        for (const AxisType& axis : t.axes)
            for (SymbolId id : axis.size.symbols())
                if (id >= symbols_before && symbol_name(id).rfind('?', 0) == 0 &&
                    std::find(noted_sizes_.begin(), noted_sizes_.end(), id) == noted_sizes_.end()) {
                    noted_sizes_.push_back(id);
                    record_effect(EffectKind::DataDependentSize, expr.range, axis.written, Size::symbol(id));
                }
    };
    if (type.kind == TypeKind::Tensor) note(type.tensor);
    for (const Type& e : type.elements)
        if (e.kind == TypeKind::Tensor) note(e.tensor);
}

}  // namespace ss::check
