#include "analysis/analysis.hpp"

#include <algorithm>
#include <stdexcept>

#include "analysis/export.hpp"
#include "analysis/imported.hpp"
#include "analysis/padding.hpp"
#include "analysis/recording.hpp"
#include "analysis/serving.hpp"
#include "analysis/steps.hpp"
#include "check/document.hpp"

namespace ss::analysis {

namespace {

std::vector<std::unique_ptr<Pass>> every_pass() {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(steps_pass());
    passes.push_back(padding_pass());
    passes.push_back(recording_pass());
    passes.push_back(export_pass());
    passes.push_back(serving_pass());
    return in_required_order(std::move(passes));
}

void shift(Summary& s, int64_t delta) {
    for (Diagnostic& d : s.diagnostics) ss::shift(d, delta);
    for (Fact& f : s.facts) f.range = shifted(f.range, delta);
    for (Cause& c : s.causes) c.range = shifted(c.range, delta);  // what lies outside the body is set in `finish`
}

}  // namespace

std::vector<std::unique_ptr<Pass>> in_required_order(std::vector<std::unique_ptr<Pass>> waiting) {
    std::vector<std::unique_ptr<Pass>> ordered;
    std::vector<PassId> done;
    while (!waiting.empty()) {
        auto ready = std::find_if(waiting.begin(), waiting.end(), [&](const std::unique_ptr<Pass>& pass) {
            for (PassId needed : pass->required())
                if (std::find(done.begin(), done.end(), needed) == done.end()) return false;
            return true;
        });
        if (ready == waiting.end()) throw std::logic_error("the analyses require each other in a cycle");
        done.push_back((*ready)->id());
        ordered.push_back(std::move(*ready));
        waiting.erase(ready);
    }
    return ordered;
}

FunctionView function_view(const check::FunctionFacts& fn, const check::ProgramFacts& program) {
    auto calls = std::span<const check::CallSite>(program.calls).subspan(fn.calls_begin, fn.calls_end - fn.calls_begin);
    auto effects =
        std::span<const check::Effect>(program.effects).subspan(fn.effects_begin, fn.effects_end - fn.effects_begin);
    return {fn, calls, effects, program};
}

const PaddableResult& Result::paddable() const {
    if (!paddable_) paddable_ = program_ ? paddable_axes(*program_, padding, imported_.get()) : PaddableResult{};
    return *paddable_;
}

std::vector<PaddableAxis> Result::paddable_of(const std::string& function) const {
    std::vector<PaddableAxis> out;
    for (const PaddableAxis& a : paddable().axes)
        if (a.function == function) out.push_back(a);
    return out;
}

Analyzer::Analyzer(std::shared_ptr<ImportedCalls> imported)
    : passes_(every_pass()), imported_(std::move(imported)), own_imported_(!imported_) {
    if (own_imported_) imported_ = std::make_shared<ImportedCalls>();
}

Analyzer::~Analyzer() = default;

const Result& Analyzer::run(const check::ProgramFacts& program) {
    if (own_imported_) imported_->keep_reached(program);
    result_ = {};
    result_.program_ = &program;
    result_.imported_ = imported_;
    // summaries[f * passes + p]: function f's summary by pass p, at its
    // place now (one list: a function's summaries cost no allocation).
    const size_t passes = passes_.size();
    std::vector<Summary> summaries;
    summaries.reserve(program.functions.size() * passes);
    ++run_;
    for (const check::FunctionFacts& fn : program.functions) {
        auto base = static_cast<int64_t>(fn.range.begin);
        auto hit = fn.key.empty() ? cache_.end() : cache_.find(fn.key);
        if (hit == cache_.end()) {
            size_t first = summaries.size();
            for (const auto& pass : passes_) summaries.push_back(pass->summarize(function_view(fn, program)));
            if (!fn.key.empty()) {
                CachedSummaries& kept = cache_[fn.key];
                kept.summaries.assign(summaries.begin() + static_cast<std::ptrdiff_t>(first), summaries.end());
                for (Summary& s : kept.summaries) shift(s, -base);
                kept.run = run_;
            }
            continue;
        }
        hit->second.run = run_;
        for (const Summary& cached : hit->second.summaries) shift(summaries.emplace_back(cached), base);
    }
    // What no function of this run used goes (the cache never outgrows the file).
    std::erase_if(cache_, [&](const auto& entry) { return entry.second.run != run_; });
    // What each function's summaries say, function by function, each pass in order.
    for (const Summary& s : summaries) {
        result_.diagnostics.insert(result_.diagnostics.end(), s.diagnostics.begin(), s.diagnostics.end());
        result_.facts.insert(result_.facts.end(), s.facts.begin(), s.facts.end());
    }
    std::vector<Summary*> own(program.functions.size());
    for (size_t p = 0; p < passes; ++p) {
        for (size_t f = 0; f < own.size(); ++f) own[f] = &summaries[f * passes + p];
        Inputs in{program, own};
        in.imported = imported_.get();
        for (PassId needed : passes_[p]->required()) {
            if (needed == PassId::Steps) in.steps = &result_.steps;
            if (needed == PassId::Padding) in.padding = &result_.padding;
        }
        passes_[p]->finish(in, result_);
    }
    std::stable_sort(result_.diagnostics.begin(), result_.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return result_;
}

Result analyze(const check::CheckResult& checked) {
    Analyzer analyzer;
    return analyzer.run(checked);
}

std::vector<Diagnostic> with_analyses(const std::vector<Diagnostic>& checked, const Result& analysed) {
    std::vector<Diagnostic> out = checked;
    out.insert(out.end(), analysed.diagnostics.begin(), analysed.diagnostics.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return out;
}

std::vector<Diagnostic> check_source(std::string_view source, std::vector<Fact>* facts,
                                     const check::ImportResolver& imports) {
    check::DocumentAnalysis document{std::string(source)};
    document.set_resolver(imports);
    const check::DocumentResult& checked = document.analyze();
    Result analysed = analyze(checked.check);
    if (facts) *facts = analysed.facts;
    return with_analyses(checked.diagnostics, analysed);
}

}  // namespace ss::analysis
