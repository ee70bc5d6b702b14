// "Did you mean": the closest known name to a misspelt one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::check {

// The candidate closest to `name` by edit distance (a swap of neighbours
// counts as one edit), when it is close enough to be a likely typo: at most
// one edit for short names, a third of the length for longer ones. Ties go
// to the earliest candidate.
std::optional<std::string> closest_name(std::string_view name, const std::vector<std::string>& candidates);

// "; did you mean `x`?" or "" when nothing is close.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

// The quick fix that goes with a "did you mean": replace the name written
// at `at` with the closest candidate. Empty when nothing is close.
std::vector<Fix> replace_with_closest(std::string_view name, ByteRange at, const std::vector<std::string>& candidates);

// For a Python built-in the language spells another way (`range`, `len`,
// `enumerate` outside a loop's header, `zip`): "; " and how it is written
// here, which E0102 gives instead of the closest name.
std::optional<std::string> python_builtin_hint(std::string_view name);

}  // namespace ss::check
