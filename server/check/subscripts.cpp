// Subscripts: `x[i]`, `x[a..b]`, `x[n: i]`, `x[keep]`, `x[src]` of a tensor
// (each index in turn, along the next axis or the one it names), and a
// tuple's or a list's items.
#include <algorithm>

#include "check/describe.hpp"
#include "check/file_checker.hpp"

namespace ss::check {

Type FileChecker::type_of_subscript(const ast::Subscript& subscript) {
    Type value = type_of(*subscript.value);
    if (value.kind == TypeKind::Unknown) {
        for (const ast::Index& index : subscript.indices) type_of_index(index);
        // An index by an axis's name (`y[D: 0..2]`) finds its place in the
        // value's type, which a Python value hasn't got (E0512).
        auto named = std::find_if(subscript.indices.begin(), subscript.indices.end(),
                                  [](const ast::Index& index) { return index.axis.has_value(); });
        if (value.python && named != subscript.indices.end()) {
            python_axes_needed(named->range, "the index `" + written(named->range) + "`", subscript.value->range);
            return Type{};
        }
        return value.python ? python_value() : Type{};  // a part of a Python value is one
    }
    if (value.kind != TypeKind::Tensor && value.kind != TypeKind::Tuple && value.kind != TypeKind::List) {
        report(DiagCode::E0417, subscript.value->range, {"a tensor to index", describe(value)});
        return Type{};
    }
    // Beside a group `..s`, only indices that name an axis of its own
    // (`x[D: 0..D/2]` of `[..s D]`) know where they go.
    bool all_named = std::all_of(subscript.indices.begin(), subscript.indices.end(), [&](const ast::Index& index) {
        return index.axis && std::any_of(value.tensor.axes.begin(), value.tensor.axes.end(),
                                         [&](const AxisType& a) { return !a.variadic && a.name == index.axis->text; });
    });
    if (value.kind != TypeKind::Tensor || (has_variadic(value.tensor) && !all_named))
        return type_of_item_subscript(subscript, value);
    TensorType t = value.tensor;
    size_t position = 0;  // the next axis an index without a name applies to
    for (const ast::Index& index : subscript.indices) {
        std::optional<size_t> axis = indexed_axis(t, index, position, value.tensor);
        if (!axis) return Type{};
        std::optional<size_t> next;
        if (auto* r = std::get_if<ast::RangeExpr>(&index.value->node)) next = slice(t, *axis, index, *r);
        else if (!index_within(t, *axis, index)) return Type{};
        else next = index_by_value(t, *axis, index, subscript);
        if (!next) return Type{};
        position = *next;
    }
    Type out = of_kind(TypeKind::Tensor);
    out.tensor = std::move(t);
    return out;
}

// A tuple's or a list's items are taken by an int or a range
// (`parts[1.0]`), never along an axis (`parts[n: 0]`), and by one index
// (`parts[0, 1]` is Python's index by a tuple); a tensor with a group `..s`
// by indices it can't place, unknown.
Type FileChecker::type_of_item_subscript(const ast::Subscript& subscript, const Type& value) {
    if (value.kind != TypeKind::Tensor && subscript.indices.size() > 1) {
        for (const ast::Index& index : subscript.indices) type_of_index(index);
        report(DiagCode::E0417, subscript.indices[1].range,
               {"one integer or range `a..b`: " + describe(value) + " has items, not axes",
                std::to_string(subscript.indices.size()) + " indices"});
        return Type{};
    }
    for (const ast::Index& index : subscript.indices) {
        if (index.axis && value.kind != TypeKind::Tensor) {
            type_of_index(index);
            report(DiagCode::E0417, index.range,
                   {"an integer or a range `a..b`: " + describe(value) + " has items, not axes",
                    "`" + written(index.range) + "`"});
            return Type{};
        }
        if (Type i = type_of_index(index);
            !std::holds_alternative<ast::RangeExpr>(index.value->node) && !is_integer(i) && !index.axis) {
            report(DiagCode::E0417, index.range, {"an integer or a range `a..b`", describe(i)});
            return Type{};
        }
    }
    // A tuple's item at a written position is its type (`value_and_grad(...)[1]`
    // is Grads, which has no items of its own); past the end, Python's
    // IndexError said here.
    if (value.kind == TypeKind::Tuple && subscript.indices.size() == 1) {
        if (std::optional<int64_t> written_at = literal_int(*subscript.indices[0].value)) {
            auto count = static_cast<int64_t>(value.elements.size());
            int64_t i = *written_at < 0 ? count + *written_at : *written_at;  // `-0` is 0, as in Python
            if (i < 0 || i >= count) {
                report(DiagCode::E0417, subscript.indices[0].range,
                       {"an item of " + describe(value) + ", which has " + std::to_string(count),
                        "`" + written(subscript.indices[0].range) + "`"});
                return Type{};
            }
            return value.elements[static_cast<size_t>(i)];
        }
    }
    // A tuple's or a list's slice is a sequence of items, which arithmetic
    // refuses (Python's `+` would join it): of a list's items of one kind
    // (its one element), that kind's; else of items nothing types.
    bool sliced =
        subscript.indices.size() == 1 && std::holds_alternative<ast::RangeExpr>(subscript.indices[0].value->node);
    if (value.kind == TypeKind::List && value.elements.size() == 1) return sliced ? value : value.elements[0];
    if (value.kind != TypeKind::Tensor && sliced) return of_kind(TypeKind::List);
    return Type{};
}

// The axis of `t` that `index` applies to: the one it names, else the one
// at `position`; none (reported) when there is no such axis.
std::optional<size_t> FileChecker::indexed_axis(const TensorType& t, const ast::Index& index, size_t position,
                                                const TensorType& value) {
    size_t axis = position;
    if (index.axis) {
        if (axes_named(t, index.axis->text) > 1) {
            report(DiagCode::E0417, index.axis->range,
                   {"an axis the value has once", named_twice(index.axis->text, t)});
            return std::nullopt;
        }
        auto it =
            std::find_if(t.axes.begin(), t.axes.end(), [&](const AxisType& a) { return a.name == index.axis->text; });
        if (it == t.axes.end()) {
            report(DiagCode::E0417, index.axis->range,
                   {"an axis named `" + index.axis->text + "`", "the value is " + axes_text(t)});
            return std::nullopt;
        }
        axis = static_cast<size_t>(it - t.axes.begin());
    }
    if (axis >= t.axes.size()) {
        report(DiagCode::E0417, index.range,
               {"an axis to index",
                "the value has only " + std::to_string(t.axes.size()) + " axes, " + axes_text(value)});
        return std::nullopt;
    }
    return axis;
}

// A slice keeps the axis, with size end - start; the next axis is after it.
std::optional<size_t> FileChecker::slice(TensorType& t, size_t axis, const ast::Index& index, const ast::RangeExpr& r) {
    std::optional<Size> start = r.start ? size_value(*r.start) : std::optional(Size::constant(0));
    std::optional<Size> end = r.end ? size_value(*r.end) : std::optional(t.axes[axis].size);
    bool integers = true;
    if (r.start && !start) integers = integer_end(*r.start, type_of_end(*r.start));
    if (r.end && !end) integers = integer_end(*r.end, type_of_end(*r.end)) && integers;
    if (!integers) return std::nullopt;
    AxisType& a = t.axes[axis];
    Size before = a.size;
    // Python cuts a slice at the axis's end (`x[0:10]` of 5 has 5): one
    // that provably goes past it, or ends before it starts, would have
    // another size than the one written.
    if (start && end) {
        auto past = (*end - a.size).as_constant();
        auto length = (*end - *start).as_constant();
        auto first = start->as_constant();
        if ((past && *past > 0) || (length && *length < 0) || (first && *first < 0)) {
            report(DiagCode::E0417, index.range,
                   {"a slice within the axis `" + a.written + "` (" + show(a.size) + " positions)",
                    "`" + source_text(index.value->range) + "`, " +
                        (first && *first < 0     ? std::string("which starts before its first position")
                         : length && *length < 0 ? std::string("which ends before it starts")
                                                 : "which ends " + std::to_string(*past) + " past its end")});
            return std::nullopt;
        }
    }
    note_across(index.range, "slicing", before, false);
    std::string unknown = "?" + (a.name ? *a.name : std::string("k"));
    a.size = start && end ? *end - *start : Size::symbol(new_symbol(unknown));
    // The axis keeps its name (a slice of `n` is still along `n`), with its
    // new size, which is how it's shown: `D/2` for `0..D/2`, `?n` where only
    // the run knows it, never under another size's name.
    if (!(start && end)) a.written = unknown;
    else if (!(a.size == before))
        a.written = r.end && (!r.start || start->as_constant() == 0) ? source_text(r.end->range) : show(a.size);
    a.origin = index.range;
    return axis + 1;
}

// Whether an index written as a size (`x[n]`, `x[D: D]`, `x[-5]` of `[4]`)
// may lie inside the axis; one that provably lies outside is reported
// (Python's IndexError, seen here).
bool FileChecker::index_within(const TensorType& t, size_t axis, const ast::Index& index) {
    const ast::Expr* written_at = index.value.get();
    bool negative = false;
    if (auto* u = std::get_if<ast::Unary>(&written_at->node); u && u->op == "-")
        written_at = u->operand.get(), negative = true;
    std::optional<Size> at = size_value(*written_at);
    if (!at) return true;
    const AxisType& a = t.axes[axis];
    auto past = (*at - a.size).as_constant();  // `-k` lies outside when k > size
    if (!past || !(negative ? *past > 0 : *past >= 0)) return true;
    report(DiagCode::E0417, index.range,
           {"an index within the axis `" + a.written + "` (" + show(a.size) + " positions, " +
                (negative ? "from -" + show(a.size) : "up to " + show(a.size - Size::constant(1))) + ")",
            "`" + source_text(index.value->range) + "`"});
    return false;
}

// An index that is a value: a Mask (a selection), an index tensor, or an
// integer (the axis goes). The next axis, or none (reported).
std::optional<size_t> FileChecker::index_by_value(TensorType& t, size_t axis, const ast::Index& index,
                                                  const ast::Subscript& subscript) {
    Type i = type_of(*index.value);
    if (i.kind == TypeKind::Tensor && i.tensor.element.kind == ElementKind::Mask) return select(t, axis, index, i);
    // An index is an integer (a number or an integer tensor), a range or a Mask.
    bool integer = i.kind == TypeKind::Unknown || i.kind == TypeKind::Int ||
                   (i.kind == TypeKind::Tensor &&
                    (i.tensor.element.kind == ElementKind::I32 || i.tensor.element.kind == ElementKind::I64 ||
                     i.tensor.element.kind == ElementKind::Index));
    if (!integer) {
        report(DiagCode::E0417, index.range, {"an integer, a range `a..b` or a Mask", in_message(i)});
        return std::nullopt;
    }
    note_across(index.range, "indexing", t.axes[axis].size, false);
    if (i.kind == TypeKind::Tensor && !i.tensor.axes.empty()) return gather_by_index(t, axis, index, i, subscript);
    // An integer takes one position: the axis goes.
    t.axes.erase(t.axes.begin() + static_cast<std::ptrdiff_t>(axis));
    return axis;
}

// A selection: the mask's axes, from this one on, become one axis of the
// selected positions, ?k of them (torch's rule).
std::optional<size_t> FileChecker::select(TensorType& t, size_t axis, const ast::Index& index, const Type& mask) {
    const auto& mask_axes = mask.tensor.axes;
    bool fits = !mask_axes.empty() && axis + mask_axes.size() <= t.axes.size();
    for (size_t j = 0; fits && j < mask_axes.size(); ++j)
        fits = !mask_axes[j].variadic && !t.axes[axis + j].variadic && mask_axes[j].size == t.axes[axis + j].size &&
               !distinct_dims(mask_axes[j], t.axes[axis + j]);
    if (!fits) {
        TensorType over;
        for (size_t j = axis; j < t.axes.size() && j < axis + std::max<size_t>(mask_axes.size(), 1); ++j)
            over.axes.push_back(t.axes[j]);
        report(DiagCode::E0417, index.range,
               {"a Mask over the axes " + axes_text(over) + " from here on", "a Mask " + in_message(mask)});
        return std::nullopt;
    }
    for (size_t j = 0; j < mask_axes.size(); ++j) note_across(index.range, "a selection", t.axes[axis + j].size, false);
    t.axes.erase(t.axes.begin() + static_cast<std::ptrdiff_t>(axis) + 1,
                 t.axes.begin() + static_cast<std::ptrdiff_t>(axis + mask_axes.size()));
    std::optional<SymbolId> selected;
    auto* mask_name = std::get_if<ast::NameExpr>(&index.value->node);
    if (mask_name && body_->locals.count(mask_name->name.text)) {
        auto [it, fresh] = body_->selection_sizes.try_emplace(mask_name->name.text, 0);
        if (fresh) it->second = new_symbol("?k");
        selected = it->second;
    }
    t.axes[axis].size = Size::symbol(selected ? *selected : new_symbol("?k"));
    if (mask_axes.size() == 1 && body_) {
        body_->selection_symbols.insert(*t.axes[axis].size.as_symbol());
        record_effect(EffectKind::Selection, index.range, "", t.axes[axis].size);
    }
    t.axes[axis].written = "?k";
    t.axes[axis].name.reset();
    return axis + 1;
}

// An index tensor (`x[src]`, src: [e] Index[n]): torch puts its axes in
// place of the indexed one, each a value's position. With another index
// that isn't a slice beside it, torch may put them elsewhere (first): that
// is refused, not guessed.
std::optional<size_t> FileChecker::gather_by_index(TensorType& t, size_t axis, const ast::Index& index, const Type& i,
                                                   const ast::Subscript& subscript) {
    size_t others = 0;
    for (const ast::Index& other : subscript.indices)
        if (&other != &index && !std::holds_alternative<ast::RangeExpr>(other.value->node)) ++others;
    if (others || has_variadic(i.tensor)) {
        report(DiagCode::E0417, index.range,
               {"an index tensor as the only index that isn't a range (torch would move its axes)",
                std::to_string(others + 1) + " such indices"});
        return std::nullopt;
    }
    const Element& e = i.tensor.element;
    std::optional<std::string> bound_dim =
        e.index_bound ? dim_named(e.bound_written, *e.index_bound) : std::optional<std::string>{};
    std::optional<std::string> axis_dim = dim_of(t.axes[axis]);
    if (e.kind == ElementKind::Index && e.index_bound &&
        (!(*e.index_bound == t.axes[axis].size) || (bound_dim && axis_dim && *bound_dim != *axis_dim))) {
        report(DiagCode::E0417, index.range,
               {"an Index whose values are positions of the axis `" + t.axes[axis].written + "` (" +
                    show(t.axes[axis].size) + ")",
                in_message(i)});
        return std::nullopt;
    }
    t.axes.erase(t.axes.begin() + static_cast<std::ptrdiff_t>(axis));
    t.axes.insert(t.axes.begin() + static_cast<std::ptrdiff_t>(axis), i.tensor.axes.begin(), i.tensor.axes.end());
    return axis + i.tensor.axes.size();
}

}  // namespace ss::check
