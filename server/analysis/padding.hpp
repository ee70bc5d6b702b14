// The padding analysis (seed 000, "Fixed shapes and padding";
// docs/padding.md). A loop over batches can pad its last batch up to the
// batch size when nothing its batch axis reaches mixes values along that
// axis without a masked version. The analysis follows the loop's batch axis
// by its size symbol: through the loop's body, and into every function a
// value with that axis is passed to, by the call sites' axis bindings
// (check/program.hpp). What mixes along an axis is the checker's AcrossAxis
// effects (the built-ins' table says which have a masked version).
//
// A selection `x[keep]` by a Mask of one axis is followed the same way, by
// its size `?k`, from its function: FactKind::KeptSelection where nothing
// prevents it (kept at the mask's size, the mask its padding: FAST-4), else
// CompactedSelection with what prevents it as its cause. Returning it
// prevents it: Python and callers get the compact value.
//
// Per function (summarize), what mixes values along an axis: a Cause each.
// Facts: for each loop over batches, FactKind::PaddedLoop over the loop's
// batches, or UnpaddedLoop with what prevents it as its cause, and then
// that PreventsPadding where it is. An unpadded loop
// also has hint H2001, with the place as related information. Every axis a
// padded loop's batch axis reaches is in PaddingResult::padded, with its pad id:
// what the code generator masks (docs/generated-code.md).
//
// A call that takes the axis into a variadic group prevents padding: the
// callee can't name it. So does one binding it to a callee's axis of another
// size (`2b`), where the callee's mask wouldn't fit; the operations that
// make such a size (cat, `as`, patterns) prevent it first.
#pragma once

#include <memory>

#include "analysis/analysis.hpp"
#include "analysis/axis_reach.hpp"

namespace ss::analysis {

std::unique_ptr<Pass> padding_pass();

// What `shapescript.padded` can pad (Result::paddable, which asks it): each
// function's generic axes, followed from the function itself, and what
// the paddable ones reach, numbered after `padding`'s own.
PaddableResult paddable_axes(const check::ProgramFacts& program, const PaddingResult& padding,
                             const ImportedCalls* imported);

// What keeps an axis from being padded, among a function's mixing causes:
// an operation with no masked version along it; for a selection, also what
// reads its positions in order.
PreventsFollowing padding_prevents(bool selection);

}  // namespace ss::analysis
