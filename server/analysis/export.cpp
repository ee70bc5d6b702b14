#include "analysis/export.hpp"

#include <map>
#include <set>

#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/extern_target.hpp"
#include "diag/catalogue.hpp"

namespace ss::analysis {

namespace {

// Where an error is, seen from the exported function: "" in it, else
// " in `block` (reached from `forward` through `layer`)".
std::string place(const std::string& function, const check::CallPath& path) {
    if (path.sites.empty()) return "";
    return " in `" + function + "` (" + check::CallGraph::describe(path) + ")";
}

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

// What an exported function's input must be (E1705), or why it isn't. The
// first may be a model: the model exported, whose fields are the program's
// weights.
std::string unfit_input(const check::ParamFacts& p, bool first) {
    const check::Type& t = *p.type;
    using K = check::TypeKind;
    if (t.kind == K::Model && first) return "";
    if (t.kind == K::Tensor) {
        for (const check::AxisType& a : t.tensor.axes)
            if (a.variadic) return "a tensor whose shape has a group `" + a.written + "`, of no fixed number of axes";
        return "";
    }
    if (t.kind == K::Int || t.kind == K::Float || t.kind == K::Bool)
        return p.has_default ? "" : "`" + check::describe(t) + "` without a default";
    if (t.kind == K::Unknown) return "";  // its type is an error already
    return "of type `" + check::describe(t) + "`";
}

class Errors {
public:
    Errors(const check::ProgramFacts& program, const std::string& exported) : program_(program), exported_(exported) {
        for (const check::ExternFacts& e : program.externs) externs_.emplace(e.name, &e);
    }

    // The errors of `fn`, reached from the exported function by `path`.
    void of(const check::FunctionFacts& fn, const check::CallPath& path) {
        std::string where = place(fn.name, path);
        if (fn.name == exported_)
            for (const check::ParamFacts& p : fn.params)
                if (std::string why = unfit_input(p, &p == &fn.params.front()); !why.empty())
                    add(DiagCode::E1705, p.range, {p.name, why}, path);
        if (fn.name != exported_)
            for (const check::ParamFacts& p : fn.params)
                if (host_only_type(p.type->kind))
                    add(DiagCode::E1704, p.range,
                        {"the parameter `" + p.name + "`, of type `" + check::describe(*p.type) + "`,", where}, path);
        // Ranges of `as` on Python values: the Python inside is E1703's.
        std::vector<ByteRange> python_as;
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i)
            if (program_.effects[i].kind == check::EffectKind::PythonAs) python_as.push_back(program_.effects[i].range);
        std::set<uint32_t> logs;       // `log(key=value)`, not the logarithm
        std::vector<ByteRange> loops;  // a loop's `data |> batches(n)`: its `batches` is that loop's error
        for (size_t i = fn.effects_begin; i < fn.effects_end; ++i) {
            const check::Effect& e = program_.effects[i];
            switch (e.kind) {
                case check::EffectKind::PythonValue: {
                    bool inside_as = false;
                    for (ByteRange r : python_as)
                        inside_as = inside_as || (r.begin <= e.range.begin && e.range.end <= r.end);
                    if (!inside_as) add(DiagCode::E1701, e.range, {e.detail, where}, path);
                    break;
                }
                case check::EffectKind::PythonAs: add(DiagCode::E1703, e.range, {e.detail, where}, path); break;
                case check::EffectKind::ReturnInTensorIf: add(DiagCode::E1706, e.range, {where}, path); break;
                case check::EffectKind::ChangesField:
                    add(DiagCode::E1704, e.range, {"changing the field `" + e.detail + "`", where}, path);
                    break;
                case check::EffectKind::DatasetLoop:
                    loops.push_back(e.range);
                    add(DiagCode::E1704, e.range, {"a `for` over a dataset or its batches", where}, path);
                    break;
                case check::EffectKind::Log: logs.insert(e.range.begin); break;
                default: break;
            }
        }
        for (size_t i = fn.calls_begin; i < fn.calls_end; ++i) {
            const check::CallSite& call = program_.calls[i];
            if (call.kind == check::CalleeKind::ModelInit)
                add(DiagCode::E1704, call.range, {"`" + call.callee + "`, which makes a model,", where}, path);
            if (call.kind == check::CalleeKind::ExternFunction) {
                auto ext = externs_.find(call.callee);
                if (ext != externs_.end() && !traceable_target(ext->second->target)) {
                    Diagnostic& d =
                        add(DiagCode::E1702, call.callee_range, {call.callee, ext->second->target, where}, path);
                    d.related.push_back({ext->second->target_range, "`" + call.callee + "` is typed as this here"});
                }
            }
            if (call.kind != check::CalleeKind::Builtin || call.passed_as_value) continue;
            const check::Builtin* b = check::find_builtin(call.callee);
            // `log(x)` is the logarithm; only `log(key=value)` keeps a record.
            bool logarithm = call.callee == "log" && !logs.count(call.range.begin);
            bool in_loop = false;
            for (ByteRange r : loops) in_loop = in_loop || (r.begin <= call.range.begin && call.range.end <= r.end);
            if (b && !b->exportable && !logarithm && !in_loop)
                add(DiagCode::E1704, call.callee_range, {"`" + call.callee + "`", where}, path);
        }
    }

    std::vector<Diagnostic> take() { return std::move(out_); }

private:
    Diagnostic& add(DiagCode code, ByteRange range, std::vector<std::string> args, const check::CallPath& path) {
        out_.push_back(make_diagnostic(code, range, args));
        if (!path.sites.empty()) {
            const check::CallSite* first = path.sites.front();
            out_.back().related.push_back(
                {first->range, "export fn `" + exported_ + "` calls `" + first->callee + "` here"});
        }
        return out_.back();
    }

    const check::ProgramFacts& program_;
    std::string exported_;
    std::map<std::string, const check::ExternFacts*> externs_;
    std::vector<Diagnostic> out_;
};

class Export final : public Pass {
public:
    std::string_view name() const override { return "export"; }
    Summary summarize(const FunctionView&) const override { return {}; }

    // Each error once, from the first exported function (in source order)
    // that reaches it.
    void finish(const check::ProgramFacts& program, Result& result) const override {
        std::set<std::pair<std::string, uint32_t>> seen;
        for (const check::FunctionFacts& fn : program.functions) {
            if (!fn.exported) continue;
            for (Diagnostic& d : export_errors(program, fn.name))
                if (seen.insert({d.code, d.range.begin}).second) result.diagnostics.push_back(std::move(d));
        }
    }
};

}  // namespace

std::unique_ptr<Pass> export_pass() { return std::make_unique<Export>(); }

std::vector<Diagnostic> export_errors(const check::ProgramFacts& program, const std::string& function) {
    std::map<std::string, const check::FunctionFacts*> by_name;
    for (const check::FunctionFacts& fn : program.functions) by_name.emplace(fn.name, &fn);
    auto root = by_name.find(function);
    if (root == by_name.end()) return {};
    Errors errors(program, function);
    errors.of(*root->second, {});
    for (const auto& [name, path] : check::CallGraph(program).reaches(function))
        if (auto fn = by_name.find(name); fn != by_name.end() && name != function) errors.of(*fn->second, path);
    return errors.take();
}

}  // namespace ss::analysis
