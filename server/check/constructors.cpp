// Constructors in a body: `zeros([b H])`, `full([b H] i64, 7)`,
// `randn([b H], mode)`, `randint([b n] Index[V], mode)`, `eye([n m])`. The
// tensor type is written first; every axis's size must be known here, since
// the generated code passes each size to torch (docs/types.md,
// "Constructors"). The `*_like` forms and `sample` are prelude functions.
#include "check/constructors.hpp"

#include <algorithm>

#include "check/file_checker.hpp"

namespace ss::check {

namespace {

// What each constructor takes after its type, by position, and how its
// messages show it used.
struct ConstructorForm {
    std::string_view name;
    std::vector<std::string_view> params;  // randint's bounds may be left out (constructor_params)
    std::string_view usage;
};

const std::vector<ConstructorForm>& forms() {
    static const std::vector<ConstructorForm> table = {
        {"zeros", {}, "`zeros([b H])`"},
        {"ones", {}, "`ones([b H])`"},
        {"eye", {}, "`eye([n m])`"},
        {"full", {"value"}, "`full([b H], 0.5)`"},
        {"rand", {"mode"}, "`rand([b H], mode)`"},
        {"randn", {"mode"}, "`randn([b H], mode)`"},
        // `randint([b n] Index[V], mode)`, `randint([b n], high, mode)` or
        // `randint([b n], low, high, mode)`.
        {"randint", {"low", "high", "mode"}, "`randint([b n], low, high, mode)`"},
    };
    return table;
}

const ConstructorForm* form_of(const std::string& name) {
    for (const ConstructorForm& f : forms())
        if (f.name == name) return &f;
    return nullptr;
}

// The batch axis `b` of the one batch among the locals (a `Batch[T]`
// parameter, a loop's batch): the size a constructor's `b` is.
std::optional<SymbolId> batch_axis(const std::map<std::string, Local>& locals) {
    std::optional<SymbolId> found;
    for (const auto& [name, local] : locals)
        if (local.type.kind == TypeKind::Batch && !local.type.tensor.axes.empty())
            if (auto symbol = local.type.tensor.axes[0].size.as_symbol()) {
                if (found && *found != *symbol) return std::nullopt;  // two batches: which one is `b`?
                found = symbol;
            }
    return found;
}

bool is_number(const Type& t) {
    return t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Bool;
}

}  // namespace

std::vector<std::string_view> constructor_params(const std::string& name, size_t positional,
                                                 const std::vector<std::string>& keywords) {
    const ConstructorForm* form = form_of(name);
    if (!form) return {};
    std::vector<std::string_view> params = form->params;
    if (name != "randint") return params;
    // The last of low, high, mode that the call gives, and the mode always.
    size_t given = positional;
    for (const std::string& k : keywords) given += std::find(params.begin(), params.end(), k) != params.end();
    size_t kept = std::clamp<size_t>(given, 1, params.size());
    params.erase(params.begin(), params.end() - static_cast<std::ptrdiff_t>(kept));
    return params;
}

// The first axis name in `axis` whose size isn't known in the body: not a
// dim, not an axis of the signature. Empty when every one is known.
std::optional<ast::Name> FileChecker::unknown_constructor_axis(const ast::Axis& axis) {
    switch (axis.kind) {
        case ast::AxisKind::Literal: return std::nullopt;
        case ast::AxisKind::Name:
        case ast::AxisKind::Scaled:
            if (body_->scope.generics.count(axis.name.text) || dim_value_of(axis.name.text, axis.name.range) ||
                dim_in_error(axis.name.text) || (axis.name.text == "b" && batch_axis(body_->locals)))
                return std::nullopt;
            return axis.name;
        case ast::AxisKind::Binary:
        case ast::AxisKind::Group:
            for (const ast::AxisPtr& child : axis.children)
                if (child)
                    if (auto name = unknown_constructor_axis(*child)) return name;
            return std::nullopt;
        default: {  // `?k`, `..s`: no size to pass
            ast::Name written{source_text(axis.range), axis.range};
            return written;
        }
    }
}

Type FileChecker::type_of_constructor(const ast::Call& call, ByteRange range, const Type* piped,
                                      ByteRange piped_range) {
    const ast::Name& callee = std::get<ast::NameExpr>(call.callee->node).name;  // as syntax/lower.cpp makes it
    const std::string& f = callee.text;
    const ConstructorForm* form = form_of(f);
    std::vector<const ast::Argument*> arguments;
    for (const ast::Argument& a : call.arguments) arguments.push_back(&a);
    size_t site = open_call(CalleeKind::Builtin, f, callee.range, range, arguments, nullptr, {});
    reference_builtin(callee);
    call_effects(site, arguments, {});
    std::vector<Type> given;
    for (const ast::Argument* a : arguments) given.push_back(type_of(*a->value));
    if (!form) return Type{};  // the grammar's list and the table above agree
    bool fine = true;
    auto refuse = [&](ByteRange at, const std::string& needs, const std::string& found) {
        report(DiagCode::E0513, at, {"`" + f + "`", needs, found});
        fine = false;
    };
    if (piped) {
        refuse(piped_range, "its arguments in the call", "a value piped into it");
        return Type{};
    }
    // The shape: every size known here.
    const auto* tensor = std::get_if<ast::TensorType>(&call.shape->node);
    if (!tensor) return Type{};  // a syntax error, reported
    for (const ast::AxisPtr& axis : tensor->axes)
        if (axis)
            if (auto unknown = unknown_constructor_axis(*axis))
                refuse(unknown->range,
                       "axes whose sizes are known here (dims, the signature's axes, a batch's `b`, numbers)",
                       "`" + unknown->text + "`");
    if (f == "eye" && tensor->axes.size() != 2)
        refuse(call.shape->range, "two axes", std::to_string(tensor->axes.size()));
    // The arguments after the type, by position or by their names.
    size_t positional = 0;
    std::vector<std::string> keywords;
    for (const ast::Argument* a : arguments) {
        positional += !a->keyword;
        if (a->keyword) keywords.push_back(a->keyword->text);
    }
    std::vector<std::string_view> params = constructor_params(f, positional, keywords);
    std::vector<std::optional<size_t>> bound(params.size());
    size_t next = 0;
    for (size_t i = 0; i < arguments.size(); ++i) {
        const ast::Argument* a = arguments[i];
        std::optional<size_t> slot;
        if (!a->keyword) {
            if (next < params.size()) slot = next++;
        } else {
            for (size_t k = 0; k < params.size(); ++k)
                if (params[k] == a->keyword->text) slot = k;
        }
        if (!slot || bound[*slot]) {
            refuse(a->range, "no more arguments than " + std::string(form->usage),
                   a->keyword ? "`" + a->keyword->text + "=`" : "one more argument");
            continue;
        }
        bound[*slot] = i;
    }
    std::string missing;
    for (size_t k = 0; k < params.size(); ++k)
        if (!bound[k]) missing += (missing.empty() ? "`" : ", `") + std::string(params[k]) + "`";
    if (!missing.empty())
        refuse(call.arguments_range, missing + " after the type, as " + std::string(form->usage), "none");
    // `b` in a function of a batch is the batch's axis.
    SignatureScope scope = body_->scope;
    if (!scope.generics.count("b"))
        if (auto b = batch_axis(body_->locals)) scope.generics["b"] = *b;
    Type out = resolve_type(*call.shape, scope);
    if (out.kind != TypeKind::Tensor) return Type{};
    bool index_written = out.tensor.element.written && out.tensor.element.kind == ElementKind::Index;
    if (f == "randint" && params.size() == 1 && !index_written && bound[0])
        refuse(call.arguments_range,
               "its bounds, as " + std::string(form->usage) + ", or an `Index[V]` element to draw 0..V from",
               "a mode alone");
    // Each size is passed to torch: read off a shape that has it (E0422),
    // where no axis was refused above.
    for (size_t i = 0; fine && i < out.tensor.axes.size(); ++i) {
        ByteRange at = i < tensor->axes.size() && tensor->axes[i] ? tensor->axes[i]->range : call.shape->range;
        for (SymbolId id : out.tensor.axes[i].size.symbols()) require_readable(symbol_name(id), id, at);
    }
    // Drawn from 0..V, `V` is a number here: a dim, or an axis of the
    // signature (or an `as`) that a shape gives.
    if (f == "randint" && params.size() == 1 && index_written && out.tensor.element.index_bound && tensor->element &&
        tensor->element->arguments.size() == 1) {
        ByteRange at = tensor->element->arguments[0].range;
        for (SymbolId id : out.tensor.element.index_bound->symbols()) {
            std::string name = symbol_name(id);
            auto generic = body_->scope.generics.find(name);
            if (generic == body_->scope.generics.end() || generic->second != id)
                refuse(at, "an `Index[V]` bound known here (dims, the signature's axes, numbers)", "`" + name + "`");
            else require_readable(name, id, at);
        }
    }
    // torch draws floats with rand and randn, integers with randint.
    ElementKind element = out.tensor.element.kind;
    bool floating = is_floating(element);
    bool integer = element == ElementKind::I64 || element == ElementKind::I32 || element == ElementKind::Index;
    if ((f == "rand" || f == "randn") && !floating)
        refuse(call.shape->range, "a float element (f32, f16, bf16, f64)", in_message(out));
    if (f == "randint" && out.tensor.element.written && !integer)
        refuse(call.shape->range, "an integer element (i64, i32, Index[V])", in_message(out));
    for (size_t k = 0; k < params.size(); ++k) {
        if (!bound[k]) continue;
        const Type& t = given[*bound[k]];
        ByteRange at = arguments[*bound[k]]->range;
        if (t.kind == TypeKind::Unknown) continue;
        std::string_view p = params[k];
        if (p == "mode" && t.kind != TypeKind::Mode)
            report(DiagCode::E0505, at,
                   {"mode", "a Mode (`Train(seed=...)`, `Sample(seed=...)` or `Eval`)", in_message(t)});
        else if ((p == "low" || p == "high") && t.kind != TypeKind::Int)
            report(DiagCode::E0505, at, {std::string(p), "an int", in_message(t)});
        else if (p == "value" && !is_number(t)) report(DiagCode::E0505, at, {"value", "a number", in_message(t)});
    }
    // Bounds written as numbers that draw from nothing (`randint([n], 2, 2,
    // mode)`): the run would refuse them, whatever the sizes.
    if (f == "randint") {
        auto written_int = [&](std::string_view name) -> std::optional<int64_t> {
            for (size_t k = 0; k < params.size(); ++k)
                if (params[k] == name && bound[k]) return literal_int(*arguments[*bound[k]]->value);
            return std::nullopt;
        };
        // `randint([b n], high, mode)` draws from 0.
        bool has_low = std::find(params.begin(), params.end(), "low") != params.end();
        std::optional<int64_t> low = has_low ? written_int("low") : std::optional<int64_t>(0);
        std::optional<int64_t> high = written_int("high");
        if (low && high && *high <= *low)
            refuse(call.arguments_range, "bounds with low < high, to draw from",
                   std::to_string(*low) + " and " + std::to_string(*high));
    }
    if (!fine) return Type{};
    // The element when none is written: f32, as torch's default; randint's
    // i64; full's that of its value, as torch.full's.
    if (!out.tensor.element.written) {
        if (f == "randint") out.tensor.element.kind = ElementKind::I64;
        if (f == "full" && bound[0]) {
            TypeKind value = given[*bound[0]].kind;
            if (value == TypeKind::Int) out.tensor.element.kind = ElementKind::I64;
            if (value == TypeKind::Bool) out.tensor.element.kind = ElementKind::Mask;
        }
    }
    return out;
}

}  // namespace ss::check
