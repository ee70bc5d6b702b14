// Elementwise alignment by name (docs/types.md, "Function bodies"): where
// each axis of the operand with fewer axes is in the other. The checker
// checks it and the code generator lays operands out with it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check/types.hpp"

namespace ss::check {

struct Alignment {
    // For each axis of `small`, its index in `large`; nullopt where it has
    // none, and `why` then says why for the first such axis.
    std::vector<std::optional<size_t>> positions;
    std::string why;
    // When an axis without a name had two or more axes of its size to go
    // to: its index in `small`, and theirs in `large` (for the quick fix
    // that names it).
    std::optional<size_t> ambiguous;
    std::vector<size_t> candidates;
};

// A named axis (or group `..s`) is the axis of `large` with its name, taken
// from the end (`[n n]` keeps its order). An axis without a name is the one
// in its place when the ranks agree and that axis has no name either;
// otherwise the one unnamed axis of `large` of the same size (a bias `[3*D]`
// over `[b n 3*D]`), or failing that the one named axis of that size (`[N+1
// D]` over a `[b N D]` that a cat made N+1 long); two such are ambiguous. Beside a group `..s`
// the axes keep their order (a rank known only at run time can't be
// permuted), and an operand without the group has its axes after it. At
// the first axis that doesn't align, the rest are left unset.
Alignment align_axes(const TensorType& small, const TensorType& large);

}  // namespace ss::check
