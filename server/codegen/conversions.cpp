// `value as type`: each tensor converted to the element type it names, then
// `_ss_rt.expect` (a value of the type already) or `_ss_rt.cast` (a Python
// value converted), given the function's sizes the type names.
#include <set>

#include "codegen/emitter.hpp"

namespace ss::codegen {

const char* torch_dtype(check::ElementKind kind) {
    using check::ElementKind;
    switch (kind) {
        case ElementKind::F16: return "torch.float16";
        case ElementKind::BF16: return "torch.bfloat16";
        case ElementKind::F64: return "torch.float64";
        case ElementKind::I32: return "torch.int32";
        case ElementKind::I64:
        case ElementKind::Index: return "torch.int64";
        case ElementKind::Mask: return "torch.bool";
        default: return "torch.float32";
    }
}

namespace {

bool same_size_tuples(const check::Type* a, const check::Type* b) {
    return a && b && a->kind == check::TypeKind::Tuple && b->kind == check::TypeKind::Tuple &&
           a->elements.size() == b->elements.size();
}

// Whether `e as to` takes a value that already has its type (every item a
// tensor), which `expect` checks, rather than a Python value `cast` converts.
bool typed_throughout(const check::Type* from, const check::Type* to) {
    if (is_tensor(from) && is_tensor(to)) return true;
    if (!same_size_tuples(from, to)) return false;
    for (size_t i = 0; i < to->elements.size(); ++i)
        if (!typed_throughout(&from->elements[i], &to->elements[i])) return false;
    return true;
}

// The dtype a tensor item of `e as to` converts to, as `_ss_rt.to_dtypes`
// takes them (None: kept; a tuple for a tuple), or "" when none converts.
std::string converted_dtypes(const check::Type* from, const check::Type* to) {
    if (is_tensor(from) && is_tensor(to))
        return torch_dtype(from->tensor.element.kind) == std::string_view(torch_dtype(to->tensor.element.kind))
                   ? ""
                   : torch_dtype(to->tensor.element.kind);
    if (!same_size_tuples(from, to)) return "";
    std::vector<std::string> items;
    bool any = false;
    for (size_t i = 0; i < to->elements.size(); ++i) {
        items.push_back(converted_dtypes(&from->elements[i], &to->elements[i]));
        any = any || !items.back().empty();
        if (items.back().empty()) items.back() = "None";
    }
    return any ? py_tuple(items) : "";
}

}  // namespace

// The value of `value as to` before it is checked: each tensor, or tensor
// item of a tuple, converted to the element type `to` gives it.
Py Emitter::as_converted(const ast::Expr& value, const check::Type* to) {
    if (auto* t = std::get_if<ast::TupleExpr>(&value.node);
        t && to && to->kind == check::TypeKind::Tuple && t->elements.size() == to->elements.size()) {
        std::vector<std::string> parts;
        for (size_t i = 0; i < t->elements.size(); ++i)
            parts.push_back(operand(as_converted(*t->elements[i], &to->elements[i]), kOr));
        return {py_tuple(parts), kAtom};
    }
    Py out = expr(value);
    const check::Type* from = type_of(value);
    std::string dtypes = converted_dtypes(from, to);
    if (dtypes.empty()) return out;
    if (is_tensor(from)) return {operand(out, kAtom) + ".to(" + dtypes + ")", kAtom};
    return {"_ss_rt.to_dtypes(" + out.text + ", " + dtypes + ")", kAtom};
}

// `, {"b": (_ss_b, "x")}`: the function's own sizes that `to` names, each
// with the parameter it is read from, so `as [b N D]` checks that b is the
// b of the arguments; "" when it names none.
std::string Emitter::known_sizes(const check::Type* to) {
    std::string sizes;
    std::set<check::SymbolId> seen;
    std::vector<const check::Type*> parts = {to};
    for (size_t i = 0; i < parts.size(); ++i) {
        for (const check::Type& t : parts[i]->elements) parts.push_back(&t);
        if (!is_tensor(parts[i])) continue;
        for (const check::AxisType& axis : parts[i]->tensor.axes)
            for (check::SymbolId id : axis.size.symbols()) {
                if (!fn_ || id >= symbol_names_.size() || !seen.insert(id).second) continue;
                // Where the size was read: a parameter, else a local assigned before.
                auto parameter = fn_->source_parameter.find(id);
                auto local = fn_->locals.from.find(id);
                const std::string* from = parameter != fn_->source_parameter.end() ? &parameter->second
                                          : local != fn_->locals.from.end()        ? &local->second
                                                                                   : nullptr;
                if (from)
                    sizes += (sizes.empty() ? "" : ", ") + py_string(symbol_names_[id]) + ": (" +
                             size(check::Size::symbol(id)) + ", " + py_string(*from) + ")";
            }
    }
    return sizes.empty() ? "" : ", {" + sizes + "}";
}

Py Emitter::as_expr(const ast::Expr& e, const ast::As& a) {
    const check::Type *from = type_of(*a.value), *to = type_of(e);
    if (!to) fail(e.range, "`as` with a type the checker didn't resolve");
    Py value = as_converted(*a.value, to);
    std::string known = known_sizes(to);
    // A tuple is checked as one value, so its items share their sizes.
    if (typed_throughout(from, to))
        return {"_ss_rt.expect(" + value.text + ", " + spec_of(*to) + ", " + py_string(where(e.range)) +
                    ", _ss_checks, _ss_value_checks" + known + ")",
                kAtom};
    return {"_ss_rt.cast(" + value.text + ", " + spec_of(*to) + ", " + py_string(where(e.range)) + known +
                (program_device_ ? ", device=_ss_device" : "") + ")",
            kAtom};
}

}  // namespace ss::codegen
