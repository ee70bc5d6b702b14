// Built-ins whose types the prelude can't say yet, as typing rules:
// reductions along a named axis (an axis that goes away), and the training
// built-ins, which are generic over a model or a data record. Each rule
// checks what it can and gives an unknown type where it can't know more.
// Which built-in has which rule is the table's (builtin_table.cpp).
#include <algorithm>
#include <cctype>

#include "check/attention.hpp"
#include "check/builtin_table.hpp"
#include "check/file_checker.hpp"

namespace ss::check {

namespace {

bool is_number_or_text(const Type& t) {
    return t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Bool || t.kind == TypeKind::Str;
}

// Positions along `axis` in a tensor of `t`'s axes (argsort, topk).
Type indices_into(TensorType t, const AxisType& axis) {
    t.element = Element{};
    t.element.kind = ElementKind::Index;
    t.element.written = true;
    t.element.index_bound = axis.size;
    t.element.bound_written = axis.written;
    Type out;
    out.kind = TypeKind::Tensor;
    out.tensor = std::move(t);
    return out;
}

}  // namespace

// The arguments of a built-in call, typed: positional (the piped value
// first) and by keyword. `over=` names an axis and is not typed.
BuiltinArguments FileChecker::builtin_arguments(const std::vector<const ast::Argument*>& arguments, const Type* piped,
                                                ByteRange piped_range, const Builtin* builtin) {
    BuiltinArguments out;
    if (piped) out.positional.push_back({*piped, piped_range, nullptr});
    if (piped && builtin) check_builtin_argument(*builtin, 0, nullptr, *piped, piped_range);
    for (const ast::Argument* a : arguments) {
        if (a->keyword && a->keyword->text == "over") {
            out.over = a;
            continue;
        }
        Type t = type_of(*a->value);
        if (builtin) check_builtin_argument(*builtin, out.positional.size(), a, t, a->range);
        if (a->keyword) out.keywords[a->keyword->text] = {std::move(t), a->range, a};
        else out.positional.push_back({std::move(t), a->range, a});
    }
    // A keyword that names the next place fills it, as Python binds it
    // (`mean(x=y, over=n)` is `mean(y, over=n)`), so the rules, which read
    // their tensors by place, type it.
    if (builtin) {
        const auto& labels = builtin_labels(*builtin);
        while (out.positional.size() < labels.size() && !labels[out.positional.size()].variadic) {
            auto named = out.keywords.find(labels[out.positional.size()].name);
            if (named == out.keywords.end()) break;
            out.positional.push_back(std::move(named->second));
            out.keywords.erase(named);
        }
    }
    if (out.over && builtin) python_over(*builtin, out);
    return out;
}

// `over=` places its axis in the value by the value's type (`cat`'s: the
// first part with one; `stack`'s new axis is the first, whatever the
// parts): E0512 when that value comes from Python, of no type yet.
void FileChecker::python_over(const Builtin& builtin, const BuiltinArguments& args) {
    if (builtin.name == "stack" || args.positional.empty() || !args.positional[0].type.python) return;
    if (builtin.name == "cat")
        for (const auto& part : args.positional)
            if (part.type.kind == TypeKind::Tensor) return;
    python_over(*args.over, args.positional[0].range);
}

void FileChecker::python_over(const ast::Argument& over, ByteRange value) {
    python_axes_needed(value, "`over=" + written(over.value->range) + "`", value);
}

// E0512 at `at`: `what` needs the axes of the Python value written at `value`.
void FileChecker::python_axes_needed(ByteRange at, const std::string& what, ByteRange value) {
    std::string text = written(value);
    bool plain = std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    });
    report(DiagCode::E0512, at, {what, text, plain ? text : "(" + text + ")"});
}

void FileChecker::check_builtin_argument(const Builtin& builtin, size_t position, const ast::Argument* argument,
                                         const Type& type, ByteRange range) {
    // The label given by name, or in this place; `values ...` takes every
    // place from its own on (labels after it have no place).
    const BuiltinLabel* label = nullptr;
    for (const BuiltinLabel& l : builtin_labels(builtin)) {
        auto place = static_cast<size_t>(&l - builtin_labels(builtin).data());
        if (argument && argument->keyword ? l.name == argument->keyword->text
                                          : place == position || (l.variadic && position > place)) {
            label = &l;
            break;
        }
        if (l.variadic) break;
    }
    if (!label || type.kind == TypeKind::Unknown) return;
    const std::string& kind = label->type;
    bool fits = true;
    std::string expected = kind;
    if (kind == "int") fits = type.kind == TypeKind::Int;
    else if (kind == "float") fits = type.kind == TypeKind::Int || type.kind == TypeKind::Float;
    else if (kind == "str") fits = type.kind == TypeKind::Str;
    else if (kind == "bool") fits = type.kind == TypeKind::Bool;  // `nesterov=mu` with mu a tensor
    else if (kind == "(float, float)") {                          // adamw's `betas=(0.9,)`
        fits = type.kind == TypeKind::Tuple && type.elements.size() == 2 &&
               std::all_of(type.elements.begin(), type.elements.end(), [](const Type& t) {
                   return t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Unknown;
               });
        expected = "two numbers, `(0.9, 0.999)`";
    } else if (kind == "M | Optimizer[M] | [..s] ...") {  // what `save` writes
        fits = type.kind == TypeKind::Model || type.kind == TypeKind::Optimizer || type.kind == TypeKind::Tensor;
        expected = "a model, an optimizer or a tensor";
    } else if (kind == "schedule") {  // `lr=0.01` or `lr=cosine(0.1, 100)`
        fits = type.kind == TypeKind::Int || type.kind == TypeKind::Float || type.kind == TypeKind::Schedule;
        expected = "a number or a schedule";
    }
    if (!fits) report(DiagCode::E0505, range, {label->name, expected, describe(type)});
}

// The axis `over=` names in `x`, or null after reporting E0419 (or when
// there is no `over=`, which the caller decides about).
const AxisType* FileChecker::over_axis(const BuiltinArguments& args, const TensorType& x) {
    if (!args.over) return nullptr;
    std::optional<std::string> axis = axis_argument(*args.over->value);
    if (axis && axes_named(x, *axis) > 1) {
        report(DiagCode::E0419, args.over->value->range, {"over", "an axis the value has once", named_twice(*axis, x)});
        return nullptr;
    }
    for (const AxisType& a : x.axes)
        if (axis && !a.variadic && a.name == *axis) return &a;
    report(DiagCode::E0419, args.over->value->range,
           {"over", "an axis of the value, " + axes_text(x) + variadic_note(x), axis_written(*args.over->value, &x)});
    return nullptr;
}

std::optional<Type> FileChecker::type_of_builtin(const std::string& name,
                                                 const std::vector<const ast::Argument*>& arguments, const Type* piped,
                                                 ByteRange piped_range, ByteRange range) {
    const Builtin* builtin = find_builtin(name);
    if (!builtin || builtin->typing != BuiltinTyping::Rule) return std::nullopt;
    switch (builtin->rule) {
        case BuiltinRule::ValueAndGrad: return value_and_grad(arguments, range);
        case BuiltinRule::Log: return log_rule(builtin_arguments(arguments, piped, piped_range), range);
        case BuiltinRule::Arange: return arange(arguments);
        case BuiltinRule::EvalMode: return std::nullopt;  // a name, not a call (type_of_name)
        case BuiltinRule::Constructor:                    // `randn(x, mode)`: its type isn't written (constructors.cpp)
            report(DiagCode::E0513, range,
                   {"`" + name + "`", "a tensor type first, as `" + name + "([b H], ...)`", "none"});
            for (const ast::Argument* a : arguments) type_of(*a->value);
            return Type{};
        default: break;
    }
    BuiltinArguments args = builtin_arguments(arguments, piped, piped_range, builtin);
    switch (builtin->rule) {
        case BuiltinRule::Reduction: return reduction_rule(name, args, range);
        case BuiltinRule::Matmul:  // x |> matmul(w) is x @ w, which torch has not of Masks.
            if (args.positional.size() != 2) return Type{};
            if (refused_for_masks("@", args.positional[0].type, args.positional[1].type, range, "`matmul`"))
                return Type{};
            return matmul(args.positional[0].type, args.positional[1].type, range);
        case BuiltinRule::Norm: return norm_rule(name, args, range);
        case BuiltinRule::Ordering: return ordering_rule(name, args, range);
        case BuiltinRule::Linear: return linear(args, range);
        case BuiltinRule::Attention: return attention(args, range);
        case BuiltinRule::TrainMode: return of_kind(TypeKind::Mode);
        case BuiltinRule::Shuffle:
        case BuiltinRule::Batches:
        case BuiltinRule::Optimizer:
        case BuiltinRule::ClipNorm:
        case BuiltinRule::Update: return training_rule(*builtin, args, range);
        default: return Type{};
    }
}

// `log(x)` is the natural logarithm, elementwise; `log(key=value)` records
// values for the sinks and gives nothing.
Type FileChecker::log_rule(const BuiltinArguments& args, ByteRange range) {
    if (args.positional.empty() && args.keywords.empty()) {  // `log()`: no value, no record (None)
        report(DiagCode::E0502, range, {"`log`", "x"});
        return Type{};
    }
    if (args.positional.empty()) {
        // A record holds numbers, bools, strings and tensors of one value.
        for (const auto& [key, value] : args.keywords) {
            const Type& t = value.type;
            bool fits = t.kind == TypeKind::Unknown || is_number_or_text(t) ||
                        (t.kind == TypeKind::Tensor && t.tensor.axes.empty());
            if (!fits)
                report(DiagCode::E0505, value.range,
                       {key, "a number, a bool, a string or a `[]` tensor", in_message(t)});
        }
        return Type{};
    }
    if (!args.keywords.empty()) {
        report(DiagCode::E0501, args.keywords.begin()->second.range,
               {"`log`", "one value (the logarithm) or `key=value` records", "both"});
        return Type{};
    }
    const Type& x = args.positional[0].type;
    if (x.kind == TypeKind::Int || x.kind == TypeKind::Float) return of_kind(TypeKind::Float);
    if (x.kind != TypeKind::Tensor && x.kind != TypeKind::Unknown)  // torch.log of a dataset, a model, a bool
        report(DiagCode::E0505, args.positional[0].range, {"x", "a tensor or a number", in_message(x)});
    return x.kind == TypeKind::Tensor ? x : Type{};
}

// `sum(x, over=n)` removes the axis `n`; `mean(x)` reduces everything.
Type FileChecker::reduction_rule(const std::string& name, const BuiltinArguments& args, ByteRange range) {
    const Type* x = args.positional.empty() ? nullptr : &args.positional[0].type;
    if (x && x->kind != TypeKind::Tensor && x->kind != TypeKind::Unknown) {  // `mean((0, n, 1))`
        report(DiagCode::E0505, args.positional[0].range, {"x", "a tensor", in_message(*x)});
        return Type{};
    }
    if (!x || x->kind != TypeKind::Tensor) return Type{};
    // torch's `keepdim=true`: the axis stays, as a `1` in its place (which
    // broadcasts by place). Written as a literal, since the result's shape
    // depends on it, and with `over=`, as torch needs a dim for it.
    bool keep = false;
    if (auto k = args.keywords.find("keepdim"); k != args.keywords.end()) {
        const ast::Expr* value = k->second.argument ? k->second.argument->value.get() : nullptr;
        const auto* literal = value ? std::get_if<ast::BoolLiteral>(&value->node) : nullptr;
        if (!literal) {
            if (k->second.type.kind == TypeKind::Bool)
                report(DiagCode::E0505, k->second.range,
                       {"keepdim", "`true` or `false` as written (the result's shape depends on it)",
                        "`" + written(k->second.range) + "`"});
            return Type{};
        }
        keep = literal->value;
        if (keep && !args.over) {
            report(DiagCode::E0502, range, {"`" + name + "` with `keepdim=true`", "over"});
            return Type{};
        }
    }
    // Over a group's tensor, only a name the type shows (`[..s F]`'s F):
    // the rest, the group among it, is the result (`[..s]`).
    Type out = of_kind(TypeKind::Tensor);
    out.tensor.element = plain_if_distribution(x->tensor.element);
    std::optional<AxisType> removed;
    if (args.over) {
        const AxisType* it = over_axis(args, x->tensor);
        if (!it) return Type{};
        removed = *it;
        note_across(range, name, it->size);
        for (const AxisType& a : x->tensor.axes)
            if (&a != it) {
                out.tensor.axes.push_back(a);
            } else if (keep) {
                AxisType unit;
                unit.size = Size::constant(1);
                unit.written = "1";
                unit.origin = range;
                out.tensor.axes.push_back(std::move(unit));
            }
    } else {
        for (const AxisType& a : x->tensor.axes) note_across(range, name, a.size);
    }
    if (name == "argmax" || name == "argmin") {
        out.tensor.element = Element{};
        out.tensor.element.kind = ElementKind::Index;
        out.tensor.element.written = true;
        if (removed) {
            out.tensor.element.index_bound = removed->size;
            out.tensor.element.bound_written = removed->written;
        }
    } else if (!is_floating(x->tensor.element.kind)) {
        // Of a Mask or integers, as torch computes (and as reduce's
        // patterns type them): the mean a fraction, f32 (the runtime's
        // mean, var and std cast first); a sum or product a count, i64,
        // no longer an index; max and min as they are; logsumexp, whose
        // exp is a float, f32.
        if (name == "mean" || name == "logsumexp" || name == "var" || name == "std") out.tensor.element = Element{};
        else if (name == "sum" || name == "prod")
            out.tensor.element = Element{ElementKind::I64, std::nullopt, "", "", true};
    }
    return out;
}

// Normalises along `over`; `weight=` (and `bias=`) have that axis's size.
// The result has the value's type.
Type FileChecker::norm_rule(const std::string& name, const BuiltinArguments& args, ByteRange range) {
    const Type* x = args.positional.empty() ? nullptr : &args.positional[0].type;
    if (x && x->kind != TypeKind::Tensor && x->kind != TypeKind::Unknown) {  // `rms_norm(D, over=D)`
        report(DiagCode::E0505, args.positional[0].range, {"x", "a tensor", in_message(*x)});
        return Type{};
    }
    if (!x || x->kind != TypeKind::Tensor || !args.over) return Type{};
    const AxisType* it = over_axis(args, x->tensor);
    if (!it) return Type{};
    note_across(range, name, it->size);
    // A weight and a bias of one size, both not the axis's, are one
    // mistake (most likely the axis): reported once, at the first.
    const Type* reported = nullptr;
    // By keyword, or after `x` in order (`layer_norm(x, w, b, over=D)`).
    size_t position = 1;
    for (const char* part : {"weight", "bias"}) {
        const BuiltinArgument* argument = nullptr;
        if (auto named = args.keywords.find(part); named != args.keywords.end()) argument = &named->second;
        else if (position < args.positional.size() && args.positional[position].type.kind == TypeKind::Tensor &&
                 (std::string_view(part) == "weight" || name == "layer_norm"))
            argument = &args.positional[position++];
        if (!argument || argument->type.kind == TypeKind::Unknown) continue;
        const auto& given = *argument;
        if (given.type.kind != TypeKind::Tensor) {
            report(DiagCode::E0505, given.range,
                   {part, "[" + it->written + "]", describe(given.type)});  // torch takes no number
            continue;
        }
        const auto& axes = given.type.tensor.axes;
        if (axes.size() == 1 && axes[0].size == it->size && !distinct_dims(axes[0], *it)) continue;
        if (reported && same_shape(reported->tensor, given.type.tensor, nullptr)) continue;
        std::string found = "it is " + in_message(given.type);
        if (axes.size() == 1 && axes[0].size == it->size)  // the size, another dim
            found += ", the dim " + *dim_of(axes[0]) + ", not " + *dim_of(*it);
        else
            for (const AxisType& a : x->tensor.axes)
                if (axes.size() == 1 && a.name && a.size == axes[0].size) {
                    found += ", the size of the axis `" + *a.name + "`: is `over=" + *a.name + "` meant?";
                    break;
                }
        report(DiagCode::E0504, given.range,
               {part, "[" + it->written + "], the size of the axis normalised over (" + show(it->size) + ")", found});
        reported = &given.type;
    }
    return *x;
}

// The `i`th argument of a training built-in, if it is of `kind` (else E0502
// or E0505 reported, or unknown).
const Type* FileChecker::training_argument(const Builtin& builtin, const BuiltinArguments& args, size_t i,
                                           TypeKind kind, std::string_view what, ByteRange range) {
    if (i >= args.positional.size()) {
        report(DiagCode::E0502, range, {"`" + std::string(builtin.name) + "`", std::string(what)});
        return nullptr;
    }
    const Type& t = args.positional[i].type;
    if (t.kind == TypeKind::Unknown) return nullptr;
    if (t.kind != kind) {
        // The parameter as the table names it (`data` of `data: Dataset[T]`);
        // its type's `T` is the table's, not the caller's: `what` says it.
        std::string param(i < builtin.params.size() ? builtin.params[i] : what);
        param = param.substr(param.rfind(' ', param.find(':')) + 1);
        param = param.substr(0, param.find_first_of("?:"));
        report(DiagCode::E0505, args.positional[i].range, {param, std::string(what), in_message(t)});
        return nullptr;
    }
    return &t;
}

// shuffle, batches, sgd and adamw, clip_norm, update: generic over a model
// or a data record, which the table can't write.
Type FileChecker::training_rule(const Builtin& builtin, const BuiltinArguments& args, ByteRange range) {
    auto expect = [&](size_t i, TypeKind kind, std::string_view what) {
        return training_argument(builtin, args, i, kind, what, range);
    };
    switch (builtin.rule) {
        case BuiltinRule::Shuffle: {
            const Type* data = expect(0, TypeKind::Dataset, "a dataset");
            return data ? *data : Type{};
        }
        case BuiltinRule::Batches: {
            const Type* data = expect(0, TypeKind::Dataset, "a dataset");
            return data ? of_kind(TypeKind::Batches, data->ref) : Type{};
        }
        case BuiltinRule::Optimizer: {
            const Type* model = expect(0, TypeKind::Model, "a model");
            return model ? of_kind(TypeKind::Optimizer, model->ref) : Type{};
        }
        case BuiltinRule::ClipNorm: {
            const Type* grads = expect(0, TypeKind::Grads, "gradients");
            return grads ? *grads : Type{};
        }
        default: break;
    }
    // update(m, opt, grads) changes the model: it must be a `mut` parameter.
    const Type* model = expect(0, TypeKind::Model, "a model");
    const Type* opt = expect(1, TypeKind::Optimizer, "an optimizer");
    const Type* grads = expect(2, TypeKind::Grads, "gradients");
    if (model && opt && opt->ref != model->ref)
        report(DiagCode::E0505, args.positional[1].range,
               {"the optimizer", "Optimizer[" + model->ref + "]", in_message(*opt)});
    if (model && grads && grads->ref != model->ref)
        report(DiagCode::E0505, args.positional[2].range,
               {"the gradients", "gradients of " + model->ref, in_message(*grads)});
    if (model && args.positional[0].argument)
        if (auto* n = std::get_if<ast::NameExpr>(&args.positional[0].argument->value->node)) {
            auto local = body_->locals.find(n->name.text);
            if (local != body_->locals.end() && local->second.is_parameter && !local->second.is_mut)
                report(DiagCode::E0507, n->name.range,
                       {"`update` changes the fields of `" + n->name.text + "`", n->name.text});
        }
    return Type{};
}

// linear(x, w, bias?) as torch's: `x: [..s I]`, `w: [O I]`, `bias: [O]`
// give `[..s O]`, the new axis named as `w`'s first.
Type FileChecker::linear(const BuiltinArguments& args, ByteRange range) {
    for (const char* needed : {"x", "w"})
        if (args.positional.size() < (needed[0] == 'x' ? 1u : 2u) && !args.keywords.count(needed)) {
            report(DiagCode::E0502, range, {"`linear`", needed});
            return Type{};
        }
    auto argument = [&](size_t i, const char* keyword) -> const BuiltinArgument* {
        if (auto it = args.keywords.find(keyword); it != args.keywords.end()) return &it->second;
        return i < args.positional.size() ? &args.positional[i] : nullptr;
    };
    const BuiltinArgument* x = argument(0, "x");
    const BuiltinArgument* w = argument(1, "w");
    const BuiltinArgument* bias = argument(2, "bias");
    if (args.positional.size() > 3) {
        report(DiagCode::E0501, args.positional[3].range, {"`linear`", "3 arguments", "more"});
        return Type{};
    }
    if (x->type.kind == TypeKind::Unknown || w->type.kind == TypeKind::Unknown) return Type{};
    auto must_be = [&](const BuiltinArgument& a, const char* what, const char* shape) {
        report(DiagCode::E0505, a.range, {what, shape, in_message(a.type)});
        return Type{};
    };
    if (x->type.kind != TypeKind::Tensor || x->type.tensor.axes.empty() || x->type.tensor.axes.back().variadic)
        return must_be(*x, "x", "a tensor with a last axis, [... _]");
    if (w->type.kind != TypeKind::Tensor || w->type.tensor.axes.size() != 2 || has_variadic(w->type.tensor))
        return must_be(*w, "w", "a weight with two axes, outputs by inputs: [_ _]");
    const AxisType& in = x->type.tensor.axes.back();
    const AxisType& out_axis = w->type.tensor.axes[0];
    const AxisType& w_in = w->type.tensor.axes[1];
    if (!(in.size == w_in.size)) {
        report(DiagCode::E0504, w->range,
               {"w",
                "[_ " + in.written + "]" + (show(in.size) == in.written ? "" : " (= [_ " + show(in.size) + "])") +
                    ", a row per output and a column per element of x's last axis",
                "its axis `" + w_in.written + "` is " + show(w_in.size)});
        return Type{};
    }
    if (distinct_dims(in, w_in)) {  // `linear(x: [b E], w: [C D])` with E = D: not the same axis
        report(DiagCode::E0504, w->range,
               {"w", "[_ " + in.written + "], a column per element of x's last axis, the dim " + *dim_of(in),
                "its axis `" + w_in.written + "` is the dim " + *dim_of(w_in) + ", another dim of the same size (" +
                    show(w_in.size) + ")"});
        return Type{};
    }
    if (bias && bias->type.kind != TypeKind::Unknown) {
        const Type& b = bias->type;
        if (b.kind != TypeKind::Tensor || b.tensor.axes.size() != 1 || !(b.tensor.axes[0].size == out_axis.size)) {
            report(DiagCode::E0504, bias->range,
                   {"bias", "[" + out_axis.written + "], the size of w's first axis (" + show(out_axis.size) + ")",
                    "it is " + in_message(b)});
            return Type{};
        }
    }
    Type out = x->type;
    out.tensor.axes.back() = out_axis;
    out.tensor.element = plain_if_distribution(x->type.tensor.element);
    return out;
}

// The call's axes as its signature names them (`q: [..s n d]`, `k: [..s m
// d]`, `v: [..s m e]`): what the serving analysis reads of an attention
// (analysis/serving.hpp), as a call of a function binds its axes.
void FileChecker::bind_attention_axes(const TensorType& q, const TensorType& k, const TensorType& v) {
    if (!body_ || muted_ || call_site_ >= result_.program.calls.size()) return;
    std::vector<AxisBinding> axes;
    for (auto [name, size] : {std::pair{"d", &q.axes.back().size}, std::pair{"e", &v.axes.back().size},
                              std::pair{"m", &k.axes.end()[-2].size}, std::pair{"n", &q.axes.end()[-2].size}})
        axes.push_back({name, 0, *size, false, {}});
    Type leading = of_kind(TypeKind::Tensor);
    leading.tensor.axes.assign(q.axes.begin(), q.axes.end() - 2);
    axes.push_back({"s", 0, {}, true, fact_type(leading, types())});
    result_.program.calls[call_site_].axes = std::move(axes);
}

// scaled_dot_product_attention(q, k, v, attn_mask=...): `q: [..s n d]`,
// `k: [..s m d]`, `v: [..s m e]` give the queries' axes, the last one the
// values' (torch's rule). The mask is a Mask (where attention may look) or
// a float bias over the axes of the scores `[..s n m]`, each placed by name
// (attention.hpp); the code generator lays it out there.
Type FileChecker::attention(const BuiltinArguments& args, ByteRange range) {
    const char* names[] = {"q", "k", "v"};
    for (size_t i = 0; i < 3; ++i)
        if (i >= args.positional.size()) {
            report(DiagCode::E0502, range, {"`scaled_dot_product_attention`", names[i]});
            return Type{};
        }
    const Type* qkv[3];
    bool known = true;
    for (size_t i = 0; i < 3; ++i) {
        qkv[i] = &args.positional[i].type;
        if (qkv[i]->kind == TypeKind::Unknown) known = false;
        else if (qkv[i]->kind != TypeKind::Tensor || qkv[i]->tensor.axes.size() < 2 ||
                 qkv[i]->tensor.axes.back().variadic || qkv[i]->tensor.axes.end()[-2].variadic) {
            report(DiagCode::E0505, args.positional[i].range,
                   {names[i], "a tensor whose last two axes are named or sized, as `[b H n d]`", in_message(*qkv[i])});
            known = false;
        }
    }
    if (!known) return Type{};
    const TensorType& q = qkv[0]->tensor;
    const TensorType& k = qkv[1]->tensor;
    const TensorType& v = qkv[2]->tensor;
    auto axis_error = [&](size_t i, const std::string& what, const std::string& why) {
        report(DiagCode::E0504, args.positional[i].range, {names[i], what, why});
        return Type{};
    };
    if (distinct_dims(k.axes.back(), q.axes.back()))
        return axis_error(1, "keys whose last axis is the queries' last, the dim " + *dim_of(q.axes.back()),
                          "its last axis is the dim " + *dim_of(k.axes.back()) + ", another dim of the same size");
    if (distinct_dims(v.axes.end()[-2], k.axes.end()[-2]))
        return axis_error(2, "values along the keys' axis, the dim " + *dim_of(k.axes.end()[-2]),
                          "its axis is the dim " + *dim_of(v.axes.end()[-2]) + ", another dim of the same size");
    if (!(k.axes.back().size == q.axes.back().size))
        return axis_error(1,
                          "keys whose last axis is the size of the queries' last, `" + q.axes.back().written +
                              "` = " + show(q.axes.back().size),
                          "its last axis `" + k.axes.back().written + "` is " + show(k.axes.back().size));
    if (!(v.axes.end()[-2].size == k.axes.end()[-2].size))
        return axis_error(2,
                          "values with an axis of keys, `" + k.axes.end()[-2].written +
                              "` = " + show(k.axes.end()[-2].size) + ", second to last",
                          "its axis `" + v.axes.end()[-2].written + "` is " + show(v.axes.end()[-2].size));
    // Each query mixes the values along the keys' axis, and along the
    // feature axis the scores contract.
    note_across(range, "scaled_dot_product_attention", k.axes.end()[-2].size);
    note_across(range, "scaled_dot_product_attention", k.axes.back().size);
    // torch's options, by name: a literal `true` or `false` for the ones
    // the types depend on.
    auto keyword = [&](const char* name) -> const BuiltinArgument* {
        auto it = args.keywords.find(name);
        return it == args.keywords.end() ? nullptr : &it->second;
    };
    auto literal = [](const BuiltinArgument* a) -> std::optional<bool> {
        if (!a || !a->argument) return std::nullopt;
        if (auto* b = std::get_if<ast::BoolLiteral>(&a->argument->value->node)) return b->value;
        return std::nullopt;
    };
    const BuiltinArgument* gqa_argument = keyword("enable_gqa");
    if (gqa_argument && !literal(gqa_argument) && gqa_argument->type.kind != TypeKind::Unknown)
        report(DiagCode::E0505, gqa_argument->range,
               {"enable_gqa", "`true` or `false` as written, so the heads can be checked", "another value"});
    bool gqa = literal(gqa_argument).value_or(gqa_argument != nullptr);  // unknown: reported once, above
    // The leading axes (batch, heads) are the queries': the same group, or
    // the same sizes (1 broadcasts, as for a key shared by every head).
    // With enable_gqa, the keys' and values' heads (third to last) may be a
    // divisor of the queries'.
    for (size_t i : {size_t{1}, size_t{2}}) {
        const TensorType& t = qkv[i]->tensor;
        bool same = t.axes.size() == q.axes.size();
        for (size_t j = 0; same && j + 2 < q.axes.size(); ++j) {
            const AxisType &a = t.axes[j], &b = q.axes[j];
            auto one = a.size.as_constant();
            auto grouped = [&] {
                auto heads = a.size.as_constant(), query_heads = b.size.as_constant();
                return gqa && j + 3 == q.axes.size() && heads && query_heads && *heads > 0 &&
                       *query_heads % *heads == 0;
            };
            same = a.variadic == b.variadic &&
                   (a.variadic ? a.name == b.name
                               : (a.size == b.size && !distinct_dims(a, b) && !reordered_group(a, b)) ||
                                     (one && *one == 1) || grouped());
        }
        if (!same)
            return axis_error(i,
                              "of the queries' leading axes, " + axes_text(q) +
                                  (gqa ? ", or with heads that divide theirs" : ""),
                              "it is " + axes_text(t) + " (attention is over the last two axes only" +
                                  (gqa ? "" : "; `enable_gqa=true` takes fewer heads") + ")");
    }
    bind_attention_axes(q, k, v);
    const BuiltinArgument* mask = nullptr;
    if (auto it = args.keywords.find("attn_mask"); it != args.keywords.end()) mask = &it->second;
    else if (args.positional.size() > 3) mask = &args.positional[3];
    if (const BuiltinArgument* causal = keyword("is_causal"); mask && causal && literal(causal).value_or(true))
        report(DiagCode::E0505, causal->range,
               {"is_causal", "no `attn_mask` beside it (torch takes one or the other: write `causal[n m]` in the mask)",
                "an `attn_mask`"});
    // The weights' dropout draws with the mode, as `dropout` does.
    const BuiltinArgument* mode = keyword("mode");
    if (mode && mode->type.kind != TypeKind::Mode && mode->type.kind != TypeKind::Unknown)
        report(DiagCode::E0505, mode->range,
               {"mode", "a Mode (`Train(seed=...)`, `Sample(seed=...)` or `Eval`)", in_message(mode->type)});
    if (const BuiltinArgument* p = keyword("dropout_p"); p && !mode)
        report(DiagCode::E0505, p->range,
               {"dropout_p", "a `mode=` beside it, which seeds the draw (and turns it off in `Eval`)", "no mode"});
    if (mask && mask->type.kind != TypeKind::Unknown) {
        TensorType scores = attention_scores(q, k);
        const Type& m = mask->type;
        ElementKind e = m.tensor.element.kind;
        bool floating = e == ElementKind::F32 || e == ElementKind::F16 || e == ElementKind::BF16 ||
                        e == ElementKind::F64 || is_distribution(e);
        if (m.kind != TypeKind::Tensor || !(e == ElementKind::Mask || floating)) {
            report(DiagCode::E0505, mask->range,
                   {"attn_mask", "a Mask or a float bias over the scores' axes, " + axes_text(scores), in_message(m)});
        } else if (MaskPlacement placed = place_attention_mask(scores, m.tensor); !placed.fits) {
            report(DiagCode::E0504, mask->range,
                   {"attn_mask", "a Mask or a float bias over the scores' axes, " + axes_text(scores), placed.why});
        }
    }
    Type out = *qkv[0];
    out.tensor.axes.back() = v.axes.back();
    out.tensor.element = plain_if_distribution(q.element);
    return out;
}

// sort and argsort keep the shape along `over` (argsort gives indices into
// it); topk(x, k, over=n) gives values and indices with `n` cut to k;
// cat(a, b, ..., over=n) joins along `n`, every other axis equal; `n` may
// be an axis of a later part only (a class token `[b 1 D]` before tokens
// `[b N D]`), and the joined axis has its name.
Type FileChecker::ordering_rule(const std::string& name, const BuiltinArguments& args, ByteRange range) {
    if (name == "stack") return stack_rule(args, range);
    // What is sorted or joined is a tensor (`cat(z, E, over=b)` with E a dim).
    bool all_parts = name == "cat";
    for (size_t i = 0; i < (all_parts ? args.positional.size() : std::min<size_t>(1, args.positional.size())); ++i) {
        const Type& t = args.positional[i].type;
        if (t.kind != TypeKind::Tensor && t.kind != TypeKind::Unknown) {
            report(DiagCode::E0505, args.positional[i].range, {all_parts ? "parts" : "x", "a tensor", in_message(t)});
            return Type{};
        }
    }
    if (args.positional.empty() || args.positional[0].type.kind != TypeKind::Tensor) return Type{};
    const TensorType& x = args.positional[0].type.tensor;
    if (has_variadic(x)) {
        // Only a name the type shows (`[..s F]`'s F). gather and scatter
        // are still checked: torch wants their index to have as many axes.
        const AxisType* axis = args.over ? over_axis(args, x) : nullptr;
        if (axis && (name == "gather" || name == "scatter" || name == "scatter_add"))
            return gather_rule(name, args, *axis);
        return Type{};
    }
    if (!args.over) {
        report(DiagCode::E0502, range, {"`" + name + "`", "over"});
        return Type{};
    }
    const TensorType* named = &x;  // the part whose axis `over` names
    if (auto* n = std::get_if<ast::NameExpr>(&args.over->value->node); n && name == "cat")
        for (const BuiltinArgument& part : args.positional) {
            if (part.type.kind != TypeKind::Tensor || part.type.tensor.axes.size() != x.axes.size()) break;
            const auto& axes = part.type.tensor.axes;
            if (std::any_of(axes.begin(), axes.end(), [&](const AxisType& a) { return a.name == n->name.text; })) {
                named = &part.type.tensor;
                break;
            }
        }
    const AxisType* axis = over_axis(args, *named);
    if (!axis) return Type{};
    note_across(range, name, axis->size);
    if (name == "sort") return args.positional[0].type;
    if (name == "gather" || name == "scatter" || name == "scatter_add") return gather_rule(name, args, *axis);
    if (name == "index_add") return index_add_rule(args, *axis);
    if (name == "select_scatter") return select_scatter_rule(args, *axis);
    if (name == "argsort") return indices_into(x, *axis);
    if (name == "topk") return topk_rule(args, *axis);
    return cat_rule(args, *named, *axis);
}

// gather(x, index, over=n): values of x at the positions `index` gives
// along n; the result has index's shape. scatter(x, index, src, over=n)
// writes src there; the result has x's.
Type FileChecker::gather_rule(const std::string& name, const BuiltinArguments& args, const AxisType& over) {
    const TensorType& x = args.positional[0].type.tensor;
    const AxisType* axis = &over;
    if (args.positional.size() < 2 || args.positional[1].type.kind == TypeKind::Unknown) return Type{};
    const Type& index = args.positional[1].type;
    if (index.kind != TypeKind::Tensor) {  // `scatter(x, V, w, over=V)` with V a dim
        report(DiagCode::E0505, args.positional[1].range,
               {"index", "a tensor of Index[" + axis->written + "]", describe(index)});
        return Type{};
    }
    // An Index of the dim E's positions doesn't index D's, of one size.
    const Element& e = index.tensor.element;
    std::optional<std::string> bound_dim =
        e.index_bound ? dim_named(e.bound_written, *e.index_bound) : std::optional<std::string>{};
    std::optional<std::string> over_dim = dim_of(*axis);
    bool other_dim = bound_dim && over_dim && *bound_dim != *over_dim;
    // torch wants as many axes: a group `..s` counts as that many only
    // against itself, in the same place (`[b N ..D]` against `[b k D]` is not).
    std::optional<size_t> x_group = group_position(x), index_group = group_position(index.tensor);
    bool other_groups =
        x_group != index_group || (x_group && x.axes[*x_group].name != index.tensor.axes[*index_group].name);
    if (index.tensor.axes.size() != x.axes.size() || other_groups || e.kind != ElementKind::Index || other_dim ||
        (e.index_bound && !(*e.index_bound == axis->size))) {
        report(DiagCode::E0505, args.positional[1].range,
               {"index",
                "as many axes as the value, with positions along `" + axis->written + "`: Index[" + axis->written + "]",
                in_message(index)});
        return Type{};
    }
    // torch wants the index no larger than the value along every other
    // axis: proven here, or refused.
    auto along = static_cast<size_t>(axis - x.axes.data());
    for (size_t d = 0; d < x.axes.size(); ++d) {
        const AxisType& at = index.tensor.axes[d];
        if (d == along || at.variadic || at_most(at.size, x.axes[d].size)) continue;
        report(DiagCode::E0504, args.positional[1].range,
               {"index", "no larger than the value, " + axes_text(x) + ", along every axis but `" + axis->written + "`",
                "its axis `" + at.written + "` is " + show(at.size) + " where the value's `" + x.axes[d].written +
                    "` is " + show(x.axes[d].size)});
        return Type{};
    }
    if (name == "scatter" || name == "scatter_add") {
        if (args.positional.size() > 2 && args.positional[2].type.kind == TypeKind::Tensor &&
            !same_shape(index.tensor, args.positional[2].type.tensor, nullptr))
            report(DiagCode::E0504, args.positional[2].range,
                   {"src", "the index's shape, " + in_message(index), "it is " + in_message(args.positional[2].type)});
        return args.positional[0].type;
    }
    Type out = index;
    out.tensor.element = x.element;
    return out;
}

// index_add(x, index, src, over=n): `index` is `[k] Index[n]`, `src` is x
// with n cut to k; the result has x's type.
Type FileChecker::index_add_rule(const BuiltinArguments& args, const AxisType& over) {
    const TensorType& x = args.positional[0].type.tensor;
    if (args.positional.size() < 3 || args.positional[1].type.kind == TypeKind::Unknown) return Type{};
    const Type& index = args.positional[1].type;
    const Element* e = index.kind == TypeKind::Tensor ? &index.tensor.element : nullptr;
    if (!e || index.tensor.axes.size() != 1 || e->kind != ElementKind::Index ||
        (e->index_bound && !(*e->index_bound == over.size))) {
        report(DiagCode::E0505, args.positional[1].range,
               {"index", "one axis of positions along `" + over.written + "`: [k] Index[" + over.written + "]",
                in_message(index)});
        return Type{};
    }
    const Type& src = args.positional[2].type;
    if (src.kind == TypeKind::Tensor) {
        TensorType want = x;
        for (AxisType& a : want.axes)
            if (&a - want.axes.data() == &over - x.axes.data()) a = index.tensor.axes[0];
        if (!same_shape(want, src.tensor, nullptr))
            report(DiagCode::E0504, args.positional[2].range,
                   {"src", "the value with `" + over.written + "` as long as the index, " + axes_text(want),
                    "it is " + in_message(src)});
    }
    return args.positional[0].type;
}

// select_scatter(x, src, index, over=n): `src` is x without n; the result
// has x's type.
Type FileChecker::select_scatter_rule(const BuiltinArguments& args, const AxisType& over) {
    const TensorType& x = args.positional[0].type.tensor;
    if (args.positional.size() < 3) return Type{};
    const Type& src = args.positional[1].type;
    if (src.kind == TypeKind::Tensor) {
        TensorType want = x;
        want.axes.erase(want.axes.begin() + (&over - x.axes.data()));
        if (!same_shape(want, src.tensor, nullptr) || src.tensor.element.kind != x.element.kind)
            report(DiagCode::E0504, args.positional[1].range,
                   {"src", "the value without `" + over.written + "`, " + axes_text(want), "it is " + in_message(src)});
    } else if (src.kind != TypeKind::Unknown) {
        report(DiagCode::E0505, args.positional[1].range, {"src", "a tensor", in_message(src)});
    }
    return args.positional[0].type;  // the index's type is its label's, `int`
}

// topk(x, k, over=n): the k largest along n, and their positions.
Type FileChecker::topk_rule(const BuiltinArguments& args, const AxisType& over) {
    const TensorType& x = args.positional[0].type.tensor;
    const AxisType* axis = &over;
    std::optional<Size> k;
    if (args.positional.size() > 1 && args.positional[1].argument) k = size_value(*args.positional[1].argument->value);
    // k past the axis is refused where the sizes prove it; where they
    // don't (a generic axis), the run checks it (ops.topk).
    if (k && at_most(axis->size + Size::constant(1), *k)) {
        report(DiagCode::E0504, args.positional[1].range,
               {"k", "at most the size of `" + axis->written + "`, " + show(axis->size), "it is " + show(*k)});
        return Type{};
    }
    TensorType cut = x;
    for (AxisType& a : cut.axes)
        if (&a - cut.axes.data() == axis - x.axes.data()) {
            a.size = k ? *k : Size::symbol(new_symbol("?k"));
            // The axis keeps its name, cut to k (docs/types.md), so what
            // follows can name it: softmax(top, over=n).
            a.written = args.positional.size() > 1 ? written(args.positional[1].range) : "?k";
        }
    Type values = of_kind(TypeKind::Tensor);
    values.tensor = cut;
    Type out = of_kind(TypeKind::Tuple);
    out.elements.push_back(values);
    out.elements.push_back(indices_into(cut, over));
    return out;
}

// cat(parts..., over=n): every part has the first's axes, the joined one
// aside, which is their sum.
Type FileChecker::cat_rule(const BuiltinArguments& args, const TensorType& named, const AxisType& over) {
    const TensorType& x = args.positional[0].type.tensor;
    const AxisType* axis = &over;
    auto index = static_cast<size_t>(axis - named.axes.data());
    Type out = args.positional[0].type;
    Size total = x.axes[index].size;
    out.tensor.axes[index].name = axis->name;
    for (size_t i = 1; i < args.positional.size(); ++i) {
        const Type& part = args.positional[i].type;
        if (part.kind != TypeKind::Tensor) return Type{};
        bool fits = part.tensor.axes.size() == x.axes.size();
        for (size_t j = 0; fits && j < x.axes.size(); ++j)
            fits = j == index ||
                   (part.tensor.axes[j].size == x.axes[j].size && !distinct_dims(part.tensor.axes[j], x.axes[j]));
        if (!fits) {
            report(DiagCode::E0504, args.positional[i].range,
                   {"part " + std::to_string(i + 1),
                    in_message(args.positional[0].type) + " but along `" + axis->written + "`",
                    "it is " + in_message(part)});
            return Type{};
        }
        total = total + part.tensor.axes[index].size;
        out.tensor.element = promote_elements(out, part);  // as torch.cat does
    }
    out.tensor.axes[index].size = total;
    out.tensor.axes[index].written = show(total);
    return out;
}

// stack(parts..., over=k): parts of one shape (the same axes by name and
// size), a new first axis named k, as many as the parts. Position by
// position along the others (it mixes nothing).
Type FileChecker::stack_rule(const BuiltinArguments& args, ByteRange range) {
    if (args.positional.empty()) {
        report(DiagCode::E0502, range, {"`stack`", "parts"});
        return Type{};
    }
    for (const BuiltinArgument& part : args.positional)
        if (part.type.kind != TypeKind::Tensor) {
            if (part.type.kind != TypeKind::Unknown)
                report(DiagCode::E0505, part.range, {"parts", "a tensor", in_message(part.type)});
            return Type{};
        }
    const TensorType& first = args.positional[0].type.tensor;
    if (!args.over) {
        report(DiagCode::E0502, range, {"`stack`", "over"});
        return Type{};
    }
    auto* axis = std::get_if<ast::NameExpr>(&args.over->value->node);
    bool taken = axis && std::any_of(first.axes.begin(), first.axes.end(),
                                     [&](const AxisType& a) { return a.name == axis->name.text; });
    if (!axis || taken || lookup(axis->name.text)) {
        report(DiagCode::E0419, args.over->value->range,
               {"over", "a new axis's name for stack (to join along an axis the parts have, use cat)",
                "`" + written(args.over->value->range) + "`" + (taken ? ", an axis of the parts" : "")});
        return Type{};
    }
    for (size_t i = 1; i < args.positional.size(); ++i) {
        const TensorType& part = args.positional[i].type.tensor;
        bool same = part.axes.size() == first.axes.size() && !has_variadic(part) && !has_variadic(first);
        for (size_t j = 0; same && j < first.axes.size(); ++j)
            same = part.axes[j].size == first.axes[j].size && part.axes[j].name == first.axes[j].name;
        if (!same) {
            report(DiagCode::E0504, args.positional[i].range,
                   {"part " + std::to_string(i + 1), "the first part's shape, " + in_message(args.positional[0].type),
                    "it is " + in_message(args.positional[i].type)});
            return Type{};
        }
    }
    Type out = args.positional[0].type;
    for (size_t i = 1; i < args.positional.size(); ++i)  // promoted as torch.stack does
        out.tensor.element = promote_elements(out, args.positional[i].type);
    AxisType stacked;
    stacked.name = axis->name.text;
    stacked.size = Size::constant(static_cast<int64_t>(args.positional.size()));
    stacked.written = axis->name.text;
    stacked.origin = args.over->value->range;
    out.tensor.axes.insert(out.tensor.axes.begin(), stacked);
    return out;
}

// arange(start, end[, step]): the numbers from start up to end; its size is
// known when the ends are (dims, numbers, the signature's axes).
Type FileChecker::arange(const std::vector<const ast::Argument*>& arguments) {
    static const char* const kNames[] = {"start", "end", "step"};
    std::vector<std::optional<Size>> values;
    for (const ast::Argument* a : arguments) {
        Type t = type_of(*a->value);
        if (t.kind != TypeKind::Int && t.kind != TypeKind::Unknown) {
            std::string name = a->keyword ? a->keyword->text : kNames[std::min<size_t>(values.size(), 2)];
            report(DiagCode::E0505, a->value->range, {name, "an int", in_message(t)});
            return Type{};
        }
        // A step may count down: `arange(D, 0, -1)`.
        const auto* minus = std::get_if<ast::Unary>(&a->value->node);
        bool negated = values.size() == 2 && minus && minus->op == "-" && minus->operand;
        std::optional<Size> v = a->keyword ? std::nullopt : size_value(negated ? *minus->operand : *a->value);
        values.push_back(v && negated ? std::optional(Size::constant(0) - *v) : v);
    }
    Type out = of_kind(TypeKind::Tensor);
    out.tensor.element.kind = ElementKind::I64;
    out.tensor.element.written = true;
    AxisType axis;
    axis.written = "?k";
    axis.size = Size::symbol(new_symbol("?k"));
    std::optional<Size> size;
    if (values.size() == 1 && values[0]) size = values[0];
    if (values.size() >= 2 && values[0] && values[1]) size = *values[1] - *values[0];
    auto step = values.size() == 3 && values[2] ? values[2]->as_constant() : std::nullopt;
    if (step && *step == 0) {  // torch: "step must be nonzero"
        report(DiagCode::E0505, arguments[2]->value->range, {"step", "a nonzero int", "0"});
        return Type{};
    }
    if (size && values.size() == 3) {
        // A negative step counts down: arange(D, 0, -1) has D values.
        if (step && *step < 0) size = (Size::constant(0) - *size).divide_exact(-*step);
        else size = step ? size->divide_exact(*step) : std::nullopt;
    }
    // A size is known only with arguments: their text is where errors go.
    auto written_args = [&] {
        return ByteRange{arguments.front()->value->range.begin, arguments.back()->value->range.end};
    };
    if (auto value = size ? size->as_constant() : std::nullopt; value && *value < 0) {
        // An end before the start: no tensor (torch refuses it too).
        report(DiagCode::E0420, written_args(), {"arange(" + written(written_args()) + ")", std::to_string(*value)});
        return Type{};
    }
    if (size && size->overflowed()) {
        report_too_large(written_args());
        return Type{};
    }
    if (size) {
        axis.size = *size;
        axis.written = show(*size);
        // Positions counted along an axis read it in order (program.hpp's
        // InOrder): a kept selection's aren't, a served sequence's aren't
        // one request's (analysis/serving.hpp).
        if (!size->as_constant()) record_effect(EffectKind::InOrder, written_args(), "`arange`", *size);
    }
    out.tensor.axes.push_back(std::move(axis));
    return out;
}

// value_and_grad(loss, m, args...): `loss(m, args...)` is checked as a call
// and must give a `[] f32`; the result is that value and the gradients of
// the model `loss` takes first.
Type FileChecker::value_and_grad(const std::vector<const ast::Argument*>& arguments, ByteRange range) {
    auto* fn = arguments.empty() ? nullptr : std::get_if<ast::NameExpr>(&arguments[0]->value->node);
    auto sig = fn && !body_->locals.count(fn->name.text) ? signatures_.find(fn->name.text) : signatures_.end();
    if (sig == signatures_.end()) {
        std::vector<Type> types;
        for (const ast::Argument* a : arguments) types.push_back(type_of(*a->value));
        // The loss is named: a function of this file (a value here is a
        // mistake; a name that isn't a value is E0103 already).
        if (!arguments.empty() && types[0].kind != TypeKind::Unknown)
            report(DiagCode::E0505, arguments[0]->range,
                   {"the loss", "the name of a function of this file", in_message(types[0])});
        return Type{};
    }
    if (const ItemRef* item = lookup(fn->name.text)) reference(*item, fn->name.range);
    std::vector<const ast::Argument*> rest(arguments.begin() + 1, arguments.end());
    // A call site of the loss (program.hpp), bound as the call it stands for.
    call_site_ = open_call(CalleeKind::Function, fn->name.text, fn->name.range, arguments[0]->range, rest, nullptr, {});
    if (call_site_ < result_.program.calls.size()) result_.program.calls[call_site_].passed_as_value = true;
    Type value = call_signature(fn->name.text, sig->second, rest, nullptr, {}, range);
    // The runtime differentiates a 0-d tensor: not one with axes, a number,
    // or the None of a function that returns nothing.
    bool gives_nothing = sig->second.gives_nothing && value.kind == TypeKind::Unknown && value.python;
    if (gives_nothing || (value.kind == TypeKind::Tensor && !value.tensor.axes.empty()) ||
        (value.kind != TypeKind::Tensor && value.kind != TypeKind::Unknown)) {
        report(DiagCode::E0505, arguments[0]->range,
               {"the loss", "a function giving a `[] f32`",
                gives_nothing ? "one that returns nothing" : "one giving " + in_message(value)});
        value = Type{};  // reported: nothing cascades from it
    }
    const auto& params = sig->second.params;
    if (params.empty() || params[0].type.kind != TypeKind::Model) return Type{};
    Type out = of_kind(TypeKind::Tuple);
    out.elements.push_back(value);
    out.elements.push_back(of_kind(TypeKind::Grads, params[0].type.ref));
    return out;
}

}  // namespace ss::check
