// Subscripts: `x[i]`, `x[a..b]`, `x[mask]`, `x[D: 0..64]`, each index at
// the Python slot of the axis it takes, and a selection the padding
// analysis keeps compacted with its mask (padding.cpp).
#include <algorithm>

#include "codegen/emitter.hpp"

namespace ss::codegen {

// An index's Python text: `a:b` for a range, else the index's value.
std::string Emitter::index_slot(const ast::Index& index) {
    auto* r = std::get_if<ast::RangeExpr>(&index.value->node);
    if (!r) return operand(expr(*index.value), kOr);
    return (r->start ? operand(slice_bound(*r->start), kOr) : "") + ":" +
           (r->end ? operand(slice_bound(*r->end), kOr) : "");
}

// Python's slots are the value's axes; the checker's rule is the value's
// axes as the indices before leave them: an index without a name is at the
// axis after the previous index's, an integer takes its axis away, a Mask
// over k axes makes them one. `left` maps what is left to the value's axes.
// A slot left "" is one a mask took.
std::vector<std::string> Emitter::subscript_slots(const ast::Subscript& s, const check::Type* t) {
    std::vector<std::string> slots;
    std::vector<size_t> left;
    for (size_t i = 0; is_tensor(t) && i < t->tensor.axes.size(); ++i) left.push_back(i);
    size_t position = 0;
    for (const ast::Index& index : s.indices) {
        size_t at = position < left.size() ? left[position] : position;
        if (index.axis) {
            auto pos = axis_position(t, index.axis->text);
            if (!pos || *pos < 0) fail(index.range, "can't find the axis `" + index.axis->text + "` here");
            at = static_cast<size_t>(*pos);
        }
        size_t now = static_cast<size_t>(std::find(left.begin(), left.end(), at) - left.begin());
        const check::Type* it = type_of(*index.value);
        size_t mask_axes = is_tensor(it) && it->tensor.element.kind == check::ElementKind::Mask
                               ? std::max<size_t>(it->tensor.axes.size(), 1)
                               : 0;
        if (std::holds_alternative<ast::RangeExpr>(index.value->node)) {
            position = now + 1;
        } else if (mask_axes) {  // Python's mask takes its axes' slots: the next ones are gone
            for (size_t j = 1; j < mask_axes && now + 1 < left.size(); ++j) {
                if (slots.size() <= left[now + 1]) slots.resize(left[now + 1] + 1, ":");
                slots[left[now + 1]].clear();
                left.erase(left.begin() + static_cast<std::ptrdiff_t>(now) + 1);
            }
            position = now + 1;
        } else {
            if (now < left.size()) left.erase(left.begin() + static_cast<std::ptrdiff_t>(now));
            position = now;
        }
        std::string slot = index_slot(index);
        if (slots.size() <= at) slots.resize(at + 1, ":");
        slots[at] = slot;
    }
    return slots;
}

Py Emitter::subscript(const ast::Expr& e, const ast::Subscript& s) {
    Py value = expr(*s.value);
    const check::Type* t = type_of(*s.value);
    if (is_tensor(t) && check::has_variadic(t->tensor)) return subscript_beside_group(s, value, t);
    std::vector<std::string> slots = subscript_slots(s, t);
    slots.erase(std::remove(slots.begin(), slots.end(), std::string()), slots.end());
    while (slots.size() > 1 && slots.back() == ":") slots.pop_back();
    // A selection the padding analysis keeps: at the mask's size, the mask its padding.
    if (s.indices.size() == 1 && slots.size() >= 1)
        if (std::string kept = kept_selection(e, *s.indices[0].value, value, slots.back(), slots.size() - 1);
            !kept.empty())
            return {kept, kAtom};
    return {operand(value, kAtom) + "[" + py_join(slots) + "]", kAtom};
}

// `x[D: 0..D/2]` of `[..s D]`: every index names an axis of its own (the
// checker's rule beside a group), placed from the start before the group
// and from the end after it, with `...` for the group between.
Py Emitter::subscript_beside_group(const ast::Subscript& s, const Py& value, const check::Type* t) {
    std::map<long, std::string> front, back;  // dim -> slot; back's dims are negative
    for (const ast::Index& index : s.indices) {
        auto pos = index.axis ? axis_position(t, index.axis->text) : std::nullopt;
        if (!pos) fail(index.range, "beside a group of axes, an index names its axis (`x[D: 0..D/2]`)");
        (*pos >= 0 ? front : back)[*pos] = index_slot(index);
    }
    std::vector<std::string> slots;
    long next = 0;
    for (const auto& [dim, slot] : front) {
        for (; next < dim; ++next) slots.push_back(":");
        slots.push_back(slot);
        next = dim + 1;
    }
    slots.push_back("...");
    if (!back.empty()) {
        for (long dim = back.begin()->first; dim < 0; ++dim) {
            auto it = back.find(dim);
            slots.push_back(it == back.end() ? ":" : it->second);
        }
    }
    return {operand(value, kAtom) + "[" + py_join(slots) + "]", kAtom};
}

}  // namespace ss::codegen
