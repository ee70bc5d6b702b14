#include "analysis/recording.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "analysis/steps.hpp"
#include "check/extern_target.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

namespace {

constexpr std::string_view kRecording = "recording";

// An extern fn's target that a recorded step can run: device work.
bool device_target(const std::string& target) { return check::target_module(target) != check::TargetModule::Other; }

// What keeps a step from being recorded, in a function it reaches.
struct Preventer {
    std::string function;
    const check::CallPath* path;
    ByteRange range;
    std::string what;  // "prints", "uses Python (`np.save`)", ...
};

// " in `log_it` (reached through `helper`)", or "" in the step itself.
std::string place(const Preventer& p) {
    std::string where = place_in(p.function, *p.path, "");
    return where.empty() ? "" : " " + where;
}

class Recording final : public Pass {
public:
    std::string_view name() const override { return kRecording; }
    Summary summarize(const FunctionView&) const override { return {}; }

    // After the padding analysis: which sizes made from the data it keeps.
    void finish(const check::ProgramFacts& program, Result& result) const override {
        std::map<std::string, const check::FunctionFacts*> by_name;
        for (const check::FunctionFacts& fn : program.functions) by_name.emplace(fn.name, &fn);
        std::map<std::string, const check::ExternFacts*> externs;
        for (const check::ExternFacts& e : program.externs) externs.emplace(e.name, &e);
        std::set<std::pair<std::string, check::SymbolId>> kept;
        for (const PaddedAxis& a : result.padded) kept.insert({a.function, a.symbol});

        check::CallGraph graph(program);
        const check::CallPath none;
        for (const std::string& step : steps(result)) {
            auto root = by_name.find(step);
            if (root == by_name.end()) continue;
            auto reached = graph.reaches(step);
            // The step's own body first, then what it reaches, nearest first.
            std::vector<std::pair<const check::FunctionFacts*, const check::CallPath*>> order{{root->second, &none}};
            for (const auto& [callee, path] : reached)
                if (auto fn = by_name.find(callee); fn != by_name.end() && callee != step)
                    order.emplace_back(fn->second, &path);
            std::stable_sort(order.begin() + 1, order.end(), [](const auto& a, const auto& b) {
                return a.second->sites.size() < b.second->sites.size();
            });
            std::vector<Preventer> found;
            for (const auto& [fn, path] : order) preventers(program, *fn, *path, externs, kept, found);
            const check::FunctionFacts& f = *root->second;
            if (found.empty()) {
                result.facts.push_back({FactKind::RecordedStep, step, f.range, ""});
                continue;
            }
            const Preventer& first = found.front();
            std::string why = first.what + place(first);
            result.facts.push_back({FactKind::UnrecordedStep, step, f.range, why});
            for (const Preventer& p : found)
                result.facts.push_back(
                    {FactKind::PreventsRecording, p.function, p.range, "the step `" + step + "`: it " + p.what});
            Diagnostic hint = make_diagnostic(DiagCode::H3101, f.name_range, {step, why});
            hint.related.push_back({first.range, "this keeps `" + step + "` from being recorded"});
            result.diagnostics.push_back(std::move(hint));
        }
    }

private:
    static void preventers(const check::ProgramFacts& program, const check::FunctionFacts& fn,
                           const check::CallPath& path, const std::map<std::string, const check::ExternFacts*>& externs,
                           const std::set<std::pair<std::string, check::SymbolId>>& kept, std::vector<Preventer>& out) {
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
            const check::Effect& e = program.effects[i];
            std::string what;
            switch (e.kind) {
                case check::EffectKind::DatasetLoop: what = "loops over a dataset"; break;
                case check::EffectKind::Print: what = "prints"; break;
                case check::EffectKind::Save: what = "saves a file"; break;
                case check::EffectKind::Load: what = "loads a file"; break;
                case check::EffectKind::Log: what = "writes to a log sink"; break;
                case check::EffectKind::PythonValue: what = "uses Python (`" + e.detail + "`)"; break;
                case check::EffectKind::PythonCall: {
                    // A Python module's function is its PythonValue's; an extern fn is said here.
                    auto ext = externs.find(e.detail);
                    if (ext != externs.end() && !device_target(ext->second->target))
                        what = "calls `" + e.detail + "`, an extern fn for the Python function `" +
                               ext->second->target + "`";
                    break;
                }
                case check::EffectKind::TensorIf:
                    what = "waits for the device: `if " + e.detail + "` reads a tensor on the host";
                    break;
                case check::EffectKind::DataDependentSize:
                    if (auto k = e.size.as_symbol(); !k || !kept.count({fn.name, *k}))
                        what = "makes a size that depends on the data (`" + e.detail + "`), not kept padded";
                    break;
                default: break;
            }
            if (!what.empty()) out.push_back({fn.name, &path, e.range, std::move(what)});
        }
    }
};

}  // namespace

std::unique_ptr<Pass> recording_pass() { return std::make_unique<Recording>(); }

std::set<std::string> recorded_steps(const Result& result) {
    std::set<std::string> out;
    for (const Fact& f : result.facts)
        if (f.kind == FactKind::RecordedStep) out.insert(f.function);
    return out;
}

}  // namespace ss::analysis
