// scaled_dot_product_attention's types: the layout of its scores, and where
// each axis of an `attn_mask` goes in it. The checker checks a mask with
// these; the code generator lays the mask out with the same places, so the
// two can't disagree (docs/types.md, "Attention").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check/types.hpp"

namespace ss::check {

// The scores `q` and `k` make: q's axes without its last, then k's
// second-to-last (the keys): `[b H n d]`, `[b H m d]` give `[b H n m]`.
// Both need at least two axes.
TensorType attention_scores(const TensorType& q, const TensorType& k);

struct MaskPlacement {
    bool fits = false;
    // For each axis of the mask, the index of the scores' axis it stands
    // for; when it doesn't fit, `why` says which axis.
    std::vector<size_t> positions;
    std::string why;
};

// Each named axis of the mask is the scores' axis of that name, searched
// from the keys back: in `causal[n n]` over self-attention scores
// `[b H n n]` the last `n` is the keys' and the first the queries', and a
// key padding mask `[b n]` is over the keys. A variadic group is the same
// group; an axis without a name is the one in its place counted from the
// end (torch's rule). Sizes must be equal, or 1.
MaskPlacement place_attention_mask(const TensorType& scores, const TensorType& mask);

}  // namespace ss::check
