// The typed abstract syntax tree of a ShapeScript file.
//
// Every node carries the byte range it came from. Syntax errors don't stop
// lowering: an ERROR in the concrete tree becomes an `ErrorItem`,
// `ErrorStmt`, `ErrorExpr`, `ErrorType` or an `Axis` of kind Error, and a
// missing name is a `Name` with `missing` set, so the checker can report
// what it can around them. Pointers that a construct always has (an
// operand, a statement's expression) are never null: when the source lacks
// them they point to an error node with an empty range.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::ast {

using Range = ByteRange;

struct Name {
    std::string text;
    Range range;
    bool missing = false;  // the parser inserted it; `text` is empty
    // A qualified name in a type, `layers.D`: `text` is all of it, `range`
    // its last part (what a rename of D changes), `qualifier` the module
    // part before the dot. Empty for any other name.
    Range qualifier;
};

// ------------------------------------------------------------------ axes

struct Axis;
using AxisPtr = std::unique_ptr<Axis>;

enum class AxisKind {
    Name,      // `b`, `D`
    Literal,   // `196`
    Scaled,    // `16gh`: value 16, name gh
    Binary,    // `3*D`, `n+1`: op, children[0] op children[1]
    Group,     // `(h w)`, `(3 H Dh)`: children
    Unknown,   // `?k`
    Variadic,  // `..s`
    Error,
};

struct Axis {
    AxisKind kind = AxisKind::Error;
    Range range;
    Name name;                      // Name, Scaled, Unknown, Variadic
    std::optional<int64_t> value;   // Literal, Scaled; empty if it overflows
    char op = 0;                    // Binary: + - * /
    std::vector<AxisPtr> children;  // Binary (2), Group (1 or more)
};

// ----------------------------------------------------------------- types

struct Type;
using TypePtr = std::unique_ptr<Type>;

struct TypeArgument {
    Range range;
    TypePtr type;                    // `Dataset[Digit]`, `Index[V]`
    std::optional<int64_t> literal;  // `Index[10]`
};

// `f32`, `Mask`, `Index[V]`, `Logit over V`, `Mlp`, `Optimizer[Mlp]`.
struct NamedType {
    Name name;
    std::vector<TypeArgument> arguments;
    std::optional<Name> over;
};

// `[b n D]`, `[b n] Index[V]`, `[] f32`; `element` is null when not written.
struct TensorType {
    std::vector<AxisPtr> axes;
    std::unique_ptr<NamedType> element;
    Range element_range;
};

struct TupleType {
    std::vector<TypePtr> elements;
};

// The node structs below are kept one per line where they fit, as a table.
// clang-format off
struct ErrorType {};

struct Type {
    Range range;
    std::variant<TensorType, NamedType, TupleType, ErrorType> node;
};

// ----------------------------------------------------------- expressions

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct NameExpr { Name name; };
struct IntLiteral { std::optional<int64_t> value; };  // empty if it overflows
struct FloatLiteral { double value = 0; };
struct StringLiteral { std::string value; };  // escapes resolved
struct BoolLiteral { bool value = false; };
struct InfLiteral {};

// `-x`, `+x`, `!mask`, `not b`.
struct Unary { std::string op; ExprPtr operand; };

// Arithmetic, `@`, comparisons, `&`, `|`, `and`, `or`.
struct Binary { std::string op; Range op_range; ExprPtr left; ExprPtr right; };

// `a..b`; in a subscript either end may be absent (`x[..8]`, `x[8..]`).
struct RangeExpr { ExprPtr start; ExprPtr end; };

// `input |> stage`.
struct Pipe { ExprPtr input; ExprPtr stage; };

// `value as type`.
struct As { ExprPtr value; TypePtr type; };

struct Argument {
    Range range;
    std::optional<Name> keyword;  // `over=m`
    ExprPtr value;
};

// `shape` is the tensor type a constructor takes first, `zeros([b H])`
// (`callee` is then the constructor's name); null for any other call.
struct Call { ExprPtr callee; std::vector<Argument> arguments; Range arguments_range; TypePtr shape = nullptr; };
struct Attribute { ExprPtr object; Name attribute; };

// `x[i]`, `x[a..b]`, `x[mask]`, `x[D: 0..64]`.
struct Index { Range range; std::optional<Name> axis; ExprPtr value; };
struct Subscript { ExprPtr value; std::vector<Index> indices; };

struct TupleExpr { std::vector<ExprPtr> elements; };
struct ListExpr { std::vector<ExprPtr> elements; };

struct PatternSide { Range range; std::vector<AxisPtr> axes; };
struct Pattern { Range range; std::vector<PatternSide> inputs; PatternSide output; };

// `einsum(a, b: P1, P2 -> P3)`, `rearrange(b n D -> n b D)`, `reduce(P, mean)`.
struct PatternCall {
    Name function;  // rearrange, split, repeat, reduce or einsum
    std::vector<ExprPtr> operands;
    Pattern pattern;
    std::vector<Argument> arguments;
};

// `causal[n m]`.
// Held by pointer in an Expr: by far the largest node and a rare one, so
// every other expression is 80 bytes, not 184 (a 20k-line document holds
// some 75k of them).
using PatternCallPtr = std::unique_ptr<PatternCall>;

struct CausalMask { std::vector<AxisPtr> axes; };

struct ErrorExpr {};

struct Expr {
    Range range;
    std::variant<NameExpr, IntLiteral, FloatLiteral, StringLiteral, BoolLiteral, InfLiteral, Unary, Binary,
                 RangeExpr, Pipe, As, Call, Attribute, Subscript, TupleExpr, ListExpr, PatternCallPtr, CausalMask,
                 ErrorExpr>
        node;
};

// ------------------------------------------------------------ statements

struct Stmt;

struct Block {
    Range range;
    std::vector<Stmt> statements;
};

struct ExprStmt { ExprPtr expr; };

// `a = e`, `q, k, v = e`, `m.w = e`: `targets` has one entry per name.
struct Assign { std::vector<ExprPtr> targets; ExprPtr value; };

struct AugAssign { std::string op; ExprPtr target; ExprPtr value; };  // op is "+=" etc.

struct Return { ExprPtr value; };  // null for a bare `return`

struct Branch { Range range; ExprPtr condition; Block body; };

// `if` then any `elif`s, in order; `else_body` when there is an `else`.
struct If { std::vector<Branch> branches; std::optional<Block> else_body; };

// `for i, batch in enumerate(data |> batches(64))` is lowered with
// `counted` set and `iterable` the loop's own (`data |> batches(64)`):
// targets[0] then counts the passes from 0, the rest are the item's.
struct For { std::vector<Name> targets; ExprPtr iterable; Block body; bool counted = false; };

struct ErrorStmt {};

// clang-format on
struct Stmt {
    Range range;
    std::variant<ExprStmt, Assign, AugAssign, Return, If, For, ErrorStmt> node;
    // The statement's own text (not a nested block's) holds a syntax error;
    // the checker then doesn't check it, so the error doesn't cascade.
    bool has_syntax_error = false;
};

// ----------------------------------------------------------------- items

struct Param {
    Range range;
    bool is_mut = false;
    Name name;
    TypePtr type;           // null when not written
    ExprPtr default_value;  // null when not written
};

struct DimDecl {
    Name name;
    ExprPtr value;
};

// `cuda:0`, `cpu`, `cpu*3`.
struct Device {
    Range range;
    Name kind;
    std::optional<int64_t> index;
    std::optional<int64_t> count;
};
struct DevicesDecl {
    std::vector<Device> devices;
};

struct DottedName {
    Range range;
    std::vector<Name> parts;
    std::string text;
};

struct ImportPython {
    DottedName module;
    std::optional<Name> alias;
};

// `import layers`, `import nn.attention as attn`: another .ss file, its
// names written qualified; `from layers import Block, block as layer`: some
// of its names, written unqualified (docs/modules.md).
struct ImportedName {
    Name name;
    std::optional<Name> alias;
};
struct ImportModule {
    DottedName module;
    std::optional<Name> alias;  // `import m as a`
    bool from = false;          // `from m import ...`
    std::vector<ImportedName> names;
};

struct ExternFn {
    Name name;
    std::vector<Param> params;
    TypePtr return_type;
    DottedName target;
};

struct FnDef {
    bool exported = false;
    Name name;
    std::vector<Param> params;
    TypePtr return_type;
    Block body;
};

struct Field {
    Range range;
    Name name;
    TypePtr type;
    ExprPtr initializer;
};

struct ModelDef {
    Name name;
    std::vector<Field> fields;
};
struct DataDef {
    Name name;
    std::vector<Field> fields;
};

struct ErrorItem {};

struct Item {
    Range range;
    std::variant<DimDecl, DevicesDecl, ImportPython, ImportModule, ExternFn, FnDef, ModelDef, DataDef, ErrorItem> node;
};

struct File {
    std::vector<Item> items;
    // Where nesting went past what lowering follows (see lower.cpp), at
    // most once per chunk; the subtree there is an error node and E0007
    // reports it.
    std::vector<Range> too_deep;
    // Arguments given by position after one given by name (E0012).
    std::vector<Range> positional_after_keyword;
};

}  // namespace ss::ast
