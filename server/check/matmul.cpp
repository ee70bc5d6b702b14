#include "check/matmul.hpp"

namespace ss::check {

std::optional<BatchedMatmul> batched_matmul(const TensorType& left, const TensorType& right) {
    const auto& la = left.axes;
    const auto& ra = right.axes;
    if (ra.size() < 3 || la.size() < 2) return std::nullopt;
    BatchedMatmul out;
    out.right_layout.axes.assign(la.begin(), la.end() - 2);
    out.right_layout.axes.insert(out.right_layout.axes.end(), ra.end() - 2, ra.end());
    out.right_layout.element = right.element;
    size_t lead = la.size() - 2;
    std::vector<bool> used(lead, false);
    for (size_t i = 0; i + 2 < ra.size(); ++i) {
        if (!ra[i].name) return std::nullopt;
        std::optional<size_t> at;
        for (size_t j = 0; j < lead && !at; ++j)
            if (!used[j] && la[j].name == ra[i].name && la[j].variadic == ra[i].variadic) at = j;
        if (!at) return std::nullopt;
        used[*at] = true;
        out.positions.push_back(*at);
    }
    out.positions.push_back(lead);
    out.positions.push_back(lead + 1);
    return out;
}

bool broadcast_left(const TensorType& left, const TensorType& right) {
    const auto& la = left.axes;
    const auto& ra = right.axes;
    if (la.size() != 2 || ra.size() < 3 || has_variadic(left) || has_variadic(right)) return false;
    if (batched_matmul(left, right)) return false;
    return !(la.back().size == ra.front().size) && la.back().size == ra.end()[-2].size;
}

}  // namespace ss::check
