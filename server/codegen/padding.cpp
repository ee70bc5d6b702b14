// What padding writes into the module (docs/padding.md, docs/generated-code.md,
// "Padding"): the axes the padding analysis pads (analysis::PaddingResult::padded)
// have pad ids; a function that has any keeps their masks in `_ss_pads`,
// from its loops' batches or from its caller's `_ss_pad=`, and a masked
// operation names which dims of its first operand are padded.
#include <algorithm>
#include <cstdlib>

#include "analysis/imported.hpp"
#include "analysis/words.hpp"
#include "check/describe.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

void Emitter::index_padding(const analysis::Result& analysed) {
    const analysis::PaddableResult& paddable = analysed.paddable();
    for (const analysis::PaddableAxis& axis : paddable.axes) paddable_[axis.function].push_back(&axis);
    imported_ = analysed.imported();
    if (!options_.padding) return;  // --no-padding: no pad ids, so nothing is masked
    for (const auto* padded : {&analysed.padding.padded, &paddable.padded})
        for (const analysis::PaddedAxis& axis : *padded) {
            pad_ids_[axis.function][axis.symbol] = axis.id;
            if (axis.loop) padded_loops_[axis.loop->begin] = axis.id;
            if (!axis.made_here) given_pads_.insert(axis.function);
            if (axis.made_here && !axis.loop) made_pads_[axis.function].insert(axis.symbol);
        }
}

const std::map<check::SymbolId, int>* Emitter::pads_of(const std::string& function) const {
    auto it = pad_ids_.find(function);
    return it == pad_ids_.end() ? nullptr : &it->second;
}

namespace {

// Whether dim `a` and the dim written `b` ("1", "-1") may be the same of a
// value of `ndim` dims (-1 when a variadic group leaves it unknown): when
// `b` isn't a number, or the two can't be told apart, they may.
bool same_dim(long a, const std::string& b, long ndim) {
    char* end = nullptr;
    long other = std::strtol(b.c_str(), &end, 10);
    if (b.empty() || *end) return true;
    if ((a < 0) == (other < 0)) return a == other;
    if (ndim < 0) return true;
    return (a + ndim) % ndim == (other + ndim) % ndim;
}

}  // namespace

std::string Emitter::padded_dims(const check::Type* type, const std::string& along) const {
    if (!fn_ || !fn_->pads || !is_tensor(type)) return "";
    const auto& axes = type->tensor.axes;
    bool variadic = std::any_of(axes.begin(), axes.end(), [](const check::AxisType& a) { return a.variadic; });
    long ndim = variadic ? -1 : static_cast<long>(axes.size());
    std::string pairs;
    for (const PlacedAxis& a : placed_axes(type->tensor)) {
        auto symbol = a.axis->size.as_symbol();
        if (!symbol) continue;
        auto id = fn_->pads->find(*symbol);
        if (id == fn_->pads->end()) continue;
        if (!along.empty() && !same_dim(a.dim, along, ndim)) continue;
        pairs += "(" + std::to_string(id->second) + ", " + std::to_string(a.dim) + "), ";
    }
    if (pairs.empty()) return "";
    fn_->reads_pads = true;
    pairs.erase(pairs.size() - 1);  // the trailing space; the comma makes a one-pair tuple
    return "(" + pairs + ")";
}

std::string Emitter::masked_arguments(const check::Type* type, const std::string& along) const {
    std::string dims = padded_dims(type, along);
    return dims.empty() ? "" : ", _ss_pads, " + dims;
}

std::string Emitter::pad_keyword(const check::CallSite& site) const {
    const std::map<check::SymbolId, int>* callee = pads_of(site.callee);
    // A function of another file takes its masks by its own file's pad ids.
    const analysis::ImportedVerdicts* other =
        !callee && imported_ ? imported_->of(check_.program, site.callee) : nullptr;
    if (!fn_ || !fn_->pads || (!callee && !other)) return "";
    auto callee_id = [&](const check::AxisBinding& b) -> std::optional<int> {
        if (callee) {
            auto to = callee->find(b.symbol);
            return to == callee->end() ? std::nullopt : std::optional<int>(to->second);
        }
        auto axis = other->axes.find(b.axis);
        return axis == other->axes.end() ? std::nullopt : axis->second.pad_id;
    };
    std::string entries;
    for (const auto& [symbol, id] : *fn_->pads)
        for (const check::AxisBinding* b : check::callee_axes_of(site, symbol))
            if (auto to = callee_id(*b); to && !b->variadic)
                entries +=
                    (entries.empty() ? "" : ", ") + std::to_string(*to) + ": _ss_pads.get(" + std::to_string(id) + ")";
    if (entries.empty()) return "";
    fn_->reads_pads = true;
    return "{" + entries + "}";
}

std::string Emitter::kept_selection(const ast::Expr& whole, const ast::Expr& mask, const Py& value,
                                    const std::string& mask_text, size_t dim) {
    const check::Type* keep = type_of(mask);
    const check::Type* out = type_of(whole);
    if (!fn_ || !fn_->pads || !is_tensor(keep) || keep->tensor.element.kind != check::ElementKind::Mask ||
        keep->tensor.axes.size() != 1 || !is_tensor(out) || dim >= out->tensor.axes.size())
        return "";
    auto k = out->tensor.axes[dim].size.as_symbol();
    auto id = k ? fn_->pads->find(*k) : fn_->pads->end();
    if (id == fn_->pads->end()) return "";
    fn_->reads_pads = true;
    return "_ss_rt.keep_selected(" + operand(value, kOr) + ", " + mask_text + ", " + std::to_string(dim) +
           ", _ss_pads, " + std::to_string(id->second) + ")";
}

namespace {

// Where a function's declared result has the size symbol `declared` (a
// `?k`): `(None, 0), ` for a tensor's dim 0, `(1, 0), ` for a tuple's
// second element's; what give_back and kept_result key its mask by, on
// both sides of the call.
// Given the returned value's type, only where it has the size `made` there.
std::vector<std::string> result_places(const check::Type& returns, check::SymbolId declared,
                                       const check::Type* value = nullptr, check::SymbolId made = 0) {
    std::vector<std::string> out;
    bool tuple = returns.kind == check::TypeKind::Tuple;
    for (size_t i = 0; i < (tuple ? returns.elements.size() : 1); ++i) {
        const check::Type& t = tuple ? returns.elements[i] : returns;
        const check::Type* v = !value  ? nullptr
                               : tuple ? (i < value->elements.size() ? &value->elements[i] : nullptr)
                                       : value;
        if (t.kind != check::TypeKind::Tensor ||
            (value && (!is_tensor(v) || v->tensor.axes.size() != t.tensor.axes.size())))
            continue;
        std::vector<PlacedAxis> placed = placed_axes(t.tensor);
        for (size_t j = 0; j < placed.size(); ++j)
            if (placed[j].axis->size.as_symbol() == declared &&
                (!value || placed_axes(v->tensor)[j].axis->size.as_symbol() == made))
                out.push_back((tuple ? std::to_string(i) : std::string("None")) + ", " + std::to_string(placed[j].dim));
    }
    return out;
}

std::string tuple_text(const std::vector<std::string>& items) {
    std::string out = "(";
    for (const std::string& item : items) out += "(" + item + "), ";
    out.pop_back();  // the space; the trailing comma makes a one-item tuple
    return out + ")";
}

}  // namespace

std::string Emitter::given_back(const ast::Expr& value, const std::string& text) {
    auto made = made_pads_.find(fn_ ? fn_->name : "");
    auto typed = typed_.functions.find(fn_ ? fn_->name : "");
    if (!fn_ || !fn_->pads || made == made_pads_.end() || typed == typed_.functions.end() || !typed->second.returns)
        return "";
    std::vector<std::string> entries;
    for (const check::FunctionFacts& f : check_.program.functions) {
        if (f.name != fn_->name) continue;
        for (size_t i = f.effects_begin; i < f.effects_end; ++i) {
            const check::Effect& e = check_.program.effects[i];
            auto k = e.size.as_symbol();
            if (e.kind != check::EffectKind::Returned || e.range.begin != value.range.begin || !k ||
                !made->second.count(*k))
                continue;
            for (const std::string& place : result_places(*typed->second.returns, e.returned_as, type_of(value), *k))
                entries.push_back(std::to_string(fn_->pads->at(*k)) + ", " + place);
        }
    }
    if (entries.empty()) return "";
    fn_->reads_pads = fn_->gives_back = true;
    return "_ss_rt.give_back(" + text + ", _ss_keep, _ss_pads, " + tuple_text(entries) + ")";
}

std::string Emitter::kept_result(const check::CallSite& site, const std::string& call) const {
    auto callee = typed_.functions.find(site.callee);
    if (!fn_ || !fn_->pads || callee == typed_.functions.end() || !callee->second.returns) return "";
    std::vector<std::string> entries;
    for (const check::AxisBinding& r : site.results) {
        auto made = r.size.as_symbol();
        auto id = made ? fn_->pads->find(*made) : fn_->pads->end();
        if (id == fn_->pads->end()) continue;
        for (const std::string& place : result_places(*callee->second.returns, r.symbol))
            entries.push_back(std::to_string(id->second) + ", " + place);
    }
    if (entries.empty()) return "";
    fn_->reads_pads = true;
    return "_ss_rt.kept_result(" + call + ", _ss_pads, " + tuple_text(entries) + ")";
}

const check::CallSite* Emitter::passed_function_site(uint32_t at) const {
    const check::CallSite* found = nullptr;  // the one that binds arguments, where a name is also a plain value
    for (const check::CallSite& c : check_.program.calls)
        if (c.passed_as_value && c.callee_range.begin == at && (!found || !c.axes.empty())) found = &c;
    return found;
}

}  // namespace ss::codegen

namespace ss::codegen {

namespace {

// Where a generic axis is in a value's type: each dim whose size is the
// symbol, counted from the end after a variadic group; or why padding it
// couldn't be cut back or fit (a size that mentions it otherwise).
struct Places {
    std::vector<long> dims;
    std::string refused;
};

Places places_of(const check::Type& type, check::SymbolId symbol, const std::string& axis,
                 const std::vector<std::string>& names) {
    Places out;
    if (type.kind != check::TypeKind::Tensor) {
        if (check::mentions(type, symbol)) out.refused = "`" + axis + "` isn't an axis of a tensor there";
        return out;
    }
    for (const PlacedAxis& a : placed_axes(type.tensor)) {
        if (!check::mentions(a.axis->size, symbol)) continue;
        if (a.axis->size.as_symbol() != symbol) {
            out.refused = "an axis of size `" + check::describe(a.axis->size, names) + "` is made of `" + axis + "`";
            continue;
        }
        out.dims.push_back(a.dim);
    }
    return out;
}

}  // namespace

// `_ss_rt.paddable(f, {"n": (0, (("x", 0, 0),), ((None, 0),))}, {"m": "why"})`:
// for each generic axis `shapescript.padded` can pad, its pad id, the
// parameters' dims it is (name, position, dim), and the results' (which
// element of a tuple, or None; dim); for the others, what prevents it.
std::string Emitter::paddable_line(const ast::FnDef& fn) const {
    auto entries = paddable_.find(fn.name.text);
    auto typed = typed_.functions.find(fn.name.text);
    if (entries == paddable_.end() || typed == typed_.functions.end()) return "";
    const auto& params = typed->second.params;
    const std::optional<check::Type>& returns = typed->second.returns;
    std::string can, cannot;
    for (const analysis::PaddableAxis* a : entries->second) {
        std::string why = !options_.padding ? "the module was built with --no-padding"
                          : a->prevented    ? analysis::padding_why(*a->prevented, "in `" + a->function + "`")
                                            : "";
        std::string param_dims, result_dims;
        for (size_t i = 0; i < params.size() && why.empty(); ++i) {
            Places p = places_of(params[i].type, a->symbol, a->axis, symbol_names_);
            if (!p.refused.empty()) why = "its parameter `" + params[i].name + "`: " + p.refused;
            for (long d : p.dims)
                param_dims += "(" + py_string(variable_name(params[i].name)) + ", " + std::to_string(i) + ", " +
                              std::to_string(d) + "), ";
        }
        if (why.empty() && param_dims.empty()) why = "no parameter has it as an axis";
        if (why.empty() && returns) {
            bool tuple = returns->kind == check::TypeKind::Tuple;
            size_t n = tuple ? returns->elements.size() : 1;
            for (size_t i = 0; i < n && why.empty(); ++i) {
                Places p = places_of(tuple ? returns->elements[i] : *returns, a->symbol, a->axis, symbol_names_);
                if (!p.refused.empty()) why = "its result: " + p.refused;
                for (long d : p.dims)
                    result_dims +=
                        "(" + (tuple ? std::to_string(i) : std::string("None")) + ", " + std::to_string(d) + "), ";
            }
        }
        auto id = pad_ids_.find(fn.name.text);
        auto own = id == pad_ids_.end() ? nullptr : &id->second;
        if (why.empty() && (!own || !own->count(a->symbol))) why = "it isn't followed";
        if (!why.empty()) {
            cannot += py_string(a->axis) + ": " + py_string(why) + ", ";
            continue;
        }
        auto tuple_of = [](std::string items) {
            if (items.empty()) return std::string("()");
            items.pop_back();  // the space; the trailing comma makes a one-item tuple
            return "(" + items + ")";
        };
        can += py_string(a->axis) + ": (" + std::to_string(own->at(a->symbol)) + ", " + tuple_of(param_dims) + ", " +
               tuple_of(result_dims) + "), ";
    }
    auto dict_of = [](std::string items) {
        if (items.size() >= 2) items.erase(items.size() - 2);
        return "{" + items + "}";
    };
    return "_ss_rt.paddable(" + py_name(fn.name.text, NameRole::Global) + ", " + dict_of(can) + ", " + dict_of(cannot) +
           ")\n";
}

}  // namespace ss::codegen
