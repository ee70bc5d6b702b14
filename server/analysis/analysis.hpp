// The analysis layer: passes over the checked program (check/program.hpp),
// between the checker and its users (code generator, editor, command line).
//
// Each analysis is one Pass. It reads one function's facts (its call sites
// and effects, as the checker resolved them) and gives a Summary:
// diagnostics and facts by source range. Summaries are cached under the
// function's body key (the same key the checker's BodyCache uses: the file's
// interface and the function's text), so after an edit inside one function
// only that function's summaries are made again. A pass whose conclusions
// need other functions' summaries (reached from a step, say) draws them in
// `finish`, over the call graph, after every summary is known.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "check/checker.hpp"
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
};

// The pass that finds facts of `kind` ("steps", "padding", "recording").
std::string_view fact_pass(FactKind kind);
// `kind` as fixtures and dumps write it: "padded-loop".
std::string_view fact_kind_name(FactKind kind);

// Something an analysis found, by source range.
struct Fact {
    FactKind kind;
    std::string function;  // whose body it is about
    ByteRange range;
    std::string detail;
};

struct Summary {
    std::vector<Diagnostic> diagnostics;
    std::vector<Fact> facts;
};

// One function as a pass sees it: its facts, and the whole program's (for
// what it calls).
struct FunctionView {
    const check::FunctionFacts& function;
    std::span<const check::CallSite> calls;
    std::span<const check::Effect> effects;
    const check::ProgramFacts& program;
};

// An axis the padding analysis pads (analysis/padding.hpp): the size
// symbol `symbol` in `function`'s body, under the pad id the generated code
// keeps its mask by (`_ss_pads[id]`). `loop` is the loop's iterable where
// the axis is that loop's batch axis, else empty; `made_here` is set where
// the function makes the axis itself (a loop's batch axis, a kept
// selection's size), so no caller passes its mask.
struct PaddedAxis {
    std::string function;
    check::SymbolId symbol = 0;
    int id = 0;
    std::optional<ByteRange> loop;
    bool made_here = false;
};

// A function's generic axis, and whether `shapescript.padded` can pad it
// (analysis/padding.hpp): `prevented` is empty when it can, else what
// prevents it and where, as H2001 says it.
struct PaddableAxis {
    std::string function;
    std::string axis;
    check::SymbolId symbol = 0;
    std::string prevented;
};

struct Result {
    std::vector<Diagnostic> diagnostics;  // sorted by position
    std::vector<Fact> facts;              // function by function in source order, each pass in order
    std::vector<PaddedAxis> padded;       // in the order the padding analysis found them
    // Function by function in source order; filled by analyze() (the code
    // generator's), not by an Analyzer (the editor's, which asks on hover).
    std::vector<PaddableAxis> paddable;
};

class Pass {
public:
    virtual ~Pass() = default;
    virtual std::string_view name() const = 0;
    // From the function's own facts only: what is cached.
    virtual Summary summarize(const FunctionView& function) const = 0;
    // After every function's summary is in `result`: conclusions that need
    // several functions (check::CallGraph over `program`). Not cached, so
    // it must be cheap; none by default.
    virtual void finish(const check::ProgramFacts& program, Result& result) const {
        (void)program;
        (void)result;
    }
};

// Every analysis, run over a checked program again and again (one
// document's analyses): each function's summaries are kept while its body
// key is the same, and only the entries one run used are kept for the next.
class Analyzer {
public:
    Analyzer();
    const Result& run(const check::CheckResult& checked);

private:
    std::vector<std::unique_ptr<Pass>> passes_;
    // body key -> one summary per pass, ranges relative to the function's start
    std::unordered_map<std::string, std::vector<Summary>> cache_;
    Result result_;
};

// Where something a pass found is, seen from where the pass started (a
// loop, a step): `here` when `path` is empty (it is in that function), else
// "in `loss`" and, past one call, "(reached through `train_step`, ...)".
std::string place_in(const std::string& function, const check::CallPath& path, std::string_view here);

// Every analysis once, without a cache: what the code generator asks.
Result analyze(const check::CheckResult& checked);

// A document's diagnostics with the analyses' added, sorted by position as
// DocumentResult's are: what `check`, `build` and the editor report.
std::vector<Diagnostic> with_analyses(const std::vector<Diagnostic>& checked, const Result& analysed);

// The whole front end on one text, as `shapescript check` runs it: one
// DocumentAnalysis, then every analysis (check::analyze_source is the
// checker's part alone).
std::vector<Diagnostic> check_source(std::string_view source);

}  // namespace ss::analysis
