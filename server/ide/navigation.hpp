// Names under the cursor: definition, references, highlights and rename,
// from the checker's symbol facts.
//
// One variable may have several facts: a function's local assigned twice
// gets a fact per assignment. The facts of one name and kind inside one
// function (locals, parameters, generic axes) are treated as one symbol.
// Built-ins declared in the prelude have their definition in the prelude's
// text (`in_prelude`), which the server shows as a file of its own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/checker.hpp"
#include "ide/snapshot.hpp"

namespace ss::ide {

// The facts of the symbol whose name is written at `offset` (the cursor may
// also be just after the name), and the occurrence's own range.
struct SymbolAt {
    std::vector<const check::SymbolFact*> facts;  // sorted by definition
    ByteRange occurrence;
};
std::optional<SymbolAt> symbol_at(const Snapshot& s, uint32_t offset);

// Every place the symbol's name is written, in order, without duplicates.
// The first fact's definition is `definition` (also in `all`).
struct Occurrences {
    ByteRange definition;
    std::vector<ByteRange> all;
    std::vector<ByteRange> writes;  // definitions (assignments, declarations)
};
Occurrences occurrences(const Snapshot& s, const SymbolAt& symbol);

// A name other files can import: its kind, its name, and for a field its record.
struct ExportedSymbol {
    check::SymbolKind kind = check::SymbolKind::Function;
    std::string name;
    std::string owner;  // a field's record
};

struct Target {
    bool in_prelude = false;  // a range of check::prelude_text(), not of the document
    ByteRange range;
    std::string file;  // set: a range of this imported .ss file's text (docs/modules.md)
};
std::vector<Target> definition(const Snapshot& s, uint32_t offset);

std::vector<ByteRange> references(const Snapshot& s, uint32_t offset, bool include_declaration);

struct Highlight {
    ByteRange range;
    bool is_write = false;
};
std::vector<Highlight> highlights(const Snapshot& s, uint32_t offset);

// The range a rename at `offset` would change, or nothing when there is no
// renamable name there (a keyword, a built-in, a literal).
std::optional<ByteRange> prepare_rename(const Snapshot& s, uint32_t offset);

// The edits of renaming the symbol at `offset` to `new_name`; `refused`
// says why not (not a name as the grammar reads one, syntax/identifier.hpp;
// a keyword; a clash with a name in scope).
struct RenameResult {
    std::vector<ByteRange> ranges;  // each replaced by new_name
    std::string refused;
    // What was renamed, when other files may use it (a top-level name or a
    // field): found in their facts by imported_uses.
    std::optional<ExportedSymbol> exported;
};
RenameResult rename(const Snapshot& s, uint32_t offset, std::string_view new_name);

// The symbol at `offset` when other .ss files can use it: a top-level name
// defined in this file, or a field of one of its records.
std::optional<ExportedSymbol> exported_symbol_at(const Snapshot& s, uint32_t offset);

// Where a file that imports `module_file` writes `symbol` of it
// (`layers.block`'s `block`, `from layers import block` and its uses; a
// field through a value of the record's type). With `new_name`, `refused`
// says why renaming there would clash (a `from` import's name meeting a
// name of that file).
std::vector<ByteRange> imported_uses(const Snapshot& importer, const std::string& module_file,
                                     const ExportedSymbol& symbol, std::string_view new_name = {},
                                     std::string* refused = nullptr);

// A character of a name: ASCII letters, digits and `_`.
inline bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The identifier (letters, digits, `_`) around `offset`, or an empty range.
ByteRange identifier_at(std::string_view text, uint32_t offset);
// Whether a new name would be a keyword or a pattern function
// (syntax/keywords.hpp).
bool is_keyword(std::string_view text);

}  // namespace ss::ide
