#include "check/alignment.hpp"

#include <algorithm>

namespace ss::check {

Alignment align_axes(const TensorType& small, const TensorType& large) {
    const auto& sa = small.axes;
    const auto& la = large.axes;
    Alignment out;
    out.positions.resize(sa.size());
    std::vector<bool> taken(la.size(), false);
    bool grouped = has_variadic(small) || has_variadic(large);
    std::optional<size_t> small_group = group_position(small), large_group = group_position(large);
    // From the end, as torch broadcasts: a name written twice (`[n n]`)
    // keeps its places in order, the last `n` with the last `n` not taken.
    for (size_t i = sa.size(); i-- > 0;) {
        const AxisType& axis = sa[i];
        std::optional<size_t> at;
        if (axis.name) {
            bool named_there = false;
            for (size_t j = la.size(); j-- > 0 && !at;) {
                if (la[j].name != axis.name || la[j].variadic != axis.variadic) continue;
                named_there = true;
                if (!taken[j]) at = j;
            }
            if (!at) {
                out.why = axis.variadic ? "the other operand, " + axes_text(large) + ", has no group `" + axis.written +
                                              "` (a group of axes aligns only with itself)"
                          : named_there
                              ? "the other operand, " + axes_text(large) + ", has fewer axes `" + *axis.name + "`"
                              : "the other operand, " + axes_text(large) + ", has no axis `" + *axis.name + "`";
                return out;
            }
        } else if (sa.size() == la.size() && reordered_group(axis, la[i])) {
            out.why = "the axis `" + axis.written + "` has the factors of the other's `" + la[i].written +
                      "` in another order: the same numbers laid out differently";
            return out;
        } else if (sa.size() == la.size() && !taken[i] && !la[i].variadic && (!la[i].name || la[i].size == axis.size)) {
            // When the ranks agree, an axis without a name aligns by place:
            // with an unnamed axis, or a named one of its size (`(h 2)` of
            // 16 over `S` = 16, where two `S`s would be ambiguous by size).
            at = i;
        } else {
            std::vector<size_t> same_size;
            for (size_t j = 0; j < la.size(); ++j)
                if (!la[j].name && !taken[j] && la[j].size == axis.size) same_size.push_back(j);
            // No unnamed axis of that size: a named one (`pos: [N+1 D]` over
            // the `[b N D]` that `cat(cls, tokens, over=N)` gives, N+1 long).
            if (same_size.empty())
                for (size_t j = 0; j < la.size(); ++j)
                    if (la[j].name && !la[j].variadic && !taken[j] && la[j].size == axis.size) same_size.push_back(j);
            if (same_size.size() > 1) out.ambiguous = i, out.candidates = same_size;
            if (same_size.size() != 1) {
                out.why = same_size.empty()
                              ? "the axis `" + axis.written + "` has no name, and no axis of the other, " +
                                    axes_text(large) + ", has its size"
                              : "the axis `" + axis.written + "` has no name, and " + std::to_string(same_size.size()) +
                                    (la[same_size[0]].name ? " axes" : " unnamed axes") + " of the other, " +
                                    axes_text(large) + ", have its size: name the axis" +
                                    // A fixed size can be a dim; a generic one (`(w 2)`) can't.
                                    (axis.size.as_constant() ? " (`dim E = " + axis.written + "`)" : "");
                return out;
            }
            at = same_size[0];
        }
        // Beside a group `..s`, whose rank only the run knows, a value is
        // laid out by indexing (`y[..., None, :]`), never permuted: its axes
        // keep their order, and without a group of its own it has nothing
        // to stand for the group's axes, so all of them come after it.
        bool out_of_order = i + 1 < sa.size() && out.positions[i + 1] && *at >= *out.positions[i + 1];
        if (grouped && (out_of_order || (!small_group && large_group && *at < *large_group))) {
            out.why = "beside a group of axes, `" + axis.written + "` must be " +
                      (out_of_order ? "in the same order as in the other, " + axes_text(large)
                                    : "after the other's group, as in " + axes_text(large));
            return out;
        }
        taken[*at] = true;
        out.positions[i] = at;
    }
    return out;
}

bool same_axes(const std::vector<AxisType>& a, const std::vector<AxisType>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const AxisType& x, const AxisType& y) {
        return x.name == y.name && x.variadic == y.variadic && x.size == y.size;
    });
}

namespace {

// Two axes in one place are one axis: the same size and name, or a name
// on one side at most (alignment by name takes an unnamed axis for the
// named one of its size in its place, `(g c)` for `C`); a group only
// against itself, never its factors reordered.
bool one_axis(const AxisType& x, const AxisType& y) {
    return x.variadic == y.variadic && (x.name == y.name || (!x.variadic && (!x.name || !y.name))) &&
           x.size == y.size && !reordered_group(x, y);
}

// Of one axis in two places, the one with a name.
const AxisType& named_of(const AxisType& x, const AxisType& y) { return x.name || !y.name ? x : y; }

// An axis written `1` (`rearrange(x: n -> n 1)`): no name, of size 1.
bool is_unit(const AxisType& axis) {
    return !axis.name && !axis.variadic && axis.factors.empty() && axis.size.as_constant() == 1;
}

}  // namespace

std::optional<std::vector<AxisType>> same_places(const std::vector<AxisType>& a, const std::vector<AxisType>& b) {
    if (a.size() != b.size()) return std::nullopt;
    std::vector<AxisType> out;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!one_axis(a[i], b[i])) return std::nullopt;
        out.push_back(named_of(a[i], b[i]));
    }
    return out;
}

std::optional<std::vector<AxisType>> broadcast_by_place(const TensorType& left, const TensorType& right) {
    // A group `..s` lines up only with itself, in the same place on both
    // sides, so the run's ranks are equal too (`[..s 1]` against `[..s D]`).
    if (has_variadic(left) != has_variadic(right)) return std::nullopt;
    if (has_variadic(left) && (left.axes.size() != right.axes.size() || group_position(left) != group_position(right)))
        return std::nullopt;
    const auto& la = left.axes;
    const auto& ra = right.axes;
    size_t rank = std::max(la.size(), ra.size());
    std::vector<AxisType> out(rank);
    bool broadcast = false;  // a `1` stood for an axis of the other
    for (size_t k = 1; k <= rank; ++k) {
        const AxisType* l = k <= la.size() ? &la[la.size() - k] : nullptr;
        const AxisType* r = k <= ra.size() ? &ra[ra.size() - k] : nullptr;
        AxisType& result = out[rank - k];
        if (!l || !r) {
            result = l ? *l : *r;
        } else if (is_unit(*l) != is_unit(*r)) {
            result = is_unit(*l) ? *r : *l;
            broadcast = true;
        } else if (one_axis(*l, *r)) {
            result = named_of(*l, *r);
        } else {
            return std::nullopt;
        }
    }
    if (!broadcast) return std::nullopt;
    return out;
}

const AxisType* misaligned_axis(const TensorType& small, const TensorType& large) {
    Alignment aligned = align_axes(small, large);
    // From the end, as align_axes goes: the last axis without a place is
    // where it stopped.
    for (size_t i = small.axes.size(); i-- > 0;)
        if (!aligned.positions[i] || !(large.axes[*aligned.positions[i]].size == small.axes[i].size))
            return &small.axes[i];
    return nullptr;
}

std::optional<std::vector<AxisType>> elementwise_by_place(const TensorType& left, const TensorType& right) {
    if (left.axes.size() != right.axes.size()) {
        bool left_smaller = left.axes.size() < right.axes.size();
        if (!misaligned_axis(left_smaller ? left : right, left_smaller ? right : left)) return std::nullopt;
    }
    return broadcast_by_place(left, right);
}

}  // namespace ss::check
