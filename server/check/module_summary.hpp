// Internal to server/check: what an importer of a .ss file depends on, its
// *summary* (docs/modules.md): the file's exported dims, records and
// function signatures, with their types as the file's checker resolved
// them. An importer's checker adds them to its own environment under the
// names it imports them by (imports.cpp), renaming what the types say.
//
// Names in a summary's types are in the file's own key space: its items by
// their names (`D`, `Block`), an imported module's items by that module's
// path as the file writes it and the name (`nn.Attn`); `modules` says which
// file each such path is, so an importer can rename them into its own.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check/checker.hpp"
#include "check/file_checker.hpp"

namespace ss::check {

struct ExportedDim {
    std::string name;
    int64_t value = 0;
    std::string identity;  // the dim it is (`dim E = D`: D), in the file's keys
    std::string written;   // its value as written, for hovers
    ByteRange definition;
};

struct ExportedField {
    std::string name;
    Type type;
    ByteRange definition;
};

struct ExportedRecord {
    std::string name;
    bool model = false;
    std::vector<ExportedField> fields;  // in source order
    ByteRange definition;
};

struct ExportedFunction {
    std::string name;
    Signature signature;  // sizes over `ModuleSummary::symbol_names`
    bool is_extern = false;
    bool exported = false;  // `export fn`
    std::string target;     // extern fn: the Python function
    TypeRef inferred;       // a fn without a return type: what its body returns, for hovers
    ByteRange definition;
};

struct ModuleSummary {
    std::string file;  // the .ss file, as the program found it
    // A hash of everything below but positions: what an importer's caches
    // are keyed by, so an edit that keeps it (a function body) re-checks
    // no importer.
    std::string key;
    size_t errors = 0;  // the file's own errors, reported once at each import of it
    std::string cycle;  // an import cycle the file is on, `a.ss -> b.ss -> a.ss`: E0110 at each import of it
    std::vector<std::string> symbol_names;
    std::map<std::string, std::string> modules;  // module path as the file writes it -> its file
    // Their summaries, by the same paths: an importer knows the records
    // and dims they define through this file's types (a field of type
    // `ops.Lin` two imports away), and a name's key includes theirs.
    std::map<std::string, std::shared_ptr<const ModuleSummary>> imported;
    std::vector<ExportedDim> dims;
    std::vector<ExportedRecord> records;
    std::vector<ExportedFunction> functions;
    // Every top-level name, exported or not (`_helper`): for "did you
    // mean" and for saying that a name is private.
    std::vector<std::string> all_names;
    // Each exported name's own key: its dim, record or signature and the
    // records and dims of this file its types name, transitively. An
    // importer is checked again only when a name it uses changed (or
    // `module_key` did).
    std::map<std::string, std::string> name_keys;
    std::string module_key;  // what every importer depends on: its errors, cycle, imports and names
    // Its bodies' facts, for the analyses of importers' calls into it
    // (analysis/imported.hpp), and their key (ModuleFacts): not in `key`,
    // so a body edit re-checks no importer, but the language server
    // analyses them again. The module graph's one cell for the file:
    // updated in place, not copied, when the file or an import changes.
    std::shared_ptr<ModuleFacts> facts;
};

// Whether a top-level name is exported: every name but those starting with `_`.
inline bool exported_name(const std::string& name) { return !name.empty() && name[0] != '_'; }

}  // namespace ss::check
