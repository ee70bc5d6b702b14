// What padding writes into the module (docs/padding.md, docs/generated-code.md,
// "Padding"): the axes the padding analysis pads (analysis::Result::padded)
// have pad ids; a function that has any keeps their masks in `_ss_pads`,
// from its loops' batches or from its caller's `_ss_pad=`, and a masked
// operation names which dims of its first operand are padded.
#include <algorithm>
#include <cstdlib>

#include "codegen/emitter.hpp"

namespace ss::codegen {

void Emitter::index_padding(const analysis::Result& analysed) {
    for (const analysis::PaddedAxis& axis : analysed.padded) {
        pad_ids_[axis.function][axis.symbol] = axis.id;
        if (axis.loop) padded_loops_[axis.loop->begin] = axis.id;
        else given_pads_.insert(axis.function);
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
    bool after_variadic = false;
    for (size_t j = 0; j < axes.size(); ++j) {
        if (axes[j].variadic) {
            after_variadic = true;
            continue;
        }
        auto linear = axes[j].size.as_linear();
        if (!linear || linear->coefficient != 1 || linear->offset != 0) continue;
        auto id = fn_->pads->find(linear->symbol);
        if (id == fn_->pads->end()) continue;
        long dim = after_variadic ? -static_cast<long>(axes.size() - j) : static_cast<long>(j);
        if (!along.empty() && !same_dim(dim, along, ndim)) continue;
        pairs += "(" + std::to_string(id->second) + ", " + std::to_string(dim) + "), ";
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
    if (!fn_ || !fn_->pads || !callee) return "";
    std::string entries;
    for (const auto& [symbol, id] : *fn_->pads)
        for (const check::AxisBinding* b : check::callee_axes_of(site, symbol))
            if (auto to = callee->find(b->symbol); to != callee->end() && !b->variadic)
                entries += (entries.empty() ? "" : ", ") + std::to_string(to->second) + ": _ss_pads.get(" +
                           std::to_string(id) + ")";
    if (entries.empty()) return "";
    fn_->reads_pads = true;
    return "{" + entries + "}";
}

const check::CallSite* Emitter::passed_function_site(uint32_t at) const {
    const check::CallSite* found = nullptr;  // the one that binds arguments, where a name is also a plain value
    for (const check::CallSite& c : check_.program.calls)
        if (c.passed_as_value && c.callee_range.begin == at && (!found || !c.axes.empty())) found = &c;
    return found;
}

}  // namespace ss::codegen
