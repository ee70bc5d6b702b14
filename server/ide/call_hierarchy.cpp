#include "ide/call_hierarchy.hpp"

#include <algorithm>

#include "ide/navigation.hpp"

namespace ss::ide {

namespace {

using check::CalleeKind;
using check::CallSite;
using check::SymbolKind;

bool callable(SymbolKind k) { return k == SymbolKind::Function || k == SymbolKind::ExternFunction; }
// A function passed as a value (`value_and_grad(loss, m, x)`) is called by
// the call it is an argument of, so it counts as called there.
bool calls_this_file(const CallSite& c) {
    return c.kind == CalleeKind::Function || c.kind == CalleeKind::ExternFunction;
}

void add(std::vector<Call>& calls, const CallItem& other, ByteRange from) {
    auto it = std::find_if(calls.begin(), calls.end(),
                           [&](const Call& c) { return c.other.name == other.name && c.other.file == other.file; });
    if (it == calls.end()) calls.push_back({other, {from}});
    else it->from.push_back(from);
}

}  // namespace

// A function of another file as this file calls it (`layers.block`): its
// item there, by the name and position its file gives it.
std::optional<CallItem> imported_item(const Snapshot& s, const check::SymbolFact& f) {
    const auto& modules = s.result.check.modules;
    if (f.module > modules.size()) return std::nullopt;
    auto imported = s.result.check.program.imported.find(f.name);
    std::string name = imported == s.result.check.program.imported.end() ? f.name : imported->second.name;
    return CallItem{name, f.kind == SymbolKind::ExternFunction, f.definition, f.definition, modules[f.module - 1]};
}

std::optional<CallItem> call_item(const Snapshot& s, const std::string& name) {
    const check::SymbolFact* other = nullptr;
    for (const check::SymbolFact& f : s.result.check.symbols) {
        if (!callable(f.kind) || f.name != name) continue;
        if (f.module) {
            other = other ? other : &f;
            continue;
        }
        ByteRange name_range = occurrences(s, SymbolAt{{&f}, f.definition}).definition;
        const ast::Item* item = item_containing(s, name_range);
        return CallItem{f.name, f.kind == SymbolKind::ExternFunction, item ? item->range : name_range, name_range};
    }
    return other ? imported_item(s, *other) : std::nullopt;
}

std::optional<CallItem> call_item_at(const Snapshot& s, uint32_t offset) {
    auto symbol = symbol_at(s, offset);
    if (!symbol || !callable(symbol->facts.front()->kind)) return std::nullopt;
    return call_item(s, symbol->facts.front()->name);
}

std::vector<Call> incoming_calls(const Snapshot& s, const std::string& name) {
    std::vector<Call> out;
    for (const CallSite& c : s.result.check.program.calls)
        if (calls_this_file(c) && c.callee == name)
            if (auto caller = call_item(s, c.caller)) add(out, *caller, c.callee_range);
    std::sort(out.begin(), out.end(), [](const Call& a, const Call& b) { return a.other.name < b.other.name; });
    return out;
}

std::vector<Call> importer_calls(const Snapshot& importer, const std::string& module_file, const std::string& name) {
    std::vector<Call> out;
    for (const CallSite& c : importer.result.check.program.calls) {
        if (!calls_this_file(c)) continue;
        auto callee = call_item(importer, c.callee);
        if (!callee || callee->file != module_file || callee->name != name) continue;
        if (auto caller = call_item(importer, c.caller)) add(out, *caller, c.callee_range);
    }
    std::sort(out.begin(), out.end(), [](const Call& a, const Call& b) { return a.other.name < b.other.name; });
    return out;
}

std::vector<Call> outgoing_calls(const Snapshot& s, const std::string& name) {
    std::vector<Call> out;
    const auto& program = s.result.check.program;
    for (const check::FunctionFacts& f : program.functions) {
        if (f.name != name) continue;
        for (size_t i = f.calls_begin; i < f.calls_end && i < program.calls.size(); ++i) {
            const CallSite& c = program.calls[i];
            if (calls_this_file(c))
                if (auto callee = call_item(s, c.callee)) add(out, *callee, c.callee_range);
        }
    }
    for (Call& c : out)
        std::sort(c.from.begin(), c.from.end(), [](ByteRange a, ByteRange b) { return a.begin < b.begin; });
    return out;
}

}  // namespace ss::ide
