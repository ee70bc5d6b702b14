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

// The names every path out of `stmt` assigns (empty when no path comes out).
std::set<std::string> assigned_after(const ast::If& stmt);

// Every name the block may change, at any depth: assignments, `x += ...`,
// and loop variables, loops included (what an exported function's branch
// or loop body returns, codegen/traced_control.cpp).
std::set<std::string> changed_in(const ast::Block& block);

// Whether a `return` is anywhere in the block.
bool returns_in(const ast::Block& block);

}  // namespace ss::check
