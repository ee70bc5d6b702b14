// Axis positions: the `dim=` an axis name stands for, and laying a value's
// axes out as another type's, so elementwise operations align by name
// (language.md section 4) while torch broadcasts by position.
#include <algorithm>
#include <numeric>

#include "check/alignment.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

std::vector<PlacedAxis> placed_axes(const check::TensorType& tensor) {
    std::vector<PlacedAxis> out;
    const auto& axes = tensor.axes;
    bool after_variadic = false;
    for (size_t i = 0; i < axes.size(); ++i) {
        if (axes[i].variadic) {
            after_variadic = true;
            continue;
        }
        out.push_back({&axes[i], after_variadic ? -static_cast<long>(axes.size() - i) : static_cast<long>(i)});
    }
    return out;
}

std::optional<long> Emitter::axis_position(const check::Type* type, const std::string& written) const {
    if (!type || type->kind != check::TypeKind::Tensor) return std::nullopt;
    // A dim of another file, however written, by its one spelling here.
    auto spelled = typed_.axis_spellings.find(written);
    const std::string& name = spelled == typed_.axis_spellings.end() ? written : spelled->second;
    for (const PlacedAxis& a : placed_axes(type->tensor))
        if (a.axis->name == name) return a.dim;
    return std::nullopt;
}

std::string Emitter::dim_of_over(const LoweredArgs& args, size_t tensor_arg, const ast::Expr& whole) const {
    auto* name = args.over ? std::get_if<ast::NameExpr>(&args.over->node) : nullptr;
    // `over=layers.D`: a dim of another file, as this file spells its axes.
    std::optional<std::string> member = args.over ? imported_member(*args.over) : std::nullopt;
    if (!name && !member) fail(whole.range, "`over=` needs an axis name");
    std::string axis = member ? *member : name->name.text;
    const check::Type* t = tensor_arg < args.positional_types.size() ? args.positional_types[tensor_arg] : nullptr;
    auto pos = axis_position(t, axis);
    if (!pos) fail(args.over->range, "the axis `" + axis + "` of this value isn't known here");
    return std::to_string(*pos);
}

Py Emitter::align(const Py& value, const check::Type* from, const check::Type* to) const {
    const auto& fa = from->tensor.axes;
    const auto& ta = to->tensor.axes;
    // Beside a group the checker keeps the axes in order, so lay_out indexes
    // (`...` for the group, `None` for what the value hasn't), never permutes.
    if (fa.empty() || fa.size() > ta.size()) return value;
    // An operand the checker broadcast by place (an axis written `1` for
    // the other's axis there) is as torch broadcasts it.
    if (auto axes = check::broadcast_by_place(from->tensor, to->tensor); axes && same_axes(*axes, ta)) return value;
    // Where each of the value's axes goes in the result, as the checker
    // aligned them; one it didn't align stays in its place from the end.
    check::Alignment aligned = check::align_axes(from->tensor, to->tensor);
    std::vector<size_t> positions;
    for (size_t i = 0; i < fa.size(); ++i)
        positions.push_back(aligned.positions[i].value_or(ta.size() - fa.size() + i));
    return lay_out(value, positions, to->tensor);
}

// The value's axis i moved to `positions[i]` of `to`'s axes: a permute when
// they change order, then `None` for each axis of `to` the value hasn't
// (leading ones are left to torch's broadcasting). A group `..s` of `to`
// the value has is `...`; the checker refuses a group the value hasn't
// between its axes (check/attention.cpp).
Py Emitter::lay_out(const Py& value, const std::vector<size_t>& positions, const check::TensorType& to) const {
    const auto& ta = to.axes;
    bool trailing = true;
    for (size_t i = 0; i < positions.size(); ++i)
        trailing = trailing && positions[i] == ta.size() - positions.size() + i;
    if (trailing) return value;

    std::vector<size_t> order(positions.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return positions[a] < positions[b]; });
    std::string text = operand(value, kAtom);
    bool identity = true;
    for (size_t i = 0; i < order.size(); ++i) identity = identity && order[i] == i;
    if (!identity) {
        text += ".permute(";
        for (size_t i = 0; i < order.size(); ++i) text += (i ? ", " : "") + std::to_string(order[i]);
        text += ")";
    }
    // `None` where the result has an axis the value hasn't.
    std::vector<std::string> slots(ta.size(), "None");
    for (size_t p : positions) slots[p] = ta[p].variadic ? "..." : ":";
    size_t first = 0;
    while (first < slots.size() && slots[first] == "None") ++first;
    size_t last = slots.size();
    // Trailing `:` can go, unless a `...` before them would then take their place.
    bool ellipsis = std::find(slots.begin(), slots.end(), "...") != slots.end();
    while (!ellipsis && last > first && slots[last - 1] == ":") --last;
    if (last > first) {
        text += "[";
        for (size_t i = first; i < last; ++i) text += (i > first ? ", " : "") + slots[i];
        text += "]";
    }
    return {text, kAtom};
}

}  // namespace ss::codegen
