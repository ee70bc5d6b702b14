// Types and facts as people read them: the one renderer that messages,
// hover, inlay hints, completion and the outline share, so no layer has to
// parse text another layer wrote.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "check/checker.hpp"
#include "check/type_table.hpp"
#include "check/types.hpp"

namespace ss::check {

// `[b n D]`, `[b H n m] Prob over m`, `Batch[Digit]`, `(int, [n])`, `?`.
std::string describe(const Type& type);

// The same with each dim written in it replaced by its value (`dims`: name
// to value), as hover's "sizes:" shows it: `[b n 64]`.
std::string describe(const Type& type, const std::map<std::string, std::string>& dims);

// `text` with every whole name that is a key of `dims` replaced by its value.
std::string with_dim_values(std::string_view text, const std::map<std::string, std::string>& dims);

// Whether every size and element of `type` is known: nothing in it shows
// as `?` (an unknown type, a selection's `?k`).
bool fully_known(const Type& type);

// What a call takes by position, as E0501 says it: `1 argument`,
// `2 arguments by position (and `over=` by name)`.
std::string positional_arguments(size_t count, const std::vector<std::string>& by_name);

// A fact's hover line: `dim Dh = D / H = 64`, `x: [b n D]`,
// `Block.w: [D D]`, `fn f -> [n] (inferred)`, `axis n of `f`: ...`.
std::string describe(const SymbolFact& fact);

// A size with its symbols named from `symbol_names` (CheckResult's one
// table): `16*gh + 1`, `b`, `2304`.
std::string describe(const Size& size, const std::vector<std::string>& symbol_names);

// A call's binding of one callee axis (program.hpp): `n = b`, `..s = [h w]`
// (a group as the caller wrote its axes).
std::string describe(const AxisBinding& binding, const std::vector<std::string>& symbol_names);

// A copy of `type` without the source ranges its axes came from (facts keep
// types, not where their sizes were written, which may lie in other items),
// interned in `table`.
TypeRef fact_type(const Type& type, TypeTable& table);

}  // namespace ss::check
