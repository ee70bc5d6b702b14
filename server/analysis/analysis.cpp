#include "analysis/analysis.hpp"

#include <algorithm>

#include "analysis/export.hpp"
#include "analysis/padding.hpp"
#include "analysis/recording.hpp"
#include "analysis/steps.hpp"
#include "check/document.hpp"

namespace ss::analysis {

namespace {

std::vector<std::unique_ptr<Pass>> every_pass() {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(steps_pass());
    passes.push_back(padding_pass());
    passes.push_back(recording_pass());  // after padding: it asks which sizes are kept padded
    passes.push_back(export_pass());
    return passes;
}

void shift(Summary& s, int64_t delta) {
    for (Diagnostic& d : s.diagnostics) ss::shift(d, delta);
    for (Fact& f : s.facts) f.range = shifted(f.range, delta);
}

FunctionView view_of(const check::FunctionFacts& fn, const check::ProgramFacts& program) {
    auto calls = std::span<const check::CallSite>(program.calls).subspan(fn.calls_begin, fn.calls_end - fn.calls_begin);
    auto effects =
        std::span<const check::Effect>(program.effects).subspan(fn.effects_begin, fn.effects_end - fn.effects_begin);
    return {fn, calls, effects, program};
}

void append(Result& result, const Summary& s) {
    result.diagnostics.insert(result.diagnostics.end(), s.diagnostics.begin(), s.diagnostics.end());
    result.facts.insert(result.facts.end(), s.facts.begin(), s.facts.end());
}

void finish(const std::vector<std::unique_ptr<Pass>>& passes, const check::ProgramFacts& program, Result& result) {
    for (const auto& pass : passes) pass->finish(program, result);
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
}

}  // namespace

Analyzer::Analyzer() : passes_(every_pass()) {}

const Result& Analyzer::run(const check::CheckResult& checked) {
    const check::ProgramFacts& program = checked.program;
    result_ = {};
    std::unordered_map<std::string, std::vector<Summary>> used;
    for (const check::FunctionFacts& fn : program.functions) {
        auto base = static_cast<int64_t>(fn.range.begin);
        auto hit = fn.key.empty() ? cache_.end() : cache_.find(fn.key);
        if (hit == cache_.end()) {
            std::vector<Summary> made;
            for (const auto& pass : passes_) made.push_back(pass->summarize(view_of(fn, program)));
            for (const Summary& s : made) append(result_, s);
            if (!fn.key.empty()) {
                for (Summary& s : made) shift(s, -base);
                used.emplace(fn.key, std::move(made));
            }
            continue;
        }
        for (Summary s : hit->second) {
            shift(s, base);
            append(result_, s);
        }
        used.insert(cache_.extract(hit));
    }
    cache_ = std::move(used);
    finish(passes_, program, result_);
    return result_;
}

std::string_view fact_pass(FactKind kind) {
    switch (kind) {
        case FactKind::Step:
        case FactKind::StepDeviceWork:
        case FactKind::StepChangesState: return "steps";
        case FactKind::PaddedLoop:
        case FactKind::UnpaddedLoop:
        case FactKind::PreventsPadding:
        case FactKind::KeptSelection:
        case FactKind::CompactedSelection: return "padding";
        case FactKind::RecordedStep:
        case FactKind::UnrecordedStep:
        case FactKind::PreventsRecording: return "recording";
    }
    return "";
}

std::string_view fact_kind_name(FactKind kind) {
    switch (kind) {
        case FactKind::Step: return "step";
        case FactKind::StepDeviceWork: return "device-work";
        case FactKind::StepChangesState: return "changes-state";
        case FactKind::PaddedLoop: return "padded-loop";
        case FactKind::UnpaddedLoop: return "unpadded-loop";
        case FactKind::PreventsPadding: return "prevents-padding";
        case FactKind::KeptSelection: return "kept-selection";
        case FactKind::CompactedSelection: return "compacted-selection";
        case FactKind::RecordedStep: return "recorded-step";
        case FactKind::UnrecordedStep: return "unrecorded-step";
        case FactKind::PreventsRecording: return "prevents-recording";
    }
    return "";
}

std::string place_in(const std::string& function, const check::CallPath& path, std::string_view here) {
    if (path.sites.empty()) return std::string(here);
    std::string out = "in `" + function + "`";
    if (path.sites.size() > 1) {
        out += " (reached through `" + path.sites.front()->callee + "`";
        for (size_t i = 1; i + 1 < path.sites.size(); ++i) out += ", `" + path.sites[i]->callee + "`";
        out += ")";
    }
    return out;
}

Result analyze(const check::CheckResult& checked) {
    Result result;
    auto passes = every_pass();
    for (const check::FunctionFacts& fn : checked.program.functions)
        for (const auto& pass : passes) append(result, pass->summarize(view_of(fn, checked.program)));
    finish(passes, checked.program, result);
    add_paddable_axes(checked.program, result);
    return result;
}

std::vector<Diagnostic> with_analyses(const std::vector<Diagnostic>& checked, const Result& analysed) {
    std::vector<Diagnostic> out = checked;
    out.insert(out.end(), analysed.diagnostics.begin(), analysed.diagnostics.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return out;
}

std::vector<Diagnostic> check_source(std::string_view source) {
    check::DocumentAnalysis document{std::string(source)};
    const check::DocumentResult& checked = document.analyze();
    return with_analyses(checked.diagnostics, analyze(checked.check));
}

}  // namespace ss::analysis
