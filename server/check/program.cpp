// Names of the program facts, and queries over call sites and the call graph.
#include "check/program.hpp"

#include <algorithm>
#include <deque>
#include <map>

namespace ss::check {

bool mentions(const Size& size, SymbolId id) {
    std::vector<SymbolId> ids = size.symbols();
    return std::binary_search(ids.begin(), ids.end(), id);
}

bool mentions(const Type& value, SymbolId id) {
    for (const AxisType& a : value.tensor.axes)
        if (!a.variadic && mentions(a.size, id)) return true;
    return std::any_of(value.elements.begin(), value.elements.end(), [&](const Type& e) { return mentions(e, id); });
}

void shift(FunctionFacts& f, int64_t by) {
    if (by == 0) return;
    auto move = [by](ByteRange& r) { r = shifted(r, by); };
    auto move_read = [&](FieldRead& read) { move(read.range); };
    move(f.range);
    move(f.name_range);
    for (ParamFacts& p : f.params) move(p.range);
    for (FieldRead& read : f.field_reads) move_read(read);
    for (ByteRange& r : f.causal_attentions) move(r);
    if (!f.serving) return;
    for (EmbeddingCall& e : f.serving->embeddings) {
        move(e.call);
        move(e.parameter_range);
        move_read(e.table);
    }
    for (ReturnForm& r : f.serving->returns) {
        move(r.value);
        if (!r.output) continue;  // then `hidden` and `weight` are unset
        move(*r.output);
        move(r.hidden);
        if (r.weight) move_read(*r.weight);
    }
    for (auto& [name, at] : f.serving->parameter_uses) move(at);
}

std::vector<const AxisBinding*> callee_axes_of(const CallSite& site, SymbolId caller_symbol) {
    std::vector<const AxisBinding*> out;
    for (const AxisBinding& b : site.axes) {
        const std::vector<AxisType>* covered = b.variadic ? &b.covered->tensor.axes : nullptr;
        bool flows = covered ? std::any_of(covered->begin(), covered->end(),
                                           [&](const AxisType& a) { return mentions(a.size, caller_symbol); })
                             : mentions(b.size, caller_symbol);
        if (flows) out.push_back(&b);
    }
    return out;
}

const ExternFacts* extern_named(const ProgramFacts& program, std::string_view name) {
    for (const ExternFacts& e : program.externs)
        if (e.name == name) return &e;
    if (auto imported = program.imported.find(std::string(name));
        imported != program.imported.end() && imported->second.facts && imported->second.facts->program)
        for (const ExternFacts& e : imported->second.facts->program->externs)
            if (e.name == imported->second.name) return &e;
    return nullptr;
}

std::string_view effect_name(EffectKind kind) {
    switch (kind) {
        case EffectKind::DeviceWork: return "device work";
        case EffectKind::ChangesField: return "changes a field";
        case EffectKind::ChangesMutParameter: return "changes a mut parameter";
        case EffectKind::Print: return "print";
        case EffectKind::Log: return "log";
        case EffectKind::Save: return "save";
        case EffectKind::Load: return "load";
        case EffectKind::PythonCall: return "calls Python";
        case EffectKind::DatasetLoop: return "loops over a dataset";
        case EffectKind::TensorIf: return "if on a tensor";
        case EffectKind::DataDependentSize: return "a size that depends on data";
        case EffectKind::AcrossAxis: return "across an axis";
        case EffectKind::AcrossAxisMasked: return "across an axis, masked";
        case EffectKind::InOrder: return "reads positions in order";
        case EffectKind::Selection: return "a selection";
        case EffectKind::PythonValue: return "a Python value";
        case EffectKind::PythonAs: return "`as` on a Python value";
        case EffectKind::ReturnInTensorIf: return "return inside an if on a tensor";
        case EffectKind::Returned: return "returns a size made from the data";
    }
    return "effect";
}

std::string_view callee_kind_name(CalleeKind kind) {
    switch (kind) {
        case CalleeKind::Function: return "fn";
        case CalleeKind::ExternFunction: return "extern fn";
        case CalleeKind::Builtin: return "built-in";
        case CalleeKind::ModelInit: return "model init";
        case CalleeKind::Python: return "python";
        case CalleeKind::Unresolved: return "unresolved";
    }
    return "callee";
}

CallGraph::CallGraph(const ProgramFacts& program) : program_(program) {}

namespace {

// Breadth first from `start` along `edges` (function -> call sites leaving
// it, each with the function at its other end): the first path found to
// each function is a shortest one.
std::vector<std::pair<std::string, CallPath>> search(
    const std::string& start, const std::map<std::string, std::vector<std::pair<const CallSite*, std::string>>>& edges,
    bool forward) {
    std::map<std::string, CallPath> found;
    std::deque<std::pair<std::string, CallPath>> todo{{start, {}}};
    while (!todo.empty()) {
        auto [at, path] = std::move(todo.front());
        todo.pop_front();
        auto out = edges.find(at);
        if (out == edges.end()) continue;
        for (const auto& [site, next] : out->second) {
            if (found.count(next)) continue;
            CallPath longer = path;
            if (forward) longer.sites.push_back(site);
            else longer.sites.insert(longer.sites.begin(), site);
            found.emplace(next, longer);
            todo.emplace_back(next, std::move(longer));
        }
    }
    return {found.begin(), found.end()};
}

}  // namespace

std::vector<std::pair<std::string, CallPath>> CallGraph::reaches(const std::string& from) const {
    std::map<std::string, std::vector<std::pair<const CallSite*, std::string>>> edges;
    for (const CallSite& c : program_.calls)
        if (c.kind == CalleeKind::Function) edges[c.caller].emplace_back(&c, c.callee);
    return search(from, edges, true);
}

std::vector<std::pair<size_t, CallPath>> CallGraph::with_reached(const std::string& from) const {
    std::map<std::string, size_t> by_name;
    for (size_t i = 0; i < program_.functions.size(); ++i) by_name.emplace(program_.functions[i].name, i);
    auto start = by_name.find(from);
    if (start == by_name.end()) return {};
    std::vector<std::pair<size_t, CallPath>> out{{start->second, {}}};
    for (auto& [name, path] : reaches(from))
        if (auto reached = by_name.find(name); reached != by_name.end() && name != from)
            out.emplace_back(reached->second, std::move(path));
    return out;
}

std::vector<std::pair<std::string, CallPath>> CallGraph::reached_by(const std::string& to) const {
    std::map<std::string, std::vector<std::pair<const CallSite*, std::string>>> edges;
    for (const CallSite& c : program_.calls)
        if (c.kind == CalleeKind::Function) edges[c.callee].emplace_back(&c, c.caller);
    return search(to, edges, false);
}

std::string CallGraph::describe(const CallPath& path) {
    if (path.sites.empty()) return "";
    std::string out = "reached from `" + path.sites.front()->caller + "`";
    for (size_t i = 1; i < path.sites.size(); ++i) out += (i == 1 ? " through `" : ", `") + path.sites[i]->caller + "`";
    return out;
}

}  // namespace ss::check
