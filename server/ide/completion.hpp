// Completion: what may be written at a byte offset of a document.
//
// The text around the offset is usually unfinished (the user is typing), so
// the context is read from the tokens of the top-level item the offset is
// in, lexed up to the offset (ide/text_context.hpp): a field after
// `m.`, an axis name inside a tensor type, a pattern or `over=`, a keyword
// argument inside a call, a type after `:` or `->`, else the names in scope
// (locals and parameters assigned before the offset, top-level items,
// built-ins, keywords and, at the top level, snippets of items). Types and
// signatures come from the checker's facts and the AST of the snapshot.
// Results are filtered by the identifier before the offset and bounded by
// kMaxCompletions. No text or offset throws; a bug does, and is not
// hidden as an empty answer: the LSP boundary logs it and answers an error.
//
// As rust-analyzer's ide-completion: completion.cpp picks the context;
// completion/context.hpp is what is known at the offset (facts, locals,
// types); completion/{member,axes,type,pattern,call,scope}.cpp add what
// each context offers; completion/render.hpp makes, orders and bounds the
// entries.
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

}  // namespace ss::ide
