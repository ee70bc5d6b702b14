// Moving an AST: every byte range shifted by the same amount, for a cached
// chunk's items after an edit before them changed where the chunk starts.
#pragma once

#include <cstdint>

#include "syntax/ast.hpp"

namespace ss::syntax {

void shift_ranges(ast::Item& item, int64_t delta);

}  // namespace ss::syntax
