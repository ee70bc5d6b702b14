// Document symbols (the outline) and the symbols of one document that match
// a workspace search.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// What a symbol is. The values are LSP's SymbolKind numbers, so the
// language server may cast.
enum class SymbolKind : uint8_t {
    Module = 2,          // `import python numpy as np`
    Class = 5,           // a model
    Field = 8,           // a field of a model or data record
    Function = 12,       // `fn`, `extern fn`
    Variable = 13,       // a parameter, a local, a loop variable
    Constant = 14,       // a dim
    Struct = 23,         // a data record
    TypeParameter = 26,  // a generic axis of a signature
};

struct DocumentSymbol {
    std::string name;
    std::string detail;  // one line: `= 768`, `(x: [b n D]) -> [b n D]`, `[P H] = normal(0.05)`
    SymbolKind kind = SymbolKind::Variable;
    ByteRange range;                       // the whole declaration, without trailing space
    ByteRange selection;                   // its name; inside `range`
    std::vector<DocumentSymbol> children;  // by position; each inside `range`
};

// The outline: the items at top level in source order (dims, imports,
// functions and extern fns, models, data records; not `devices` and not
// items whose name is missing); under a model or data record its fields;
// under a function its generic axes, parameters, then locals and loop
// variables (each name once, where it is first assigned).
std::vector<DocumentSymbol> document_symbols(const Snapshot& snapshot);

struct SymbolMatch {
    std::string name;
    std::string container;  // the model or record of a field; empty for items
    SymbolKind kind = SymbolKind::Variable;
    ByteRange range;      // the declaration
    ByteRange selection;  // its name
    // How well the query matched, lower is better: 0 the name (ignoring
    // case), 1 a prefix, 2 a substring, 3 a subsequence. The server sorts
    // the matches of every document by it.
    uint32_t rank = 0;
};

// The items and fields of the document whose names contain `query` as a
// case-insensitive subsequence (all of them for an empty query), best rank
// first, then by position.
std::vector<SymbolMatch> workspace_symbols(const Snapshot& snapshot, std::string_view query);

}  // namespace ss::ide
