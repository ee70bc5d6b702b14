// Syntax diagnostics (E00xx) of one source text: encoding problems, parse
// errors (tree-sitter ERROR nodes) and missing tokens (MISSING nodes).
#pragma once

#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::syntax {

// Parses `source` from scratch and returns its syntax diagnostics, sorted by
// position. Never throws on bad input: bad bytes become diagnostics.
std::vector<Diagnostic> check_syntax(std::string_view source);

}  // namespace ss::syntax
