// The prelude: the built-ins declared in ShapeScript
// (server/check/prelude/prelude.ss), compiled into the library.
#pragma once

#include <string_view>

#include "syntax/ast.hpp"

namespace ss::check {

// The prelude's source text, as shipped.
std::string_view prelude_text();

// Its AST, parsed once per process.
const ast::File& prelude_ast();

}  // namespace ss::check
