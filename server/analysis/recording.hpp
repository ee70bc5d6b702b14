// The recording analysis (docs/recording.md): whether each step (the steps
// analysis's) can be recorded as a CUDA graph and replayed. It can unless
// it, or a function it reaches, loops over a dataset, prints, saves,
// loads, writes to a log sink, uses Python or calls a Python `extern fn`
// (one for `torch.…`, `math.…` or the prelude's `shapescript.rt.…` is
// device work), waits for the device with an `if` on a tensor, or makes a
// size that depends on the data and isn't kept padded (analysis/padding.hpp).
//
// Per function (summarize), what would prevent it there: a Cause each.
// Facts: per step, FactKind::RecordedStep or UnrecordedStep over the
// function (its cause: the first thing that prevents it), and each
// PreventsRecording where it is (its cause, and the step as its name).
// The result (RecordingResult) is the set of steps that can be recorded.
// A step that can't be recorded has H3101 on its name, naming the first
// thing that prevents it (its own body first, then the nearest callee) and
// the call path, with that place as related information.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"

namespace ss::analysis {

std::unique_ptr<Pass> recording_pass();

// What keeps `function` from being recorded were it a step or called by
// one: its body's and what it reaches, nearest first (what an importer's
// step calling it inherits: analysis/imported.hpp). `padding`: the
// program's padding result, whose kept sizes prevent nothing.
std::vector<Cause> recording_causes(const check::ProgramFacts& program, const std::string& function,
                                    const PaddingResult& padding, const ImportedCalls* imported);

}  // namespace ss::analysis
