// What the analyses find, as data: facts by kind, and for each conclusion
// that something is prevented (a loop's last batch isn't padded, a step
// isn't recorded, a function can't be exported) its Cause. Passes write no
// sentences; analysis/words.hpp and the editor do (docs/architecture.md).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check/program.hpp"
#include "diag/diagnostic.hpp"

namespace ss::analysis {

// What an analysis found, one kind per fact; the pass that finds it is in
// the name. The editor picks facts by kind (a misspelt kind doesn't
// compile) and writes its own sentences about them.
enum class FactKind {
    Step,                // steps: a function that is a step, over the whole function
    StepDeviceWork,      // steps: the device work that makes it one
    StepChangesState,    // steps: the mut parameter it changes
    PaddedLoop,          // padding: a loop over batches whose last batch is padded
    UnpaddedLoop,        // padding: one whose last batch isn't
    PreventsPadding,     // padding: what keeps a loop's batch axis from being padded
    KeptSelection,       // padding: a selection kept padded at its mask's size
    CompactedSelection,  // padding: one compacted
    RecordedStep,        // recording: a step recorded as a CUDA graph
    UnrecordedStep,      // recording: a step that runs operation by operation
    PreventsRecording,   // recording: what keeps a step from being recorded
    Servable,            // serving: a function that takes a model first, in the serving form (its name)
    Unservable,          // serving: one that isn't, with the first rule it breaks
};

enum class PassId { Steps, Padding, Recording, Export, Serving };
// `pass` as fixtures and dumps write it: "padding".
std::string_view pass_name(PassId pass);

// The pass that finds facts of `kind`.
PassId fact_pass(FactKind kind);
// `kind` as fixtures and dumps write it: "padded-loop".
std::string_view fact_kind_name(FactKind kind);

// What keeps an analysis from its conclusion, in one place of a body.
enum class Blocker {
    // Padding, of an axis followed from a loop, a selection or a generic axis:
    MixesAlongAxis,    // an operation with no masked version along it: subject `sort`
    ReadsInOrder,      // a selection's positions read in order: subject `causal`
    TakenIntoGroup,    // a call takes it into a group: subject the callee, detail the group's name
    TakenAsOtherSize,  // a call takes it as an axis of another size: subject the callee, detail its axis
    // Recording, of a step or what it reaches:
    LoopsOverDataset,
    Prints,
    SavesFile,
    LoadsFile,
    WritesLog,
    UsesPython,         // subject: the Python value as written
    CallsPythonExtern,  // subject: the extern fn, detail: its Python target
    WaitsOnTensorIf,    // subject: the condition as written
    DataDependentSize,  // subject: the size as written
    // Export, of an exported function or what it reaches (E1701-E1706):
    ExportPythonName,        // E1701, subject: the name as written
    ExportPythonExtern,      // E1702, subject: the extern fn, detail: its target (`related`: where it is typed)
    ExportPythonAs,          // E1703, subject: the `as` as written
    ExportHostParameter,     // E1704, subject: the parameter, detail: its type
    ExportChangesField,      // E1704, subject: the field
    ExportDatasetLoop,       // E1704
    ExportMakesModel,        // E1704, subject: `M.init`
    ExportHostBuiltin,       // E1704, subject: the built-in
    ExportUnfitInput,        // E1705, subject: the parameter, detail: its type; `unfit` says how
    ExportReturnInTensorIf,  // E1706
    // Serving, of a function that takes a model first, or what it reaches
    // (E3301-E3305, analysis/serving.hpp); detail: what the rule asks
    // that isn't so.
    ServingParameters,  // E3301, subject: the parameter, if one
    ServingOutput,      // E3302
    ServingIds,         // E3303, subject: what reads them
    ServingAcross,      // E3304, subject: the operation (`sum`), detail: the sequence axis's name
    ServingAttention,   // E3305
};

// How an exported function's input isn't fit (E1705).
enum class UnfitInput { None, VariadicShape, NoDefault, OtherType };

// One thing that keeps an analysis from its conclusion, and where.
struct Cause {
    Cause() = default;
    Cause(Blocker what, std::string subject, std::string detail, std::string function, ByteRange range)
        : what(what),
          subject(std::move(subject)),
          detail(std::move(detail)),
          function(std::move(function)),
          range(range) {}

    Blocker what = Blocker::MixesAlongAxis;
    std::string subject;   // see Blocker
    std::string detail;    // see Blocker
    std::string function;  // whose body it is in
    ByteRange range;
    // The functions from where the analysis started to `function`, both
    // included, by the calls between them; empty when it is there.
    std::vector<std::string> path;
    ByteRange first_call;  // where the path's first call is, when it has one
    // Padding's and DataDependentSize: the index, among its function's
    // effects, of the effect whose size it is about. Read the size there:
    // a body's symbols are renumbered from one check to the next.
    size_t effect = 0;
    std::optional<ByteRange> related;  // ExportPythonExtern: the extern fn's target (set in `finish`: outside the body)
    UnfitInput unfit = UnfitInput::None;
    // Found in another file (analysis/imported.hpp): `range` is the call
    // into that file, not the place itself.
    bool elsewhere = false;
};

// `cause` reached by the calls `sites`, from where its pass started. A
// cause that already has a path (one found in another file, from the call
// into it: analysis/imported.hpp) keeps it after the sites'.
Cause along(Cause cause, std::span<const check::CallSite* const> sites);

// Something an analysis found, by source range.
struct Fact {
    Fact(FactKind kind, std::string function, ByteRange range, std::optional<Cause> cause = std::nullopt,
         std::vector<std::string> names = {})
        : kind(kind), function(std::move(function)), range(range), cause(std::move(cause)), names(std::move(names)) {}

    FactKind kind;
    std::string function;  // whose body the range is in
    ByteRange range;
    // UnpaddedLoop, PreventsPadding, CompactedSelection, UnrecordedStep,
    // PreventsRecording: what prevents it (the first thing, for the first three).
    std::optional<Cause> cause;
    // Step: the state it changes; StepDeviceWork: the work; StepChangesState:
    // the parameter; PreventsRecording: the step; KeptSelection: the
    // callers it is given back kept to.
    std::vector<std::string> names;
    bool returned = false;  // KeptSelection: its function returns it
};

}  // namespace ss::analysis
