#include "analysis/export.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "analysis/imported.hpp"
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

// What `root` and every function it reaches can't trace (each function's
// `causes`, as program.functions), with what their calls into other files
// reach there (analysis/imported.hpp). Root's host-only parameters are left
// out where it is the function exported: they are its unfit inputs.
std::vector<Cause> reached_untraceable(const check::ProgramFacts& program, const std::string& root, bool exported,
                                       const std::function<const std::vector<Cause>&(size_t)>& causes,
                                       const ImportedCalls* imported) {
    std::vector<std::pair<size_t, check::CallPath>> order = check::CallGraph(program).with_reached(root);
    std::vector<Cause> out;
    for (const auto& [index, path] : order) {
        for (const Cause& c : causes(index))
            if (index != order.front().first || !exported || c.what != Blocker::ExportHostParameter)
                out.push_back(along(c, path.sites));
        const check::FunctionFacts& fn = program.functions[index];
        for (size_t i = fn.calls_begin; i < fn.calls_end && imported; ++i) {
            const check::CallSite& call = program.calls[i];
            if (call.kind != check::CalleeKind::Function) continue;
            if (const ImportedVerdicts* other = imported->of(program, call.callee))
                for (const Cause& c : other->exporting)
                    out.push_back(along(ImportedCalls::at_call(c, call, program.imported.at(call.callee)), path.sites));
        }
    }
    return out;
}

// The errors of exporting `exported`: its inputs', then what it and every
// function it reaches can't trace.
std::vector<Diagnostic> errors_of(const check::ProgramFacts& program, const std::string& exported,
                                  const std::function<const std::vector<Cause>&(size_t)>& causes,
                                  const ImportedCalls* imported) {
    auto root = std::find_if(program.functions.begin(), program.functions.end(),
                             [&](const check::FunctionFacts& f) { return f.name == exported; });
    if (root == program.functions.end()) return {};
    // Where an extern fn of this file is typed is read now: it lies outside
    // the cached bodies (one of another file is in its text, not this one).
    auto said = [&](Cause c) {
        const check::ExternFacts* e = check::extern_named(program, c.subject);
        bool own = e && e >= program.externs.data() && e < program.externs.data() + program.externs.size();
        if (own && c.what == Blocker::ExportPythonExtern) c.related = e->target_range;
        return export_diagnostic(c, exported);
    };
    std::vector<Diagnostic> out;
    for (const check::ParamFacts& p : root->params)
        if (auto unfit = unfit_input(*root, p, &p == &root->params.front()))
            out.push_back(export_diagnostic(*unfit, exported));
    for (const Cause& c : reached_untraceable(program, exported, true, causes, imported)) out.push_back(said(c));
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
            for (Diagnostic& d : errors_of(in.program, fn.name, causes, in.imported))
                if (seen.insert({d.code, d.range.begin}).second) out.diagnostics.push_back(std::move(d));
        }
    }
};

}  // namespace

std::unique_ptr<Pass> export_pass() { return std::make_unique<Export>(); }

namespace {

// Each function's causes made when first asked.
class Untraceable {
public:
    explicit Untraceable(const check::ProgramFacts& program)
        : program_(program), made_(program.functions.size()), done_(program.functions.size()) {}

    const std::vector<Cause>& operator()(size_t i) {
        if (!done_[i]) {
            made_[i] = untraceable(function_view(program_.functions[i], program_));
            done_[i] = true;
        }
        return made_[i];
    }

private:
    const check::ProgramFacts& program_;
    std::vector<std::vector<Cause>> made_;
    std::vector<bool> done_;
};

}  // namespace

std::vector<Diagnostic> export_errors(const check::ProgramFacts& program, const std::string& function,
                                      const ImportedCalls* imported) {
    Untraceable causes(program);
    return errors_of(program, function, std::ref(causes), imported);
}

std::vector<Cause> export_causes(const check::ProgramFacts& program, const std::string& function,
                                 const ImportedCalls* imported) {
    Untraceable causes(program);
    return reached_untraceable(program, function, false, std::ref(causes), imported);
}

}  // namespace ss::analysis
