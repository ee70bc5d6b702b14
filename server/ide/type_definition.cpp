#include "ide/type_definition.hpp"

#include <algorithm>

#include "ide/navigation.hpp"

namespace ss::ide {

namespace {

using check::SymbolKind;
using check::TypeKind;

void records_named(const check::Type& t, std::vector<std::string>& out) {
    switch (t.kind) {
        case TypeKind::Model:
        case TypeKind::Data:
        case TypeKind::Dataset:
        case TypeKind::Batch:
        case TypeKind::Optimizer:
        case TypeKind::Batches:
        case TypeKind::Grads:
            if (!t.ref.empty() && std::find(out.begin(), out.end(), t.ref) == out.end()) out.push_back(t.ref);
            break;
        case TypeKind::Tuple:
            for (const check::Type& e : t.elements) records_named(e, out);
            break;
        default: break;
    }
}

}  // namespace

std::vector<ByteRange> type_definition(const Snapshot& s, uint32_t offset) {
    auto symbol = symbol_at(s, offset);
    if (!symbol) return {};
    // The fact of the occurrence: the assignment it is at or follows.
    const check::SymbolFact* fact = symbol->facts.front();
    for (const check::SymbolFact* f : symbol->facts)
        if (f->definition.begin <= symbol->occurrence.begin) fact = f;
    // A model or record is its own type.
    if (fact->module) return {};  // in another file
    if (fact->kind == SymbolKind::Model || fact->kind == SymbolKind::Data) return {occurrences(s, *symbol).definition};
    if (!fact->type) return {};
    std::vector<std::string> names;
    records_named(*fact->type, names);
    std::vector<ByteRange> out;
    for (const std::string& name : names)
        for (const check::SymbolFact& f : s.result.check.symbols)
            if ((f.kind == SymbolKind::Model || f.kind == SymbolKind::Data) && f.name == name && !f.module) {
                out.push_back(occurrences(s, SymbolAt{{&f}, f.definition}).definition);
                break;
            }
    return out;
}

}  // namespace ss::ide
