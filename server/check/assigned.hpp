// Which names an `if` may leave unassigned: a name one branch assigns and
// another path past the `if` doesn't (no `else`, or a branch that neither
// assigns it nor returns). Python raises UnboundLocalError where such a
// name is read; the checker reports E0105 there instead (statements.cpp).
#pragma once

#include <set>
#include <string>

#include "syntax/ast.hpp"

namespace ss::check {

// The names some branch of `stmt` assigns, less those every path out of it
// assigns (a path that returns doesn't come out).
std::set<std::string> maybe_unassigned_after(const ast::If& stmt);

}  // namespace ss::check
