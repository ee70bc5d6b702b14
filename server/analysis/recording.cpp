#include "analysis/recording.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "analysis/imported.hpp"
#include "analysis/words.hpp"
#include "check/extern_target.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

namespace {

// An extern fn's target that a recorded step can run: device work.
bool device_target(const std::string& target) { return check::target_module(target) != check::TargetModule::Other; }

// What in `fn`'s own body would keep a step that is it or reaches it from
// being recorded. A size that depends on the data is a candidate: the
// padding analysis may keep it padded (`finish` asks).
std::vector<Cause> candidates(const FunctionView& fn) {
    std::vector<Cause> out;
    for (size_t i = 0; i < fn.effects.size(); ++i) {
        const check::Effect& e = fn.effects[i];
        Cause c{Blocker::LoopsOverDataset, e.detail, "", fn.function.name, e.range};
        c.effect = i;
        switch (e.kind) {
            case check::EffectKind::DatasetLoop: c.what = Blocker::LoopsOverDataset; break;
            case check::EffectKind::Print: c.what = Blocker::Prints; break;
            case check::EffectKind::Save: c.what = Blocker::SavesFile; break;
            case check::EffectKind::Load: c.what = Blocker::LoadsFile; break;
            case check::EffectKind::Log: c.what = Blocker::WritesLog; break;
            case check::EffectKind::PythonValue: c.what = Blocker::UsesPython; break;
            case check::EffectKind::PythonCall: {
                // A Python module's function is its PythonValue's; an extern fn is said here.
                const check::ExternFacts* ext = check::extern_named(fn.program, e.detail);
                if (!ext || device_target(ext->target)) continue;
                c.what = Blocker::CallsPythonExtern;
                c.detail = ext->target;
                break;
            }
            case check::EffectKind::TensorIf: c.what = Blocker::WaitsOnTensorIf; break;
            case check::EffectKind::DataDependentSize: c.what = Blocker::DataDependentSize; break;
            default: continue;
        }
        out.push_back(std::move(c));
    }
    return out;
}

// What keeps `root` from being recorded, as a step or called by one: its own
// body's causes, then those of what it reaches, nearest first, each
// followed by those of its calls into other files (analysis/imported.hpp).
// `own(i)`: function i's candidates; `kept`: the sizes padding keeps.
std::vector<Cause> reached_causes(const check::ProgramFacts& program, const std::string& root,
                                  const std::function<const std::vector<Cause>&(size_t)>& own,
                                  const std::set<std::pair<std::string, check::SymbolId>>& kept,
                                  const ImportedCalls* imported) {
    std::vector<std::pair<size_t, check::CallPath>> order = check::CallGraph(program).with_reached(root);
    if (order.empty()) return {};
    std::stable_sort(order.begin() + 1, order.end(),
                     [](const auto& a, const auto& b) { return a.second.sites.size() < b.second.sites.size(); });
    std::vector<Cause> found;
    for (const auto& [index, path] : order) {
        const check::FunctionFacts& fn = program.functions[index];
        for (const Cause& c : own(index)) {
            if (c.what == Blocker::DataDependentSize) {
                auto k = program.effects[fn.effects_begin + c.effect].size.as_symbol();
                if (k && kept.count({fn.name, *k})) continue;
            }
            found.push_back(along(c, path.sites));
        }
        for (size_t i = fn.calls_begin; i < fn.calls_end && imported; ++i) {
            const check::CallSite& call = program.calls[i];
            if (call.kind != check::CalleeKind::Function) continue;
            if (const ImportedVerdicts* other = imported->of(program, call.callee))
                for (const Cause& c : other->recording)
                    found.push_back(
                        along(ImportedCalls::at_call(c, call, program.imported.at(call.callee)), path.sites));
        }
    }
    return found;
}

std::set<std::pair<std::string, check::SymbolId>> kept_sizes(const PaddingResult& padding) {
    std::set<std::pair<std::string, check::SymbolId>> kept;
    for (const PaddedAxis& a : padding.padded) kept.insert({a.function, a.symbol});
    return kept;
}

class Recording final : public Pass {
public:
    PassId id() const override { return PassId::Recording; }
    // The steps, and which sizes made from the data padding keeps.
    std::vector<PassId> required() const override { return {PassId::Steps, PassId::Padding}; }

    Summary summarize(const FunctionView& fn) const override {
        Summary s;
        s.causes = candidates(fn);
        return s;
    }

    void finish(const Inputs& in, Result& out) const override {
        const check::ProgramFacts& program = in.program;
        // The steps' functions only (a few, where a file has thousands).
        std::map<std::string_view, size_t> by_name;
        for (const std::string& step : in.steps->steps) by_name.emplace(step, program.functions.size());
        for (size_t i = 0; i < program.functions.size(); ++i)
            if (auto at = by_name.find(program.functions[i].name); at != by_name.end() && at->second > i)
                at->second = i;
        std::set<std::pair<std::string, check::SymbolId>> kept = kept_sizes(*in.padding);
        auto own = [&](size_t i) -> const std::vector<Cause>& { return in.own[i]->causes; };
        for (const std::string& step : in.steps->steps) {
            auto root = by_name.find(step);
            if (root->second == program.functions.size()) continue;  // no such function
            std::vector<Cause> found = reached_causes(program, step, own, kept, in.imported);
            const check::FunctionFacts& f = program.functions[root->second];
            if (found.empty()) {
                out.facts.push_back({FactKind::RecordedStep, step, f.range});
                out.recording.recorded.insert(step);
                continue;
            }
            const Cause& first = found.front();
            out.facts.push_back({FactKind::UnrecordedStep, step, f.range, first});
            for (const Cause& c : found)
                out.facts.push_back({FactKind::PreventsRecording, c.function, c.range, c, {step}});
            Diagnostic hint = make_diagnostic(DiagCode::H3101, f.name_range, {step, recording_why(first)});
            hint.related.push_back({first.range, "this keeps `" + step + "` from being recorded"});
            out.diagnostics.push_back(std::move(hint));
        }
    }
};

}  // namespace

std::unique_ptr<Pass> recording_pass() { return std::make_unique<Recording>(); }

std::vector<Cause> recording_causes(const check::ProgramFacts& program, const std::string& function,
                                    const PaddingResult& padding, const ImportedCalls* imported) {
    std::vector<std::vector<Cause>> made(program.functions.size());
    std::vector<bool> done(program.functions.size());
    auto own = [&](size_t i) -> const std::vector<Cause>& {
        if (!done[i]) {
            made[i] = candidates(function_view(program.functions[i], program));
            done[i] = true;
        }
        return made[i];
    };
    return reached_causes(program, function, own, kept_sizes(padding), imported);
}

}  // namespace ss::analysis
