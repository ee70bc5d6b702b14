// The signature and a one-paragraph doc of every built-in (the entries of
// check/builtin_table.hpp), for hover, completion and signature help.
//
// Built-ins the prelude declares take their signature from the prelude's
// text (so the two never disagree); the others, checked by C++ rules, have
// a signature written in the table in the same notation (docs/types.md,
// "Built-in signatures in the editor"):
//
//   name(p: T, q: U = 1) -> R    parameters as the prelude writes them
//   over: axis                   the name of an axis of the first tensor
//   weight?: [over]              an optional keyword; [over] is that axis's size
//   parts: [..s] ...             any number of such arguments
//   [..s without over]           the first tensor's axes, less the one `over` names
//   [..s with over: k]           the same axes, the one `over` names cut to size k
//   Index[over]                  positions along the axis `over` names
//   M, T                         any model, any data record
//   gradients of M               what value_and_grad gives, for update and clip_norm
//   ?                            a value the checker doesn't type (use `as`)
//   zeros: initializer           a name used without a call
//
// A prelude declaration's doc is the `#` comment lines directly above it
// (in the prelude they head a group of declarations), then the short
// paragraph of the table's `doc`, separated by a blank line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss::ide {

struct BuiltinParam {
    std::string name;       // "x", "over"
    std::string label;      // "x: [..s]", "over: axis"
    bool optional = false;  // may be left out: `over?: axis`, `eps: float = 1e-5`
    bool variadic = false;  // takes any number of arguments: `parts: [..s] ...`
};

struct BuiltinDoc {
    std::string name;
    std::string signature;  // "softmax(x: [..s], over: axis) -> [..s]"
    std::vector<BuiltinParam> params;
    std::string doc;          // Markdown: the prelude's comment, if any, then one short paragraph
    bool in_prelude = false;  // declared in server/check/prelude/prelude.ss
    bool is_call = true;      // false for names used bare: `zeros`, `Eval`
};

// The doc of built-in `name`, or nullptr if `name` is not a built-in.
const BuiltinDoc* builtin_doc(std::string_view name);

// Every built-in's doc, sorted by name.
const std::vector<BuiltinDoc>& builtin_docs();

// The pattern functions (`rearrange`, `split`, `repeat`, `reduce`,
// `einsum`): syntax rather than built-ins, documented in the same form.
const BuiltinDoc* pattern_function_doc(std::string_view name);
const std::vector<BuiltinDoc>& pattern_function_docs();

// The text of the `#` comment lines directly above the line holding
// `offset` (no blank line between), without the `#` and one space after it,
// joined by newlines; empty when there are none.
std::string doc_comment_above(std::string_view text, uint32_t offset);

// `text` with each run of whitespace made one space, trimmed.
std::string collapse_spaces(std::string_view text);

}  // namespace ss::ide
