// The steps analysis. A function is a step when it changes a model or
// optimizer state through a `mut` parameter and does device work itself
// (`value_and_grad`, `update`, or changing a field), however it is written:
// the checker's effects (check/program.hpp) already follow destructuring,
// indexing, nesting, `if`s and field assignments. A function that only
// calls steps is not one: a step is what the runtime records and what
// advances a Train mode's step count (docs/generated-code.md).
//
// Facts: for each step, one FactKind::Step over the whole function with
// the parameters it changes as names, then its evidence: each
// StepDeviceWork and each StepChangesState, where it is. The result
// (StepsResult) is the set of steps.
#pragma once

#include <memory>

#include "analysis/analysis.hpp"

namespace ss::analysis {

std::unique_ptr<Pass> steps_pass();

}  // namespace ss::analysis
