// The checker: names, items, dims and signatures, with facts for the editor.
//
// It works on the AST of one file and never runs user code. What it knows
// about every name (where it is defined, where it is used, what it is) is
// kept as facts by byte range, so the language server can answer hovers,
// go-to-definition and rename without checking again.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <string_view>
#include <vector>

#include "check/program.hpp"
#include "check/types.hpp"
#include "diag/diagnostic.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

enum class SymbolKind { Dim, Model, Data, Function, ExternFunction, PythonModule, Parameter, Field, Axis };

// One named thing and every place its name is written.
struct SymbolFact {
    std::string name;
    SymbolKind kind = SymbolKind::Dim;
    ByteRange definition;
    std::vector<ByteRange> references;
    std::string detail;  // shown on hover: `dim Dh = D / H = 64`, `x: [b n D]`
};

// The type of an expression the editor shows: each pipeline stage and each
// call's result (inlay hints), as the checker found it.
struct ExpressionFact {
    ByteRange range;
    std::string type;  // `[b n D]`, `[b H n m] Prob over m`
};

struct CheckResult {
    std::vector<Diagnostic> diagnostics;
    std::vector<SymbolFact> symbols;
    std::vector<ExpressionFact> expressions;
    ProgramFacts program;  // call sites and effects of the bodies (program.hpp)
};

CheckResult check_file(const ast::File& file, std::string_view text);

// A checked program as the code generator needs it: each expression's type,
// each function's resolved signature, the records' fields and the dims.
// Pointers are into the `ast::File` it was made from.
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
struct TypedProgram {
    CheckResult check;
    std::unordered_map<const ast::Expr*, Type> expression_types;
    std::map<std::string, TypedFunction> functions;  // the file's fn and extern fn
    std::map<std::string, std::map<std::string, Type>> record_fields;  // model or data -> field -> type
    std::map<std::string, int64_t> dims;
    std::vector<std::string> symbol_names;  // a SymbolId's name as written
};
TypedProgram check_program(const ast::File& file, std::string_view text);


}  // namespace ss::check
