// The contexts of completion, one file each (rust-analyzer's
// completions/): each `complete_*` adds what may be written at the offset
// when the offset is in its context, and says whether it was; the shared
// pieces (axes, the names in scope) are offered by several.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ide/completion/context.hpp"
#include "ide/completion/render.hpp"

namespace ss::ide::completion {

// member.cpp: after `.`.
bool complete_member(Completions& acc, const CompletionContext& ctx);

// axes.cpp: inside a tensor type, `causal[...]` or type arguments.
bool complete_axes(Completions& acc, const CompletionContext& ctx);
// Axis names: the operands' first, then (unless `dims_only`) the names
// written in this item's types and patterns and its signature's axes,
// then dims.
void add_axes(Completions& acc, const CompletionContext& ctx, const std::vector<std::string>& operand_axes,
              const std::string& operand_type, bool dims_only);
// Names written inside tensor types, `causal[...]` and patterns of this
// item, before the offset.
std::vector<std::string> written_axes(const CompletionContext& ctx);
// The axes of the operands of a call or pattern call, and their types as
// shown.
std::pair<std::vector<std::string>, std::string> operand_axes(const CompletionContext& ctx, const text::Bracket& b);

// type.cpp: where a type, an element type or `over` goes.
bool complete_type(Completions& acc, const CompletionContext& ctx);

// pattern.cpp: inside a pattern call.
bool complete_pattern(Completions& acc, const CompletionContext& ctx);

// call.cpp: inside a call's arguments.
bool complete_call(Completions& acc, const CompletionContext& ctx);

// scope.cpp: in a function's header and body; the names in scope.
void complete_function(Completions& acc, const CompletionContext& ctx);
// Everything an expression in a function body may name.
void add_expression_names(Completions& acc, const CompletionContext& ctx, bool statement_start);
// At the top level: item keywords and snippets.
void add_top_level(Completions& acc);

}  // namespace ss::ide::completion
