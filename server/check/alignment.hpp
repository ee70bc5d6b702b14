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

// The first axis of `small`, from the end, that has no axis of `large` by
// name (align_axes) or another size there; null when every one aligns.
const AxisType* misaligned_axis(const TensorType& small, const TensorType& large);

// torch's broadcasting by place, for operands where an axis written `1`
// stands for an axis of the other (`x * rearrange(g: b C -> b C 1 1)` with
// `x: [b C h w]`; `[n 1] - [1 m]`): the result's axes, when, from the end,
// each pair of axes is one axis (the same name and size, or a name on one
// side at most and the same size), or one is an unnamed `1` (the other's
// axis), or one operand has none there (the other's), and a `1` stood for
// another axis at least once. None otherwise; a group `..s` lines up only
// with itself, in the same place on both sides. The checker types
// elementwise operations with it where elementwise_by_place says, and the
// code generator leaves such operands as they are, as torch broadcasts.
std::optional<std::vector<AxisType>> broadcast_by_place(const TensorType& left, const TensorType& right);

// How elementwise arithmetic (and where, masked_fill) lines up two tensors
// by place: with as many axes on each side, broadcast_by_place's result
// whenever it has one, so a `1` is never moved to another place by name
// (`[n 1] + [1 n]` is `[n n]`, as in torch); with fewer on one side, only
// where alignment by name refuses them (`[b 1] * [D]` is `[b D]`), so what
// names align keeps its meaning: `[b 1] * [b]` (a `keepdim` sum times a
// weight per example) is `[b 1]`, never torch's `[b b]`.
std::optional<std::vector<AxisType>> elementwise_by_place(const TensorType& left, const TensorType& right);

// Whether two lists of axes are the same axes in order: names and sizes.
bool same_axes(const std::vector<AxisType>& a, const std::vector<AxisType>& b);

// When two lists of axes are one axis in each place (the same size and
// name, or a name on one side at most: `[b 1+F D]` and `[b t D]` with t =
// 1+F; a group only against itself), those axes with either side's names
// (`[b t D]`); none otherwise.
std::optional<std::vector<AxisType>> same_places(const std::vector<AxisType>& a, const std::vector<AxisType>& b);

}  // namespace ss::check
