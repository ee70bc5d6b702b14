#include "analysis/steps.hpp"

#include <algorithm>

namespace ss::analysis {

namespace {

class Steps final : public Pass {
public:
    PassId id() const override { return PassId::Steps; }

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
        std::vector<std::string> changed;
        for (const check::Effect* e : changes)
            if (std::find(changed.begin(), changed.end(), e->detail) == changed.end()) changed.push_back(e->detail);
        const std::string& f = fn.function.name;
        s.facts.push_back({FactKind::Step, f, fn.function.range, std::nullopt, changed});
        for (const check::Effect* e : work)
            s.facts.push_back({FactKind::StepDeviceWork, f, e->range, std::nullopt, {e->detail}});
        for (const check::Effect* e : changes)
            s.facts.push_back({FactKind::StepChangesState, f, e->range, std::nullopt, {e->detail}});
        return s;
    }

    void finish(const Inputs& in, Result& out) const override {
        for (const Summary* s : in.own)
            for (const Fact& f : s->facts)
                if (f.kind == FactKind::Step) out.steps.steps.insert(f.function);
    }
};

}  // namespace

std::unique_ptr<Pass> steps_pass() { return std::make_unique<Steps>(); }

}  // namespace ss::analysis
