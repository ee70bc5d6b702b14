// The text context at a byte offset: the tokens of the top-level item the
// offset is in, lexed up to the identifier before it, and the brackets still
// open there, each with its role (a call, a pattern call, a tensor type...).
// The text there is usually unfinished (the user is typing), so completion
// and signature help read it from tokens rather than from the tree.
// Keywords come from syntax/keywords.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide::text {

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

// The context at `offset` (clamped to the text).
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

// Characters of a name: ASCII letters, `_` and any byte of a multi-byte
// character; digits after the first.
bool ident_start(char c);
bool ident_char(char c);

// Whether `t` is the punctuation or keyword `text`.
bool is(const Token& t, std::string_view text);

// A name where a name may be: identifiers, and `over` (a parameter's and a
// keyword argument's name in built-ins).
bool is_name(const Token& t);

// Whether the next token starts a type: after `->`, `as`, a parameter's
// or a field's `:`, and inside a tuple type or type arguments.
bool type_position(const TextContext& c);

// Whether the last token (an identifier) is a type's name: it stands at
// a type position, or after a tensor type's axes (its element type).
bool type_name_position(const TextContext& c);

// After the `]` of a tensor type: where its element type goes.
bool element_position(const TextContext& c);

}  // namespace ss::ide::text
