// The one table of built-in type names: element types (`f32`, `Mask`,
// `Logit`, ...), host types (`int`, `Mode`, ...) and the generic host types
// that take one argument (`Dataset[D]`). The checker resolves types with it,
// the editor colours and completes them from it; no other file lists them.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "check/types.hpp"

namespace ss::check {

enum class BuiltinTypeFamily {
    Element,  // a tensor's element type; alone, a scalar tensor (`f32` is `[] f32`)
    Host,     // a host value without arguments: `int`, `Mode`
    Generic,  // a host value of one model or data record: `Optimizer[M]`
};

struct BuiltinType {
    std::string_view name;
    BuiltinTypeFamily family;
    TypeKind kind;                       // Tensor for an element type
    std::optional<ElementKind> element;  // for Element only
    bool extern_only;                    // `axis`: only in an extern fn's signature
    std::string_view doc;                // markdown, one line
};

std::span<const BuiltinType> builtin_types();

// The built-in type `name`, or null.
const BuiltinType* builtin_type(std::string_view name);

// The element kind `name` spells, if it is an element type.
std::optional<ElementKind> element_kind(std::string_view name);

}  // namespace ss::check
