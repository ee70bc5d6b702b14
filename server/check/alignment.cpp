#include "check/alignment.hpp"

namespace ss::check {

Alignment align_axes(const TensorType& small, const TensorType& large) {
    Alignment out;
    const auto& sa = small.axes;
    const auto& la = large.axes;
    for (size_t i = 0; i < sa.size(); ++i) {
        const AxisType& axis = sa[i];
        std::optional<size_t> at;
        if (axis.name) {
            for (size_t j = 0; j < la.size(); ++j)
                if (la[j].name == axis.name && la[j].variadic == axis.variadic) at = j;
            if (!at && out.why.empty())
                out.why = axis.variadic
                              ? "the other operand, " + axes_text(large) + ", has no group `" + axis.written +
                                    "` (a group of axes aligns only with itself)"
                              : "the other operand, " + axes_text(large) + ", has no axis `" + *axis.name + "`";
        } else if (sa.size() == la.size() && !la[i].name) {
            at = i;  // unnamed axes align by place when the ranks agree
        } else {
            std::vector<size_t> same_size;
            for (size_t j = 0; j < la.size(); ++j)
                if (!la[j].name && la[j].size == axis.size) same_size.push_back(j);
            if (same_size.size() == 1) at = same_size[0];
            else if (out.why.empty())
                out.why = same_size.empty()
                              ? "the axis `" + axis.written + "` has no name, and no unnamed axis of the other, " +
                                    axes_text(large) + ", has its size"
                              : "the axis `" + axis.written + "` has no name, and " + std::to_string(same_size.size()) +
                                    " unnamed axes of the other, " + axes_text(large) +
                                    ", have its size: name the axis (`dim E = " + axis.written + "`)";
        }
        out.positions.push_back(at);
    }
    return out;
}

}  // namespace ss::check
