// `@` (and `matmul`) with batch axes, as torch.matmul: the left's last axis
// contracts with the right's second to last, the leading axes of the right
// aligned by name with the left's. The checker types it and the code
// generator lays the right operand out with the same places.
#pragma once

#include <optional>
#include <vector>

#include "check/types.hpp"

namespace ss::check {

struct BatchedMatmul {
    TensorType right_layout;        // the left's leading axes, then the right's last two
    std::vector<size_t> positions;  // where each axis of the right goes in it
};

// Set when `left @ right` is a batched product: the right has three axes or
// more, and each of its leading axes (all but the last two) is one of the
// left's leading axes by name (a group `..s` the same group). Otherwise
// `@` contracts the left's last axis with the right's first (a weight).
std::optional<BatchedMatmul> batched_matmul(const TensorType& left, const TensorType& right);

// Whether `left @ right` is torch.matmul's broadcast of a matrix over the
// right's batch axes (`w: [N N] @ x: [b N D]` is `[b N D]`, MLP-Mixer's token
// mixing): the left has two axes, the right three or more, not batched as
// above, the left's last axis is not the right's first (which contracts as
// a weight, first) but is its second to last. None is a group `..s`.
bool broadcast_left(const TensorType& left, const TensorType& right);

}  // namespace ss::check
