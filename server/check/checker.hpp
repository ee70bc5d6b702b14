// The checker: names, items, dims and signatures, with facts for the editor.
//
// It works on the AST of one file and never runs user code. What it knows
// about every name (where it is defined, where it is used, what it is) is
// kept as facts by byte range, so the language server can answer hovers,
// go-to-definition and rename without checking again.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "check/program.hpp"
#include "check/types.hpp"
#include "diag/diagnostic.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

// What a name names. Every use of a name the checker resolves is a
// reference of one fact of its kind, or, for a built-in or a pattern axis
// (which nothing in the file declares), a NameUse.
enum class SymbolKind : uint8_t {
    Dim,
    Model,
    Data,  // a data record
    Function,
    ExternFunction,
    PythonModule,  // a Python name: `import python torch` binds `torch`
    Module,        // another .ss file: `import layers` binds `layers` (docs/modules.md)
    Parameter,
    Local,  // a name a body assigns, or a loop binds
    Field,
    Axis,         // a generic axis of a signature
    PatternAxis,  // an axis named in one pattern call (`b n (h d) -> ...`)
    Builtin,      // a built-in (the prelude's or the checker's); no definition in the file
};

// One named thing and every place its name is written. What it is, is data;
// check/describe.hpp renders it for people (hover, completion, messages).
struct SymbolFact {
    // Largest members first: a file has tens of thousands of facts, and a
    // re-check holds two results' worth.
    std::string name;
    std::vector<ByteRange> references;
    // Parameter, Local, Field: the value's type. Function without a written
    // return type: the type its first return gives (inferred). Null when
    // none is known. Shared: a replayed body's facts are copies.
    TypeRef type;
    std::optional<int64_t> dim_value;  // Dim: its value, once evaluated
    // Dim: its value as written; ExternFunction: its target; PythonModule:
    // the module; a Function of another file: its signature as named here.
    std::string written;
    std::string owner;  // Field: its record; Axis: the function whose signature it is in
    ByteRange definition;
    SymbolKind kind = SymbolKind::Dim;  // not Builtin or PatternAxis: those are NameUses
    bool exported = false;              // Function: `export fn`
    // 0: defined in this file. Otherwise a name another .ss file defines,
    // imported: its definition is in CheckResult::modules[module - 1].
    uint16_t module = 0;
};

// The type of an expression the editor shows: each pipeline stage and each
// call's result (inlay hints), as the checker found it (never Unknown).
struct ExpressionFact {
    ByteRange range;
    TypeRef type;
};

// A use of a built-in or of a pattern call's axis: flat data, since a body
// has many and a replayed body copies them.
struct NameUse {
    ByteRange at;
    SymbolKind kind = SymbolKind::Builtin;  // Builtin or PatternAxis
    ByteRange definition;                   // PatternAxis: where its call first writes the name; Builtin: empty
    bool value = false;                     // Builtin: a value (`Eval`), not a function
};

struct CheckResult {
    std::vector<Diagnostic> diagnostics;
    std::vector<SymbolFact> symbols;
    std::vector<NameUse> uses;
    std::vector<ExpressionFact> expressions;
    ProgramFacts program;  // call sites and effects of the bodies (program.hpp)
    // One table for every size symbol in the facts' types: a SymbolId's
    // name as written (`n`, `?k`).
    std::vector<std::string> symbol_names;
    // The .ss files whose names this file imports, as found (SymbolFact::module).
    std::vector<std::string> modules;
};

CheckResult check_file(const ast::File& file, std::string_view text);

// A checked program as the code generator needs it: each expression's type
// (by AST node), each function's resolved signature, the records' fields
// and the dims. Pointers are into the items it was checked from; size
// symbols are named by CheckResult::symbol_names.
struct TypedParam {
    std::string name;
    Type type;
    bool is_mut = false;
    bool has_default = false;
};
struct TypedFunction {
    std::vector<TypedParam> params;
    std::optional<Type> returns;  // absent when not written
};
// A name another .ss file defines, as this file uses it: `layers.block`
// (import layers) or `block` (from layers import block) is `block` of the
// module `layers` (the module path as this file writes it).
struct ImportedName {
    std::string module;
    std::string name;
    SymbolKind kind = SymbolKind::Function;
};
struct TypedProgram {
    std::unordered_map<const ast::Expr*, Type> expression_types;
    std::map<std::string, TypedFunction> functions;                    // the file's fn and extern fn
    std::map<std::string, std::map<std::string, Type>> record_fields;  // model or data -> field -> type
    std::map<std::string, int64_t> dims;
    // By the name the file uses (`layers.block`, or `block` after a
    // from-import), and each imported record by its key (`layers.Block`),
    // which types name it by.
    std::map<std::string, ImportedName> imported;
    std::map<std::string, std::string> module_files;  // each imported module's path as written -> its .ss file
    // An imported dim's every key -> the one spelling its axes have here
    // (`layers.D` -> `D` after `from layers import D`).
    std::map<std::string, std::string> axis_spellings;
};

}  // namespace ss::check
