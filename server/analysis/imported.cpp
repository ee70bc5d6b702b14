#include "analysis/imported.hpp"

#include <set>

#include "analysis/analysis.hpp"
#include "analysis/axis_reach.hpp"
#include "analysis/export.hpp"
#include "analysis/padding.hpp"
#include "analysis/recording.hpp"
#include "analysis/serving.hpp"

namespace ss::analysis {

namespace {

// Deeper than any program's imports: a guard, as the module graph's.
constexpr size_t kDeepest = 200;

// The pad id of `function`'s axis `symbol` among `padded`, if it has one.
std::optional<int> pad_id(const std::vector<PaddedAxis>& padded, const std::string& function, check::SymbolId symbol) {
    for (const PaddedAxis& a : padded)
        if (a.function == function && a.symbol == symbol) return a.id;
    return std::nullopt;
}

}  // namespace

const ImportedVerdicts* ImportedCalls::of(const check::ProgramFacts& program, const std::string& callee) const {
    auto found = program.imported.find(callee);
    if (found == program.imported.end() || !found->second.facts || !found->second.facts->program || depth_ >= kDeepest)
        return nullptr;
    const Module& m = module(*found->second.facts);
    auto verdicts = m.functions.find(found->second.name);
    return verdicts == m.functions.end() ? nullptr : &verdicts->second;
}

Cause ImportedCalls::at_call(Cause cause, const check::CallSite& call, const check::ImportedFunction& callee) {
    // The callee by the name the call gives it; the functions it reaches
    // there by their module's path (`layers._mix`).
    auto here = [&](const std::string& name) { return name == callee.name ? call.callee : callee.module + "." + name; };
    std::vector<std::string> path{call.caller};
    if (cause.path.empty()) path.push_back(here(cause.function));
    for (const std::string& f : cause.path) path.push_back(here(f));
    cause.function = here(cause.function);
    cause.path = std::move(path);
    cause.range = call.range;
    cause.first_call = call.range;
    cause.effect = 0;
    cause.related.reset();
    cause.elsewhere = true;
    return cause;
}

void ImportedCalls::keep_reached(const check::ProgramFacts& program) {
    std::set<const check::ProgramFacts*> reached;
    std::vector<const check::ProgramFacts*> todo{&program};
    while (!todo.empty()) {
        const check::ProgramFacts* at = todo.back();
        todo.pop_back();
        for (const auto& [name, f] : at->imported)
            if (f.facts && f.facts->program && reached.insert(f.facts->program.get()).second)
                todo.push_back(f.facts->program.get());
    }
    std::erase_if(modules_, [&](const auto& entry) { return !reached.count(entry.first); });
}

const ImportedCalls::Module& ImportedCalls::module(const check::ModuleFacts& facts) const {
    // By its bodies and its key: a file kept as it was whose imports'
    // bodies changed (its key did) is analysed again.
    std::shared_ptr<const check::ProgramFacts> program = facts.program;
    if (auto found = modules_.find(program.get()); found != modules_.end()) {
        if (found->second.key == facts.key) return found->second;
        modules_.erase(found);
    }
    // The file analysed as it alone would be, its own imports through this.
    ++depth_;
    std::shared_ptr<ImportedCalls> shared(std::shared_ptr<void>{}, const_cast<ImportedCalls*>(this));
    Analyzer analyzer(shared);
    const Result& analysed = analyzer.run(*program);
    const PaddableResult& paddable = analysed.paddable();
    AxisFollower follower(*program, analysed.padding.mixing, this);
    Module m;
    m.program = program;
    m.key = facts.key;
    std::map<std::string, std::map<std::string, ServingAxis>> serving = serving_axes(*program, this);
    for (const check::FunctionFacts& fn : program->functions) {
        ImportedVerdicts& v = m.functions[fn.name];
        for (const auto& [axis, symbol] : fn.generic_axes) {
            ImportedAxis& a = v.axes[axis];
            for (const PaddableAxis& p : paddable.axes)
                if (p.function == fn.name && p.axis == axis) a.loop = p.prevented;
            a.selection = follower.reach(fn, symbol, padding_prevents(true)).prevention;
            if (a.loop) continue;
            a.pad_id = pad_id(analysed.padding.padded, fn.name, symbol);
            if (!a.pad_id) a.pad_id = pad_id(paddable.padded, fn.name, symbol);
        }
        v.elementwise = follower.elementwise(fn);
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
            const check::Effect& e = program->effects[i];
            auto k = e.kind == check::EffectKind::Returned ? e.size.as_symbol() : std::nullopt;
            for (const PaddedAxis& a : analysed.padding.padded)
                if (k && a.function == fn.name && a.symbol == *k && a.made_here && !a.loop)
                    v.kept_results.insert(e.detail);
        }
        v.recording = recording_causes(*program, fn.name, analysed.padding, this);
        v.exporting = export_causes(*program, fn.name, this);
        v.serving = std::move(serving[fn.name]);
        for (const auto& [index, path] : check::CallGraph(*program).with_reached(fn.name)) {
            const std::vector<check::FieldRead>& reads = program->functions[index].field_reads;
            v.reads.insert(v.reads.end(), reads.begin(), reads.end());
        }
    }
    --depth_;
    return modules_.emplace(program.get(), std::move(m)).first->second;
}

}  // namespace ss::analysis
