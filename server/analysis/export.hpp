// The export analysis (seed 001, "Export functions"; docs/export.md): what
// an exported function, and every function it reaches through calls at any
// depth, does that torch.export can't trace:
//   E1701 a name from `import python`, or anything reached through one;
//   E1702 a call of an `extern fn` whose target isn't in `torch`, its
//         submodules, or `math`;
//   E1703 `as` on a Python value;
//   E1704 a host-only value or operation: a built-in the table doesn't
//         mark exportable (print, save, value_and_grad, Train, ...),
//         `M.init`, changing a field, a `for` over a dataset or its
//         batches, a parameter of a host-only type (a model, an optimizer,
//         a dataset, a batch, gradients) in a function it reaches;
//   E1705 an input of the exported function that isn't a tensor with a
//         shape (no group `..s`), or an int, float or bool with a default;
//   E1706 `return` inside an `if` on a tensor.
// Each error in a function the exported one reaches names the exported
// function and the call path, with the first call as related information.
// Per function (summarize), what it does that torch.export can't trace: a
// Cause each, said as its diagnostic by analysis/words.hpp. Every `export
// fn` is checked by the pass; `shapescript export --fn` asks the same of an
// unmarked function (export_errors).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"

namespace ss::analysis {

std::unique_ptr<Pass> export_pass();

// The errors of exporting `function` (marked or not), as the pass reports
// them for an `export fn`; none for a function the program doesn't have.
// `imported`: what is known of the functions of other files it calls
// (analysis/imported.hpp), or null: then calls into them are not followed.
std::vector<Diagnostic> export_errors(const check::ProgramFacts& program, const std::string& function,
                                      const ImportedCalls* imported = nullptr);

// What torch.export can't trace in `function` and what it reaches, were it
// reached from an exported function (what an importer's exported function
// calling it inherits).
std::vector<Cause> export_causes(const check::ProgramFacts& program, const std::string& function,
                                 const ImportedCalls* imported);

}  // namespace ss::analysis
