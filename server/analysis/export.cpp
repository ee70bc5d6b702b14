#include "analysis/export.hpp"

#include <functional>
#include <map>
#include <optional>
#include <set>

#include "analysis/words.hpp"
#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/extern_target.hpp"

namespace ss::analysis {

namespace {

// An extern fn's target torch.export can trace: torch's, or math's (which
// works on numbers and sizes while tracing).
bool traceable_target(const std::string& target) {
    check::TargetModule module = check::target_module(target);
    return module == check::TargetModule::Torch || module == check::TargetModule::Math;
}

// A value that lives on the host: a parameter of this type in a function
// an exported one reaches is E1704. A mode is one too, but `Eval` is
// exportable and `Train` isn't, so a mode there can only be `Eval`; a model
// there can only be the exported model (unfit_input), passed around and
// its fields read, as a model export does (seed 001, "Hugging Face").
bool host_only_type(check::TypeKind kind) {
    using K = check::TypeKind;
    return kind == K::Optimizer || kind == K::Dataset || kind == K::Batch || kind == K::Batches || kind == K::Grads;
}

// How an exported function's input isn't what it must be (E1705), if it
// isn't. The first may be a model: the model exported, whose fields are
// the program's weights.
std::optional<Cause> unfit_input(const check::FunctionFacts& fn, const check::ParamFacts& p, bool first) {
    const check::Type& t = *p.type;
    using K = check::TypeKind;
    Cause c{Blocker::ExportUnfitInput, p.name, check::describe(t), fn.name, p.range};
    if (t.kind == K::Model && first) return std::nullopt;
    if (t.kind == K::Tensor) {
        for (const check::AxisType& a : t.tensor.axes)
            if (a.variadic) {
                c.unfit = UnfitInput::VariadicShape;
                c.detail = a.written;
                return c;
            }
        return std::nullopt;
    }
    if (t.kind == K::Int || t.kind == K::Float || t.kind == K::Bool) {
        if (p.has_default) return std::nullopt;
        c.unfit = UnfitInput::NoDefault;
        return c;
    }
    if (t.kind == K::Unknown) return std::nullopt;  // its type is an error already
    c.unfit = UnfitInput::OtherType;
    return c;
}

// What in `fn`'s own body torch.export can't trace, were it exported or
// reached from an exported function: its host-only parameters (which
// don't count in the exported function itself) first, then its effects
// and its calls, in order.
std::vector<Cause> untraceable(const FunctionView& view) {
    const check::FunctionFacts& fn = view.function;
    std::vector<Cause> out;
    auto add = [&](Blocker what, ByteRange range, std::string subject = "", std::string detail = "") -> Cause& {
        out.push_back({what, std::move(subject), std::move(detail), fn.name, range});
        return out.back();
    };
    for (const check::ParamFacts& p : fn.params)
        if (host_only_type(p.type->kind)) add(Blocker::ExportHostParameter, p.range, p.name, check::describe(*p.type));
    // Ranges of `as` on Python values: the Python inside is E1703's.
    std::vector<ByteRange> python_as;
    for (const check::Effect& e : view.effects)
        if (e.kind == check::EffectKind::PythonAs) python_as.push_back(e.range);
    std::set<uint32_t> logs;       // `log(key=value)`, not the logarithm
    std::vector<ByteRange> loops;  // a loop's `data |> batches(n)`: its `batches` is that loop's error
    auto inside = [](ByteRange inner, const std::vector<ByteRange>& outer) {
        for (ByteRange r : outer)
            if (r.begin <= inner.begin && inner.end <= r.end) return true;
        return false;
    };
    for (const check::Effect& e : view.effects) {
        switch (e.kind) {
            case check::EffectKind::PythonValue:
                if (!inside(e.range, python_as)) add(Blocker::ExportPythonName, e.range, e.detail);
                break;
            case check::EffectKind::PythonAs: add(Blocker::ExportPythonAs, e.range, e.detail); break;
            case check::EffectKind::ReturnInTensorIf: add(Blocker::ExportReturnInTensorIf, e.range); break;
            case check::EffectKind::ChangesField: add(Blocker::ExportChangesField, e.range, e.detail); break;
            case check::EffectKind::DatasetLoop:
                loops.push_back(e.range);
                add(Blocker::ExportDatasetLoop, e.range);
                break;
            case check::EffectKind::Log: logs.insert(e.range.begin); break;
            default: break;
        }
    }
    for (const check::CallSite& call : view.calls) {
        if (call.kind == check::CalleeKind::ModelInit) add(Blocker::ExportMakesModel, call.range, call.callee);
        if (call.kind == check::CalleeKind::ExternFunction) {
            const check::ExternFacts* ext = check::extern_named(view.program, call.callee);
            if (ext && !traceable_target(ext->target))
                add(Blocker::ExportPythonExtern, call.callee_range, call.callee, ext->target);
        }
        if (call.kind != check::CalleeKind::Builtin || call.passed_as_value) continue;
        const check::Builtin* b = check::find_builtin(call.callee);
        // `log(x)` is the logarithm; only `log(key=value)` keeps a record.
        bool logarithm = b && b->rule == check::BuiltinRule::Log && !logs.count(call.range.begin);
        if (b && !b->exportable && !logarithm && !inside(call.range, loops))
            add(Blocker::ExportHostBuiltin, call.callee_range, call.callee);
    }
    return out;
}

// The errors of exporting `exported`: its inputs', then what it and every
// function it reaches can't trace (each function's `causes`, as
// program.functions).
std::vector<Diagnostic> errors_of(const check::ProgramFacts& program, const std::string& exported,
                                  const std::function<const std::vector<Cause>&(size_t)>& causes) {
    std::map<std::string, size_t> by_name;
    for (size_t i = 0; i < program.functions.size(); ++i) by_name.emplace(program.functions[i].name, i);
    auto root = by_name.find(exported);
    if (root == by_name.end()) return {};
    // Where an extern fn is typed is read now: it lies outside the cached bodies.
    auto said = [&](Cause c) {
        if (const check::ExternFacts* e = check::extern_named(program, c.subject);
            e && c.what == Blocker::ExportPythonExtern)
            c.related = e->target_range;
        return export_diagnostic(c, exported);
    };
    std::vector<Diagnostic> out;
    const check::FunctionFacts& fn = program.functions[root->second];
    for (const check::ParamFacts& p : fn.params)
        if (auto unfit = unfit_input(fn, p, &p == &fn.params.front()))
            out.push_back(export_diagnostic(*unfit, exported));
    for (const Cause& c : causes(root->second))
        if (c.what != Blocker::ExportHostParameter) out.push_back(said(c));
    for (const auto& [name, path] : check::CallGraph(program).reaches(exported))
        if (auto reached = by_name.find(name); reached != by_name.end() && name != exported)
            for (const Cause& c : causes(reached->second)) out.push_back(said(along(c, path.sites)));
    return out;
}

class Export final : public Pass {
public:
    PassId id() const override { return PassId::Export; }

    Summary summarize(const FunctionView& fn) const override {
        Summary s;
        s.causes = untraceable(fn);
        return s;
    }

    // Each error once, from the first exported function (in source order)
    // that reaches it.
    void finish(const Inputs& in, Result& out) const override {
        std::set<std::pair<std::string, uint32_t>> seen;
        auto causes = [&](size_t i) -> const std::vector<Cause>& { return in.own[i]->causes; };
        for (const check::FunctionFacts& fn : in.program.functions) {
            if (!fn.exported) continue;
            for (Diagnostic& d : errors_of(in.program, fn.name, causes))
                if (seen.insert({d.code, d.range.begin}).second) out.diagnostics.push_back(std::move(d));
        }
    }
};

}  // namespace

std::unique_ptr<Pass> export_pass() { return std::make_unique<Export>(); }

std::vector<Diagnostic> export_errors(const check::ProgramFacts& program, const std::string& function) {
    std::vector<std::vector<Cause>> made(program.functions.size());
    std::vector<bool> done(program.functions.size());
    auto causes = [&](size_t i) -> const std::vector<Cause>& {
        if (!done[i]) {
            made[i] = untraceable(function_view(program.functions[i], program));
            done[i] = true;
        }
        return made[i];
    };
    return errors_of(program, function, causes);
}

}  // namespace ss::analysis
