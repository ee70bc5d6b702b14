#include "analysis/steps.hpp"

#include <algorithm>

namespace ss::analysis {

namespace {

constexpr std::string_view kSteps = "steps";

class Steps final : public Pass {
public:
    std::string_view name() const override { return kSteps; }

    Summary summarize(const FunctionView& fn) const override {
        const auto& state = fn.function.mut_state_parameters;
        std::vector<const check::Effect*> work, changes;
        for (const check::Effect& e : fn.effects) {
            if (e.kind == check::EffectKind::DeviceWork) work.push_back(&e);
            if (e.kind == check::EffectKind::ChangesMutParameter &&
                std::find(state.begin(), state.end(), e.detail) != state.end())
                changes.push_back(&e);
        }
        Summary s;
        if (work.empty() || changes.empty()) return s;
        std::string changed;
        for (const check::Effect* e : changes)
            if (changed.find("`" + e->detail + "`") == std::string::npos)
                changed += (changed.empty() ? "changes `" : ", `") + e->detail + "`";
        const std::string& f = fn.function.name;
        s.facts.push_back({FactKind::Step, f, fn.function.range, changed});
        for (const check::Effect* e : work) s.facts.push_back({FactKind::StepDeviceWork, f, e->range, e->detail});
        for (const check::Effect* e : changes) s.facts.push_back({FactKind::StepChangesState, f, e->range, e->detail});
        return s;
    }
};

}  // namespace

std::unique_ptr<Pass> steps_pass() { return std::make_unique<Steps>(); }

std::set<std::string> steps(const Result& result) {
    std::set<std::string> out;
    for (const Fact& f : result.facts)
        if (f.kind == FactKind::Step) out.insert(f.function);
    return out;
}

}  // namespace ss::analysis
