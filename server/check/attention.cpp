#include "check/attention.hpp"

namespace ss::check {

TensorType attention_scores(const TensorType& q, const TensorType& k) {
    TensorType out;
    out.axes.assign(q.axes.begin(), q.axes.end() - 1);
    out.axes.push_back(k.axes[k.axes.size() - 2]);
    return out;
}

namespace {

bool fits_size(const AxisType& mask, const AxisType& scores) {
    auto one = mask.size.as_constant();
    return mask.size == scores.size || (one && *one == 1);
}

}  // namespace

MaskPlacement place_attention_mask(const TensorType& scores, const TensorType& mask) {
    MaskPlacement out;
    const auto& sa = scores.axes;
    const auto& ma = mask.axes;
    if (ma.size() > sa.size()) {
        out.why = "it has more axes than the scores, " + axes_text(scores);
        return out;
    }
    std::vector<bool> used(sa.size(), false);
    std::vector<size_t> positions(ma.size());
    for (size_t back = 0; back < ma.size(); ++back) {
        size_t i = ma.size() - 1 - back;
        const AxisType& axis = ma[i];
        std::optional<size_t> at;
        if (axis.name) {
            for (size_t j = sa.size(); j-- > 0 && !at;)
                if (!used[j] && sa[j].name == axis.name && sa[j].variadic == axis.variadic) at = j;
        } else {
            size_t j = sa.size() - ma.size() + i;
            if (!used[j] && !sa[j].variadic) at = j;
        }
        if (!at) {
            out.why = axis.name ? "its axis `" + axis.written + "` is not an axis of the scores, " + axes_text(scores)
                                : "its axis `" + axis.written + "` has no name, and the scores' axis in its place, `" +
                                      sa[sa.size() - ma.size() + i].written + "`, is taken or a group";
            return out;
        }
        if (!axis.variadic && !fits_size(axis, sa[*at])) {
            out.why = "its axis `" + axis.written + "` is not the size of the scores' `" + sa[*at].written + "`";
            return out;
        }
        used[*at] = true;
        positions[i] = *at;
    }
    // Past a group the scores' rank is unknown: the mask's axes keep their
    // order, and a group it hasn't can only be before all of them.
    for (size_t j = 0; j < sa.size(); ++j) {
        if (!sa[j].variadic) continue;
        bool in_order = true, group_before = true;
        for (size_t i = 0; i < positions.size(); ++i) {
            if (i && positions[i] < positions[i - 1]) in_order = false;
            if (!used[j] && positions[i] < j) group_before = false;
        }
        if (!in_order || !group_before) {
            out.why = "the scores, " + axes_text(scores) + ", have a group of axes, `" + sa[j].written +
                      "`, so the mask's axes must be in the scores' order and after the group unless it has it";
            return out;
        }
    }
    out.fits = true;
    out.positions = std::move(positions);
    return out;
}

}  // namespace ss::check
