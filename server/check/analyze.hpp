// The checker alone on one source text: parse, syntax diagnostics, then the
// checker, without the analyses (analysis::check_source adds them, and is
// what `shapescript check` runs).
#pragma once

#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"

namespace ss::check {

// Syntax and checker diagnostics of `source`, sorted by position.
std::vector<Diagnostic> check_text(std::string_view source);

}  // namespace ss::check
