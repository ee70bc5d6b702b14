// Types as written in signatures and fields: axes resolved to dims (static
// sizes) or generic axes (size symbols shared across one signature), element
// types, and the host-side named types.
#include <algorithm>

#include "check/builtin_types.hpp"
#include "check/file_checker.hpp"
#include "check/suggest.hpp"

namespace ss::check {

bool element_fits(const Element& expected, const Element& found, bool any_float) {
    auto floating = [](ElementKind k) {
        return k == ElementKind::F16 || k == ElementKind::BF16 || k == ElementKind::F32 || k == ElementKind::F64 ||
               is_distribution(k);
    };
    // Logit, Prob and LogProb are f32 values with a meaning: f32 converts to
    // them and back (a function declares that its result is a distribution),
    // but one kind of distribution is not another. Log-probabilities are
    // logits too (their softmax is the distribution), probabilities aren't.
    auto as_width = [](ElementKind k) { return is_distribution(k) ? ElementKind::F32 : k; };
    if (any_float && !expected.written) return floating(found.kind);
    if (is_distribution(expected.kind) && is_distribution(found.kind))
        return expected.kind == found.kind ||
               (expected.kind == ElementKind::Logit && found.kind == ElementKind::LogProb);
    switch (expected.kind) {
        case ElementKind::Mask: return found.kind == ElementKind::Mask;
        case ElementKind::Index:
            return found.kind == ElementKind::Index &&
                   (!expected.index_bound || !found.index_bound || *expected.index_bound == *found.index_bound);
        case ElementKind::I64: return found.kind == ElementKind::I64 || found.kind == ElementKind::Index;
        case ElementKind::I32: return found.kind == ElementKind::I32;
        default: return floating(found.kind) && as_width(expected.kind) == as_width(found.kind);
    }
}

// Where a tensor's distribution axis is: its position counted from the
// start when a variadic group follows it, from the end otherwise (so
// `[..s C] Logit over C` finds C in `[b n C]`); nullopt when none.
static std::optional<std::pair<bool, size_t>> over_position(const TensorType& t) {
    if (t.element.over.empty()) return std::nullopt;
    bool variadic_after = false;
    std::optional<size_t> at;
    for (size_t i = 0; i < t.axes.size(); ++i) {
        if (!t.axes[i].variadic && t.axes[i].name == t.element.over) at = i;
        else if (t.axes[i].variadic && at) variadic_after = true;
    }
    if (!at) return std::nullopt;
    return variadic_after ? std::pair{true, *at} : std::pair{false, t.axes.size() - 1 - *at};
}

bool distribution_fits(const TensorType& expected, const TensorType& found) {
    auto want = over_position(expected), have = over_position(found);
    if (!want || !have) return true;
    if (want->first == have->first) return want->second == have->second;
    // One counts from the start, the other from the end: compare in `found`.
    size_t at = want->first ? want->second : found.axes.size() - 1 - want->second;
    size_t is = have->first ? have->second : found.axes.size() - 1 - have->second;
    return at == is;
}

// --------------------------------------------------------------------- axes

std::optional<Size> FileChecker::size_of_name(const ast::Name& name, SignatureScope& scope) {
    if (name.missing || name.text.empty()) return std::nullopt;
    // `layers.D`: a name of an imported file (lookup_member references it
    // and the module, or says the module has no such name).
    bool qualified = !name.qualifier.empty();
    const ItemRef* item = qualified ? lookup_member(name) : lookup(name.text);
    if (item && item->kind == SymbolKind::Dim) {
        if (!qualified) reference(*item, name.range);
        auto value = dim_value(name.text, name.range);
        if (!value) return std::nullopt;
        return Size::constant(*value);
    }
    // Only a dim of another file is a size there: a generic axis has one name.
    if (qualified) {
        if (item) {
            report(DiagCode::E0103, name.range, {name.text, std::string(kind_phrase(item->kind)), "a dim"});
        } else if (const ItemRef* bound = lookup(name.text.substr(0, name.text.find('.')));
                   !bound || bound->kind != SymbolKind::Module) {
            report(DiagCode::E0102, name.range, {name.text, ""});
        }
        return std::nullopt;
    }
    // Any other name is a generic axis, one size symbol per signature, even
    // if a function or model has that name: only dims are static sizes.
    if (scope.fixed_shape) {
        report(*scope.fixed_shape, name.range, {scope.field_name, name.text});
        return std::nullopt;
    }
    auto [it, fresh] = scope.generics.emplace(name.text, 0);
    if (fresh) it->second = new_symbol(name.text);
    record_axis_name(name, scope);
    return Size::symbol(it->second);
}

// The first place a generic axis is written defines it; the others refer to
// it, so the editor can go to it and rename it.
void FileChecker::record_axis_name(const ast::Name& name, SignatureScope& scope) {
    if (muted_ || scope.owner.empty()) return;
    auto fact = scope.axis_facts.find(name.text);
    if (fact == scope.axis_facts.end()) {
        SymbolFact& f = result_.symbols.emplace_back();
        f.name = name.text;
        f.kind = SymbolKind::Axis;
        f.definition = name.range;
        f.owner = scope.function;
        scope.axis_facts.emplace(name.text, result_.symbols.size() - 1);
    } else {
        result_.symbols[fact->second].references.push_back(name.range);
        // A body's reference to its signature's axis (a fact made before the
        // body) is replayed from the cache; the body's own facts travel whole.
        if (capture_ && fact->second < capture_first_symbol_)
            capture_->references.emplace_back(fact->second, name.range);
    }
}

std::optional<Size> FileChecker::resolve_size(const ast::Axis& axis, SignatureScope& scope) {
    switch (axis.kind) {
        case ast::AxisKind::Name: return size_of_name(axis.name, scope);
        case ast::AxisKind::Literal:
            if (!axis.value) {
                report(DiagCode::E0402, axis.range, {"an integer too large for a size (" + written(axis.range) + ")"});
                return std::nullopt;
            }
            return Size::constant(*axis.value);
        case ast::AxisKind::Scaled: {
            auto factor = size_of_name(axis.name, scope);
            if (!factor || !axis.value) return std::nullopt;
            return Size::constant(*axis.value) * *factor;
        }
        case ast::AxisKind::Binary: {
            if (axis.children.size() != 2) return std::nullopt;
            auto left = resolve_size(*axis.children[0], scope);
            auto right = resolve_size(*axis.children[1], scope);
            if (!left || !right) return std::nullopt;
            switch (axis.op) {
                case '+': return *left + *right;
                case '-': return *left - *right;
                case '*': return *left * *right;
                case '/': {
                    auto divisor = right->as_constant();
                    std::optional<Size> quotient = divisor ? left->divide_exact(*divisor) : std::nullopt;
                    if (!quotient) {
                        std::string left_text = left->to_string([&](SymbolId id) { return symbol_name(id); });
                        std::string why = !divisor ? "a size can only be divided by a number"
                                          : *divisor == 0
                                              ? "division by zero"
                                              : left_text + " is not always a multiple of " + std::to_string(*divisor);
                        // `[b c h w] -> [b c h/2 w/2]` (a pooling): the input
                        // written as the multiple says it, with h the half.
                        if (divisor && *divisor > 0 && left->as_symbol())
                            why += "; to take only multiples, write the axis as a group where it is given, `(" +
                                   left_text + " " + std::to_string(*divisor) + ")`, and `" + left_text +
                                   "` for the quotient";
                        report(DiagCode::E0401, axis.range, {written(axis.range), why});
                    }
                    return quotient;
                }
                default: return std::nullopt;
            }
        }
        case ast::AxisKind::Group: {
            Size product = Size::constant(1);
            for (const auto& member : axis.children) {
                if (member->kind == ast::AxisKind::Variadic || member->kind == ast::AxisKind::Unknown) {
                    report(DiagCode::E0404, member->range, {written(member->range), "inside a group `( )`"});
                    return std::nullopt;
                }
                auto size = resolve_size(*member, scope);
                if (!size) return std::nullopt;
                product = product * *size;
            }
            return product;
        }
        case ast::AxisKind::Unknown:
            // `?k`: a fresh size that equals nothing it isn't proven to.
            return Size::symbol(new_symbol("?" + axis.name.text));
        case ast::AxisKind::Variadic:
        case ast::AxisKind::Error: return std::nullopt;
    }
    return std::nullopt;
}

// The size of an axis as an exact integer: arithmetic that overflows 64
// bits, or a constant below 0, is an error reported here, once, on the whole
// axis. Its parts may be negative (`n + (0 - 3)`, a group of one member).
std::optional<Size> FileChecker::axis_size(const ast::Axis& axis, SignatureScope& scope) {
    std::optional<Size> size = resolve_size(axis, scope);
    if (!size) return std::nullopt;
    if (size->overflowed()) {
        report_too_large(axis.range);
        return std::nullopt;
    }
    if (auto value = size->as_constant(); value && *value < 0) {
        report(DiagCode::E0420, axis.range, {written(axis.range), std::to_string(*value)});
        return std::nullopt;
    }
    return size;
}

std::optional<TensorType> FileChecker::resolve_tensor(const ast::TensorType& tensor, SignatureScope& scope) {
    TensorType out;
    out.axes.reserve(tensor.axes.size());
    bool ok = true;
    const ast::Axis* variadic = nullptr;
    for (const auto& axis : tensor.axes) {
        AxisType a;
        a.written = written(axis->range);
        a.factors = group_factors(*axis);
        a.origin = axis->range;
        if (axis->kind == ast::AxisKind::Variadic) {
            if (variadic) {
                report(DiagCode::E0404, axis->range,
                       {a.written, "after `" + written(variadic->range) + "` in the same type"});
                ok = false;
                continue;
            }
            variadic = axis.get();
            a.variadic = true;
            a.name = axis->name.text;
            scope.variadic_groups.insert(axis->name.text);
            out.axes.push_back(std::move(a));
            continue;
        }
        if (axis->kind == ast::AxisKind::Name) {
            a.name = axis_spelling(axis->name.text);
            if (a.written == axis->name.text) a.written = *a.name;
        }
        auto size = axis_size(*axis, scope);
        if (!size) {
            ok = false;
            continue;
        }
        a.size = *size;
        out.axes.push_back(std::move(a));
    }
    if (tensor.element) {
        auto element = resolve_element(*tensor.element, out, tensor.element_range, scope);
        if (!element) return std::nullopt;
        out.element = *element;
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<Size> FileChecker::type_argument_size(const ast::TypeArgument& argument, SignatureScope& scope) {
    if (argument.literal) return Size::constant(*argument.literal);
    if (argument.type)
        if (auto* named = std::get_if<ast::NamedType>(&argument.type->node);
            named && named->arguments.empty() && !named->over)
            return size_of_name(named->name, scope);
    report(DiagCode::E0303, argument.range,
           {"`Index`", "one size, such as `Index[V]`", "`" + written(argument.range) + "`"});
    return std::nullopt;
}

std::optional<Element> FileChecker::resolve_element(const ast::NamedType& named, const TensorType& tensor,
                                                    ByteRange range, SignatureScope& scope) {
    auto kind = element_kind(named.name.text);
    if (!kind) {
        std::vector<std::string> names;
        for (const BuiltinType& t : builtin_types())
            if (t.family == BuiltinTypeFamily::Element) names.emplace_back(t.name);
        report(DiagCode::E0301, named.name.range,
               {named.name.text, " as an element type" + did_you_mean(named.name.text, names)});
        return std::nullopt;
    }
    Element element;
    element.kind = *kind;
    element.written = true;
    if (*kind == ElementKind::Index) {
        if (named.arguments.size() != 1) {
            report(DiagCode::E0303, range,
                   {"`Index`", "one size, such as `Index[V]`", std::to_string(named.arguments.size()) + " arguments"});
            return std::nullopt;
        }
        auto bound = type_argument_size(named.arguments[0], scope);
        if (!bound) return std::nullopt;
        element.index_bound = *bound;
        element.bound_written = axis_spelling(written(named.arguments[0].range));
    } else if (!named.arguments.empty()) {
        report(DiagCode::E0303, range, {"`" + named.name.text + "`", "no arguments", "`" + written(range) + "`"});
        return std::nullopt;
    }
    if (is_distribution(*kind)) {
        if (!named.over) {
            report(DiagCode::E0303, range,
                   {"`" + named.name.text + "`",
                    "the axis it is a distribution over, such as `" + named.name.text + " over V`", "none"});
            return std::nullopt;
        }
        std::vector<std::string> axis_names;
        for (const AxisType& a : tensor.axes)
            if (a.name && !a.variadic) axis_names.push_back(*a.name);
        if (std::find(axis_names.begin(), axis_names.end(), named.over->text) == axis_names.end()) {
            std::string listed;
            for (const std::string& n : axis_names) listed += (listed.empty() ? "`" : ", `") + n + "`";
            report(DiagCode::E0302, named.over->range, {named.over->text, listed.empty() ? "none" : listed});
            return std::nullopt;
        }
        element.over = axis_spelling(named.over->text);
    } else if (named.over) {
        report(DiagCode::E0303, range,
               {"`" + named.name.text + "`", "no `over` (only Logit, Prob and LogProb have one)",
                "`over " + named.over->text + "`"});
        return std::nullopt;
    }
    return element;
}

// -------------------------------------------------------------------- types

Type FileChecker::resolve_type(const ast::Type& type, SignatureScope& scope) {
    Type out;
    if (auto* tensor = std::get_if<ast::TensorType>(&type.node)) {
        if (auto resolved = resolve_tensor(*tensor, scope)) {
            out.kind = TypeKind::Tensor;
            out.tensor = std::move(*resolved);
        }
        return out;
    }
    if (auto* tuple = std::get_if<ast::TupleType>(&type.node)) {
        out.kind = TypeKind::Tuple;
        for (const auto& element : tuple->elements) out.elements.push_back(resolve_type(*element, scope));
        return out;
    }
    auto* named = std::get_if<ast::NamedType>(&type.node);
    if (!named || named->name.missing) return out;  // a syntax error, reported
    const std::string& name = named->name.text;

    // An element type alone is a scalar tensor: `f32` is `[] f32`.
    if (element_kind(name)) {
        TensorType scalar;
        if (auto element = resolve_element(*named, scalar, type.range, scope)) {
            out.kind = TypeKind::Tensor;
            scalar.element = *element;
            out.tensor = std::move(scalar);
        }
        return out;
    }
    auto no_arguments = [&](std::string_view what) {
        if (named->arguments.empty() && !named->over) return true;
        report(DiagCode::E0303, type.range, {std::string(what), "no arguments", "`" + written(type.range) + "`"});
        return false;
    };
    const BuiltinType* builtin = builtin_type(name);
    if (builtin && builtin->family == BuiltinTypeFamily::Host) {
        if (!no_arguments("`" + name + "`")) return out;
        out.kind = builtin->kind;
        return out;
    }
    if (builtin && builtin->family == BuiltinTypeFamily::Generic) {
        SymbolKind wanted = builtin->kind == TypeKind::Optimizer ? SymbolKind::Model : SymbolKind::Data;
        std::string expected = wanted == SymbolKind::Model ? "a model, such as `Optimizer[Mlp]`"
                                                           : "a data record, such as `" + name + "[Digit]`";
        const ast::NamedType* arg = nullptr;
        if (named->arguments.size() == 1 && named->arguments[0].type)
            arg = std::get_if<ast::NamedType>(&named->arguments[0].type->node);
        const ItemRef* ref = arg ? lookup(arg->name.text) : nullptr;
        if (!arg || !ref || ref->kind != wanted || !arg->arguments.empty()) {
            std::string found = named->arguments.empty() ? "no argument" : "`" + written(type.range) + "`";
            if (arg && !ref)
                found =
                    "`" + arg->name.text + "`, which is not defined" + did_you_mean(arg->name.text, names_of({wanted}));
            else if (ref && ref->kind != wanted)
                found = "`" + arg->name.text + "`, " + std::string(kind_phrase(ref->kind));
            report(DiagCode::E0303, type.range, {"`" + name + "`", expected, found});
            return out;
        }
        reference(*ref, arg->name.range);
        if (builtin->kind == TypeKind::Batch) return make_batch(key_of(*ref, arg->name.text));
        out.kind = builtin->kind;
        out.ref = key_of(*ref, arg->name.text);
        return out;
    }
    const ItemRef* ref = named->name.qualifier.empty() ? lookup(name) : lookup_member(named->name);
    if (ref) {
        if (named->name.qualifier.empty()) reference(*ref, named->name.range);
        if (ref->kind == SymbolKind::Model || ref->kind == SymbolKind::Data) {
            if (!no_arguments("`" + name + "`")) return out;
            out.kind = ref->kind == SymbolKind::Model ? TypeKind::Model : TypeKind::Data;
            out.ref = key_of(*ref, name);
            return out;
        }
        report(DiagCode::E0103, named->name.range, {name, std::string(kind_phrase(ref->kind)), "a type"});
        return out;
    }
    if (!named->name.qualifier.empty())
        if (const ItemRef* bound = lookup(name.substr(0, name.find('.'))); bound && bound->kind == SymbolKind::Module)
            return out;  // E0112 said the module has no such name
    std::vector<std::string> candidates = names_of({SymbolKind::Model, SymbolKind::Data});
    for (const BuiltinType& t : builtin_types()) candidates.emplace_back(t.name);
    report(DiagCode::E0301, named->name.range, {name, did_you_mean(name, candidates)});
    return out;
}

// Generic axes of a return type must come from the parameters: a call binds
// them there, and nothing else could.
void FileChecker::check_return_axes(const Type& returned, const SignatureScope& params_scope,
                                    const ast::Type& written_type) {
    if (returned.kind == TypeKind::Tuple) {
        auto* tuple = std::get_if<ast::TupleType>(&written_type.node);
        for (size_t i = 0; i < returned.elements.size(); ++i)
            if (tuple && i < tuple->elements.size())
                check_return_axes(returned.elements[i], params_scope, *tuple->elements[i]);
        return;
    }
    if (returned.kind != TypeKind::Tensor || params_scope.incomplete) return;
    for (const AxisType& axis : returned.tensor.axes) {
        if (axis.variadic) {
            if (!params_scope.variadic_groups.count(axis.name.value_or("")))
                report(DiagCode::E0421, axis.origin, {axis.written});
            continue;
        }
        for (SymbolId symbol : axis.size.symbols()) {
            const std::string& name = symbol_names_[symbol];
            if (name.empty() || name[0] == '?' || params_scope.generics.count(name)) continue;
            report(DiagCode::E0406, axis.origin, {name});
            break;
        }
    }
}

}  // namespace ss::check
