// Completion: what may be written at a byte offset of a document.
//
// The text around the offset is usually unfinished (the user is typing), so
// the context is read from the tokens of the top-level item the offset is
// in, lexed up to the offset (see `detail::lex_context`): a field after
// `m.`, an axis name inside a tensor type, a pattern or `over=`, a keyword
// argument inside a call, a type after `:` or `->`, else the names in scope
// (locals and parameters assigned before the offset, top-level items,
// built-ins, keywords and, at the top level, snippets of items). Types and
// signatures come from the checker's facts and the AST of the snapshot.
// Results are filtered by the identifier before the offset and bounded by
// kMaxCompletions; no text or offset throws.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// The kinds of entries. LSP's CompletionItemKind for each: Function 3,
// Model 7 (Class), Data 22 (Struct), Dim 21 (Constant), Variable 6,
// Parameter 6 (Variable), Field 5, Axis 25 (TypeParameter), Type 7 (Class;
// element and host types such as `f32`, `Mask`, `Dataset`), Keyword 14,
// Module 9, Snippet 15.
enum class CompletionKind {
    Function,
    Model,
    Data,
    Dim,
    Variable,
    Parameter,
    Field,
    Axis,
    Type,
    Keyword,
    Module,
    Snippet
};

struct CompletionEntry {
    std::string label;
    CompletionKind kind = CompletionKind::Variable;
    std::string detail;         // the type or signature: `[b n D]`, `softmax(x: [..s], over: axis) -> [..s]`
    std::string documentation;  // Markdown; may be empty
    std::string insert_text;    // what to insert in place of the identifier before the offset
    bool is_snippet = false;    // insert_text holds LSP snippet placeholders (`${1:name}`)
    std::string sort_text;      // orders the entries: the most relevant first
};

constexpr size_t kMaxCompletions = 200;

// The entries for `offset` (clamped to the text), most relevant first.
std::vector<CompletionEntry> complete(const Snapshot& snapshot, uint32_t offset);

// ---------------------------------------------------------------------------
// The lexical context at an offset, shared with signature_help.cpp.
namespace detail {

enum class TokenKind { Identifier, Keyword, Number, String, Punct, Newline };

// What an open bracket is, from the tokens before it.
enum class BracketRole {
    Call,         // `f(`, `M.init(`, `x.f(`: `callee` holds the dotted name, if any
    PatternCall,  // `rearrange(`, `einsum(` ...
    ParamList,    // `fn f(`, `extern fn f(`
    TupleType,    // `as (`
    Paren,        // grouping or a tuple expression
    TensorType,   // `x: [`, `-> [`, `as [`
    TypeArgs,     // `Index[`, `Dataset[` in a type
    Subscript,    // `x[`
    Causal,       // `causal[`
    List,         // `[` elsewhere
};

struct Token {
    TokenKind kind = TokenKind::Punct;
    uint32_t begin = 0, end = 0;
    std::string_view text;
    int depth = 0;                            // open brackets around the token (an opener's depth is outside it)
    BracketRole closes = BracketRole::Paren;  // for a closing bracket: what it closed
};

struct Bracket {
    BracketRole role = BracketRole::Paren;
    size_t open = 0;                  // its token's index
    std::vector<std::string> callee;  // Call: `M.init` is {"M", "init"}; empty when not a name
    size_t callee_first = 0;          // Call, PatternCall: the callee's first token
    int commas = 0;                   // top-level commas inside it so far
    size_t argument_start = 0;        // index of the first token of the current argument
    size_t colon = 0;                 // PatternCall: index of its top-level `:`, 0 if none yet
    size_t arrow = 0;                 // PatternCall: index of its top-level `->`, 0 if none yet
};

enum class ItemKind { None, Fn, ExternFn, Model, Data, Dim, Import, Devices };

struct TextContext {
    uint32_t offset = 0;
    bool in_comment_or_string = false;
    std::string_view prefix;  // the identifier characters before the offset
    uint32_t prefix_begin = 0;
    uint32_t item_begin = 0;  // where the top-level item the offset is in starts
    uint32_t item_end = 0;    // where its chunk ends
    ItemKind item = ItemKind::None;
    bool at_line_start = false;  // only blanks before the prefix on its line
    uint32_t column = 0;         // bytes before the prefix on its line
    std::vector<Token> tokens;   // [item_begin, prefix_begin), comments left out
    std::vector<Bracket> open;   // brackets still open at the prefix, outermost first
};

TextContext lex_context(const Snapshot& snapshot, uint32_t offset);

// The piped value or first argument of the call opened by `bracket`, as a
// byte range (empty when there is none before the offset).
ByteRange call_operand(const TextContext& context, const Bracket& bracket);

// The expression that ends just before token `index` (the operand of the
// `|>` or `as` there), as a byte range; empty when there is none.
ByteRange operand_before(const TextContext& context, size_t index);

// Whether the callee of `bracket` is preceded by `|>` (its first argument is
// the piped value).
bool is_piped(const TextContext& context, const Bracket& bracket);

// The keyword of the argument being written in `bracket` (`over` in
// `f(x, over=`), or empty.
std::string_view current_keyword(const TextContext& context, const Bracket& bracket);

// The FnDef or ExternFn item of the snapshot whose name is `name`, or null.
const ast::Item* find_function(const Snapshot& snapshot, std::string_view name);

// `name(p: T, q: U) -> R` for a function item, with each parameter's label.
struct FunctionLabel {
    std::string label;
    std::vector<std::pair<uint32_t, uint32_t>> params;  // byte offsets into label
    std::vector<std::string> names;
};
FunctionLabel function_label(const Snapshot& snapshot, const ast::Item& item);

}  // namespace detail

}  // namespace ss::ide
