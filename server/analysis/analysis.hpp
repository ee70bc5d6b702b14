// The analysis layer: passes over the checked program (check/program.hpp),
// between the checker and its users (code generator, editor, command line),
// in the manner of go/analysis.
//
// Each analysis is one Pass. It names the passes whose results it reads
// (`requires`), and the driver runs those first. It reads one function's
// facts at a time (its call sites and effects, as the checker resolved
// them) and gives a Summary: diagnostics, facts, and the causes its
// conclusions may need. Summaries are cached under the function's body key
// (the same key the checker's BodyCache uses: the file's interface and the
// function's text), so after an edit inside one function only that
// function's summaries are made again. A pass whose conclusions need other
// functions (reached from a step, say) draws them in `finish`, over the
// call graph and every function's summary, and puts its typed result in
// Result. Facts are data (analysis/facts.hpp); analysis/words.hpp and the
// editor say them in words.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analysis/facts.hpp"
#include "check/checker.hpp"
#include "check/modules.hpp"
#include "check/program.hpp"
#include "diag/diagnostic.hpp"

namespace ss::analysis {

class ImportedCalls;  // analysis/imported.hpp

// What one pass found in one function's body alone: what is cached.
struct Summary {
    std::vector<Diagnostic> diagnostics;
    std::vector<Fact> facts;
    std::vector<Cause> causes;  // for the pass's `finish`: what in this body may prevent its conclusions
};

// One function as a pass sees it: its facts, and the whole program's (for
// what it calls).
struct FunctionView {
    const check::FunctionFacts& function;
    std::span<const check::CallSite> calls;
    std::span<const check::Effect> effects;
    const check::ProgramFacts& program;
};

// `fn` of `program` as a pass sees it.
FunctionView function_view(const check::FunctionFacts& fn, const check::ProgramFacts& program);

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
// (analysis/padding.hpp): `prevented` says what prevents it, if anything.
struct PaddableAxis {
    std::string function;
    std::string axis;
    check::SymbolId symbol = 0;
    std::optional<Cause> prevented;
};

// Each pass's typed result, for the passes that require it and for the
// code generator and the editor.
struct StepsResult {
    std::set<std::string> steps;  // the functions that are steps
};
struct PaddingResult {
    std::vector<PaddedAxis> padded;  // what loops and kept selections pad, in the order found
    // Each function's operations that mix values along an axis (as
    // program.functions): what the analysis follows axes through.
    std::vector<std::vector<Cause>> mixing;
};
struct RecordingResult {
    std::set<std::string> recorded;  // the steps that can be recorded
};
// What `shapescript.padded` can pad: every function's generic axes, and the
// axes the paddable ones reach, numbered after PaddingResult::padded.
struct PaddableResult {
    std::vector<PaddableAxis> axes;  // function by function in source order
    std::vector<PaddedAxis> padded;
};

class Result {
public:
    std::vector<Diagnostic> diagnostics;  // sorted by position
    std::vector<Fact> facts;              // function by function in source order, then each pass's `finish`
    StepsResult steps;
    PaddingResult padding;
    RecordingResult recording;

    // Worked out when first asked (the editor asks on hover, the code
    // generator always), from the program this result is of.
    const PaddableResult& paddable() const;
    std::vector<PaddableAxis> paddable_of(const std::string& function) const;
    // What the analyses concluded about the functions of other files the
    // program calls (never null after a run): the code generator passes
    // masks to them by it.
    const ImportedCalls* imported() const { return imported_.get(); }

private:
    friend class Analyzer;
    const check::ProgramFacts* program_ = nullptr;
    std::shared_ptr<const ImportedCalls> imported_;
    mutable std::optional<PaddableResult> paddable_;
};

// What `finish` reads: the program, this pass's summary of each function
// (as program.functions), and the results of the passes it requires (the
// others are null).
struct Inputs {
    const check::ProgramFacts& program;
    std::span<Summary* const> own;  // made for this run: the pass may take what it keeps from them
    const StepsResult* steps = nullptr;
    const PaddingResult* padding = nullptr;
    const ImportedCalls* imported = nullptr;  // never null in `finish`
};

class Pass {
public:
    virtual ~Pass() = default;
    virtual PassId id() const = 0;
    // The passes whose results `finish` reads.
    virtual std::vector<PassId> required() const { return {}; }
    // From the function's own facts only: what is cached.
    virtual Summary summarize(const FunctionView& function) const = 0;
    // After every function's summary is made: conclusions that need several
    // functions (check::CallGraph over `in.program`), into `out`. Not
    // cached, so it must be cheap; none by default.
    virtual void finish(const Inputs& in, Result& out) const {
        (void)in;
        (void)out;
    }
};

// `passes`, each after the passes it requires, in the given order where the
// requirements leave a choice. Throws std::logic_error on a cycle.
std::vector<std::unique_ptr<Pass>> in_required_order(std::vector<std::unique_ptr<Pass>> passes);

// Every analysis, run over a checked program again and again (one
// document's analyses): each function's summaries are kept while its body
// key is the same, and only the entries one run used are kept for the next.
class Analyzer {
public:
    // `imported`: what it knows of other files' functions, shared with the
    // analyzer that analyses a file for its importer; without one it keeps
    // its own, from run to run.
    explicit Analyzer(std::shared_ptr<ImportedCalls> imported = nullptr);
    ~Analyzer();
    // The result stays valid until the next run, and reads `checked`.
    const Result& run(const check::CheckResult& checked) { return run(checked.program); }
    const Result& run(const check::ProgramFacts& program);

private:
    std::vector<std::unique_ptr<Pass>> passes_;  // in an order that runs what each requires first
    std::shared_ptr<ImportedCalls> imported_;
    bool own_imported_ = false;
    // body key -> one summary per pass, ranges relative to the function's
    // start, and the last run that used it (the others are dropped).
    struct CachedSummaries {
        std::vector<Summary> summaries;
        uint64_t run = 0;
    };
    std::unordered_map<std::string, CachedSummaries> cache_;
    uint64_t run_ = 0;
    Result result_;
};

// Every analysis once, without a cache: what the code generator asks.
Result analyze(const check::CheckResult& checked);

// A document's diagnostics with the analyses' added, sorted by position as
// DocumentResult's are: what `check`, `build` and the editor report.
std::vector<Diagnostic> with_analyses(const std::vector<Diagnostic>& checked, const Result& analysed);

// The whole front end on one text, as `shapescript check` runs it: one
// DocumentAnalysis, then every analysis (check::check_text is the
// checker's part alone). `facts`, when given, receives the analyses' facts.
// `imports` finds the modules it imports (check/modules.hpp).
std::vector<Diagnostic> check_source(std::string_view source, std::vector<Fact>* facts = nullptr,
                                     const check::ImportResolver& imports = nullptr);

}  // namespace ss::analysis
