// Semantic tokens: what each word of a document is, for highlighting that
// knows more than the grammar's queries (a dim from a generic axis, a
// parameter from a local, a Python module from a value).
//
// Names are classified by the checker's facts (SymbolFact: where each name
// is defined and used) and, where there is no fact (a local's use, a
// built-in, an attribute), by where the name sits in the tree; keywords,
// numbers, strings, comments and operators come from the tree's leaves.
// Ranges are byte ranges of the snapshot's text; server/lsp/ encodes them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// The legend's token types, in the legend's order (the value is the index
// in token_type_names()). `Dim` is ShapeScript's own: a named compile-time
// size (`dim D = 768`); generic axes (`b`, `n`) are `TypeParameter`.
enum class TokenType : uint32_t {
    Namespace,      // Python modules and dotted Python names (`import python torch`, `= torch.tanh`)
    Type,           // models, data records, element and built-in types (`f32`, `Index`, `Mlp`)
    TypeParameter,  // generic axes (`b` in `[b n D]`, pattern axes, `over=m`)
    Parameter,      // function parameters and keyword arguments' names
    Variable,       // locals, loop variables
    Property,       // fields of models and data records
    EnumMember,     // device kinds (`cuda` in `devices cuda:0`)
    Function,       // fns, extern fns, built-ins, methods
    Keyword,        // keywords, `true`, `false`
    Comment,
    String,
    Number,  // integers, floats, `inf`, the coefficient of `16gh`
    Operator,
    Dim,  // dims: custom type `dim`, always with `readonly`
};

// Bit flags; bit i is token_modifier_names()[i].
namespace token_modifier {
constexpr uint32_t Declaration = 1u << 0;     // where the name is defined
constexpr uint32_t Readonly = 1u << 1;        // dims, `Eval`, device kinds
constexpr uint32_t DefaultLibrary = 1u << 2;  // built-ins (prelude, built-in types)
}  // namespace token_modifier

struct SemanticToken {
    uint32_t begin = 0;   // byte offset into the snapshot's text
    uint32_t length = 0;  // bytes; never crosses a line break
    TokenType type = TokenType::Variable;
    uint32_t modifiers = 0;  // token_modifier bits
};

// The legend: "namespace", "type", "typeParameter", "parameter", "variable",
// "property", "enumMember", "function", "keyword", "comment", "string",
// "number", "operator", "dim".
const std::vector<std::string_view>& token_type_names();
// "declaration", "readonly", "defaultLibrary".
const std::vector<std::string_view>& token_modifier_names();

// Every token of the document: sorted, non-overlapping, non-empty, each on
// one line and inside the text. Punctuation (brackets, `,`, `.`, `:`) has no
// token. Never throws on any snapshot.
std::vector<SemanticToken> semantic_tokens(const Snapshot& snapshot);

}  // namespace ss::ide
