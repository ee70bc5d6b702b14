// The whole front end on one source text, as `shapescript check` runs it:
// parse, syntax diagnostics, then the checker.
#pragma once

#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::check {

// Syntax and checker diagnostics of `source`, sorted by position.
std::vector<Diagnostic> analyze_source(std::string_view source);

}  // namespace ss::check
