// The typing rule of pattern calls: rearrange, split, repeat, reduce and
// einsum with einops-style patterns (docs/types.md, "Patterns").
//
// A pattern names its operands' axes by position, one input side per
// operand; each name gets the size of the axis it names, groups `( )` on an
// input factor one axis, and the output side builds the result's axes from
// those names. The rule is a pure function of the call's syntax and its
// operands' types: the expression checker types the operands and calls it.
#pragma once

#include <vector>

#include "check/context.hpp"
#include "check/types.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

// Types a pattern call given its operands' types (already typed by the
// caller; for a pipe `x |> rearrange(P)` the piped value is the first
// operand, followed by the call's own operands). Reports through `ctx` and
// returns the result: one tensor for rearrange, repeat, reduce and einsum, a
// Tuple of tensors for split. Returns a Type of kind Unknown after reporting
// an error, and, reporting nothing, when an operand is Unknown or the
// pattern holds a syntax error (both reported already).
Type check_pattern_call(const ast::PatternCall& call, const std::vector<Type>& operands, CheckContext& ctx);

}  // namespace ss::check
