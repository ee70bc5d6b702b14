// The serving form of a function as written (program.hpp's FieldRead and
// ServingForm): which model fields its body reads, and, for a function
// that takes a model first, its embedding calls, its returns and the uses
// of its parameters. Syntax and declared types only, so it is read again
// at each check (it is cheap) rather than cached with the body.
#pragma once

#include <functional>
#include <string>

#include "check/program.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

// A model's field's declared type, or null when there is no such field.
using FieldTypeOf = std::function<TypeRef(const std::string& model, const std::string& field)>;

// Sets `facts.field_reads` (for every function with a model parameter) and
// `facts.serving` (for one whose first parameter is a model), from `fn`'s
// body; `facts.params` must be set.
void read_serving_form(const ast::FnDef& fn, FunctionFacts& facts, const FieldTypeOf& field_type);

}  // namespace ss::check
