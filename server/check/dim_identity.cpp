// Which dim an axis is (docs/types.md, "Names mean what they say"): two
// different dims are different axes even when their sizes are equal
// (`dim D = 64`, `dim E = 64`), so an axis named `E` never stands where `D`
// is declared. A dim defined as another (`dim E = D`) is that dim; an axis
// that kept a dim's name at another size is none.
#include "check/file_checker.hpp"

namespace ss::check {

std::optional<std::string> FileChecker::dim_named(const std::string& written_name, const Size& size) const {
    auto dim_decl = [&](const std::string& name) -> const ast::DimDecl* {
        const ItemRef* ref = lookup(name);
        if (!ref || ref->kind != SymbolKind::Dim || !ref->item) return nullptr;
        return std::get_if<ast::DimDecl>(&ref->item->node);
    };
    // A dim of another file, by any key it has here (imports.cpp).
    if (auto imported = imported_dims_.find(written_name); imported != imported_dims_.end()) {
        if (!(size == Size::constant(imported->second.value))) return std::nullopt;
        return imported->second.identity;
    }
    std::string name = written_name;
    const ast::DimDecl* decl = dim_decl(name);
    if (!decl) return std::nullopt;
    // An axis that kept a dim's name at another size (`topk(x, 4, over=V)`,
    // `x[V: 0..10]`) is no longer that dim: it is just an axis of its size.
    auto value = dim_values_.find(name);
    if (value == dim_values_.end() || !(size == Size::constant(value->second))) return std::nullopt;
    // `dim E = D`: E is D. At most as many steps as there are dims (a cycle
    // is an error of its own).
    for (int steps = 0; steps < 64 && decl && decl->value; ++steps) {
        const auto* alias = std::get_if<ast::NameExpr>(&decl->value->node);
        // `dim E = layers.D`: E is the other file's D.
        if (std::optional<ast::Name> member = alias ? std::nullopt : module_member(*decl->value))
            if (auto imported = imported_dims_.find(member->text); imported != imported_dims_.end())
                return imported->second.identity;
        const ast::DimDecl* next = alias ? dim_decl(alias->name.text) : nullptr;
        if (!next) break;
        name = alias->name.text;
        decl = next;
    }
    return name;
}

std::optional<std::string> FileChecker::dim_of(const AxisType& axis) const {
    if (axis.variadic) return std::nullopt;
    if (axis.dim) return dim_named(*axis.dim, axis.size);  // renamed by a pattern, still that dim
    if (!axis.name) return std::nullopt;
    return dim_named(*axis.name, axis.size);
}

bool FileChecker::dims_apart(const std::string& name_a, const Size& size_a, const std::string& name_b,
                             const Size& size_b) const {
    // The same name at the same size is the same dim (dim_named reads only
    // these two): most axes and bounds compared are written alike, and this
    // skips the lookups.
    if (name_a == name_b && size_a == size_b) return false;
    std::optional<std::string> x = dim_named(name_a, size_a);
    if (!x) return false;
    std::optional<std::string> y = dim_named(name_b, size_b);
    return y && *x != *y;
}

bool FileChecker::distinct_dims(const AxisType& a, const AxisType& b) const {
    // What dim_of names an axis by: a pattern's rename keeps its dim.
    auto key = [](const AxisType& axis) -> const std::string* {
        if (axis.variadic) return nullptr;
        return axis.dim ? &*axis.dim : axis.name ? &*axis.name : nullptr;
    };
    const std::string *p = key(a), *q = key(b);
    return p && q && dims_apart(*p, a.size, *q, b.size);
}

}  // namespace ss::check
