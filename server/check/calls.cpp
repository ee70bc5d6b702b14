// Calls and pipes: `f(args)` and `x |> f(args)` (which is `f(x, args)`)
// against a function's or extern function's signature. Generic axes are
// bound from the arguments' sizes, the same symbol everywhere in the
// signature; compound sizes linear in one unknown (`n+1`, `16gh`) are solved.
#include <algorithm>
#include <utility>

#include "check/alignment.hpp"
#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/few_names.hpp"
#include "check/file_checker.hpp"
#include "check/patterns.hpp"
#include "check/prelude.hpp"
#include "check/suggest.hpp"
#include "syntax/keywords.hpp"

namespace ss::check {

Type FileChecker::type_of_pattern(const ast::Expr& expr, const Type* piped) {
    const ast::PatternCall& call = *std::get<ast::PatternCallPtr>(expr.node);
    std::vector<Type> operands;
    operands.reserve(call.operands.size() + (piped ? 1 : 0));
    if (piped) operands.push_back(*piped);
    for (const auto& operand : call.operands) operands.push_back(type_of(*operand));
    for (const ast::Argument& argument : call.arguments)
        if (!std::holds_alternative<ast::NameExpr>(argument.value->node)) type_of(*argument.value);
    Type out = check_pattern_call(call, operands, *this);
    record_pattern_axes(call);
    note_pattern_across(call, expr.range, operands, out);
    return out;
}

// A pattern keeps an operand's axis position by position when the output
// names it as the input does, as an axis of its own (`b n D -> n b D`
// keeps `b`); otherwise it reduces it (`reduce`'s masked reductions),
// contracts it (einsum) or groups or splits it: across the axis, for
// padding (program.hpp's AcrossAxis). It is the name that says, not the
// size: in `b n m, b m D -> b n D` with `m` of size `n`, the keys' axis is
// contracted though the queries' axis of that size is kept. Where the
// pattern doesn't give each axis a place (a variadic group), an axis is kept
// when the result has one of its size.
void FileChecker::note_pattern_across(const ast::PatternCall& call, ByteRange range, const std::vector<Type>& operands,
                                      const Type& result) {
    if (result.kind == TypeKind::Unknown) return;
    const Type& kept = result.kind == TypeKind::Tuple && !result.elements.empty() ? result.elements[0] : result;
    if (kept.kind != TypeKind::Tensor) return;
    bool reduce = syntax::pattern_function(call.function.text) == syntax::PatternFunction::Reduce;
    auto in_output = [&](const std::string& name) {  // as an axis of its own
        return std::any_of(call.pattern.output.axes.begin(), call.pattern.output.axes.end(),
                           [&](const ast::AxisPtr& a) {
                               return a && a->kind == ast::AxisKind::Name && a->name.text == name;
                           });
    };
    for (size_t k = 0; k < operands.size(); ++k) {
        const Type& operand = operands[k];
        if (operand.kind != TypeKind::Tensor) continue;
        const ast::PatternSide* side = k < call.pattern.inputs.size() ? &call.pattern.inputs[k] : nullptr;
        bool positional = side && side->axes.size() == operand.tensor.axes.size() &&
                          std::none_of(operand.tensor.axes.begin(), operand.tensor.axes.end(),
                                       [](const AxisType& a) { return a.variadic; });
        for (size_t j = 0; j < operand.tensor.axes.size(); ++j) {
            const AxisType& axis = operand.tensor.axes[j];
            if (axis.variadic || axis.size.as_constant()) continue;
            const ast::Axis* place = positional ? side->axes[j].get() : nullptr;
            bool named = place && place->kind == ast::AxisKind::Name;
            bool same =
                positional ? named && in_output(place->name.text)
                           : std::any_of(kept.tensor.axes.begin(), kept.tensor.axes.end(),
                                         [&](const AxisType& a) { return !a.variadic && a.size.identical(axis.size); });
            if (same) continue;
            // reduce's reduction is masked over an axis the pattern names as
            // it is; one it splits (`(p q) f -> p`) is grouped.
            note_across(range, "`" + call.function.text + "`", axis.size, reduce && named);
        }
    }
}

// The axes a pattern names (every name in it but dims, which the pattern's
// rule references): each place, and each size argument (`h=H`), is a use of
// the axis the call first writes there.
void FileChecker::record_pattern_axes(const ast::PatternCall& call) {
    if (muted_) return;
    std::map<std::string, ByteRange> first;
    auto name = [&](const ast::Name& n) {
        if (n.missing || n.text.empty()) return;
        if (const ItemRef* item = lookup(n.text); item && item->kind == SymbolKind::Dim) return;
        ByteRange defined = first.emplace(n.text, n.range).first->second;
        result_.uses.push_back({n.range, SymbolKind::PatternAxis, defined});
    };
    auto axis = [&](auto& self, const ast::Axis& a) -> void {
        if (a.kind == ast::AxisKind::Name || a.kind == ast::AxisKind::Variadic || a.kind == ast::AxisKind::Scaled)
            name(a.name);
        for (const ast::AxisPtr& child : a.children)
            if (child) self(self, *child);
    };
    auto side = [&](const ast::PatternSide& s) {
        for (const ast::AxisPtr& a : s.axes)
            if (a) axis(axis, *a);
    };
    for (const ast::PatternSide& s : call.pattern.inputs) side(s);
    side(call.pattern.output);
    for (const ast::Argument& argument : call.arguments)
        if (argument.keyword)
            if (auto it = first.find(argument.keyword->text); it != first.end())
                result_.uses.push_back({argument.keyword->range, SymbolKind::PatternAxis, it->second});
}

Type FileChecker::type_of_call(const ast::Expr& callee, const std::vector<const ast::Argument*>& arguments,
                               const Type* piped, ByteRange piped_range, ByteRange range) {
    // A built-in typed by its arguments only has them checked against its
    // table's labels (`cosine(peak, steps: int)`).
    // `host`, when given, is what takes the values to Python (`print`, `the
    // Python function torch.sort`): each axis of a tensor given to it is
    // worked across, for padding.
    auto type_arguments = [&](const Builtin* builtin = nullptr, const std::string& host = "") {
        size_t position = piped ? 1 : 0;
        auto to_host = [&](const Type& t, ByteRange at) {
            if (!host.empty()) note_across_every_axis(at, host, t);
        };
        if (piped && builtin) check_builtin_argument(*builtin, 0, nullptr, *piped, piped_range);
        if (piped) to_host(*piped, piped_range);
        for (const ast::Argument* a : arguments)
            // `over=m` names an axis, not a value: nothing to type.
            if (!(a->keyword && a->keyword->text == "over")) {
                Type t = type_of(*a->value);
                if (builtin) check_builtin_argument(*builtin, a->keyword ? 0 : position++, a, t, a->range);
                to_host(t, a->range);
            }
    };
    // The call site, as resolved here (program.hpp); call_signature binds
    // the one call_site_ names.
    auto open = [&](CalleeKind kind, std::string name, ByteRange at) {
        return open_call(kind, std::move(name), at, range, arguments, piped, piped_range);
    };
    // `layers.block(m, x)`: a function of an imported file, called as one of
    // this file is (by the name written, which its tables know).
    std::optional<ast::Name> member = module_member(callee);
    // `layers.Block.init(...)` is a model's, below.
    if (auto* attr = std::get_if<ast::Attribute>(&callee.node); member && !lookup(member->text))
        if (std::optional<ast::Name> object = module_member(*attr->object); object && lookup(object->text))
            member.reset();
    const auto* plain = std::get_if<ast::NameExpr>(&callee.node);
    if (member || plain) {
        const ast::Name& callee_name = member ? *member : plain->name;
        const std::string& f = callee_name.text;
        if (member || !body_->locals.count(f)) {
            const ItemRef* item = member ? lookup_member(*member) : lookup(f);
            if (item && !member) reference(*item, callee_name.range);
            if (!item && member) {
                open(CalleeKind::Unresolved, f, callee_name.range);
                type_arguments();
                return Type{};  // E0112 said the module has no such name
            }
            if (item) {
                auto sig = signatures_.find(f);
                if ((item->kind == SymbolKind::Function || item->kind == SymbolKind::ExternFunction) &&
                    sig != signatures_.end()) {
                    call_site_ =
                        open(item->kind == SymbolKind::Function ? CalleeKind::Function : CalleeKind::ExternFunction, f,
                             callee_name.range);
                    return call_signature(f, sig->second, arguments, piped, piped_range, range);
                }
                open(CalleeKind::Unresolved, f, callee_name.range);
                report(DiagCode::E0508, callee_name.range, {f, std::string(kind_phrase(item->kind))});
                type_arguments();
                return Type{};
            }
            if (auto prelude = prelude_signatures_.find(f); prelude != prelude_signatures_.end()) {
                reference_builtin(callee_name);
                size_t site = call_site_ = open(CalleeKind::Builtin, f, callee_name.range);
                Type out = call_signature(f, prelude->second, arguments, piped, piped_range, range);
                call_effects(site, arguments, piped_range);
                if (const Builtin* b = find_builtin(f); b && b->distribution)
                    as_distribution(out, *b->distribution, arguments, piped != nullptr);
                return out;
            }
            size_t site = open(CalleeKind::Builtin, f, callee_name.range);
            // `normal(0.02)` in a body: only a model's field is made by an
            // initialiser. `zeros(x)`: the constructor takes a type first.
            if (const Builtin* b = find_builtin(f); b && b->typing == BuiltinTyping::Initializer) {
                reference_builtin(callee_name);
                if (f == "zeros" || f == "ones")
                    report(DiagCode::E0513, range,
                           {"`" + f + "`", "a tensor type first, as `" + f + "([b H])`", "none"});
                else report(DiagCode::E0103, callee_name.range, {f, std::string(kInitializerPhrase), "a function"});
                type_arguments();
                return Type{};
            }
            // `Eval(x)`, `x |> Eval`: the mode is a value (the code
            // generator would write the mode and drop `x`).
            if (const Builtin* b = find_builtin(f); b && b->rule == BuiltinRule::EvalMode) {
                reference_builtin(callee_name);
                report(DiagCode::E0508, callee_name.range, {f, "the evaluation mode, a value"});
                type_arguments();
                return Type{};
            }
            if (const Builtin* b = find_builtin(f);
                b && b->is_call && b->rule != BuiltinRule::Constructor &&
                !check_builtin_arity(f, builtin_labels(*b), arguments, piped != nullptr, range)) {
                reference_builtin(callee_name);
                call_effects(site, arguments, piped_range);
                type_arguments();
                return Type{};
            }
            call_site_ = site;  // a rule may bind the call's axes (attention)
            std::optional<Type> typed = type_of_builtin(f, arguments, piped, piped_range, range);
            if (typed || is_builtin(f)) {
                reference_builtin(callee_name);
                call_effects(site, arguments, piped_range);
                if (typed) return *typed;
                const Builtin* b = find_builtin(f);
                // print, save, log: a value given to them reaches the host whole.
                type_arguments(b, b && b->host_only && b->effect ? "`" + f + "`" : "");
                if (b && b->result == "schedule") return of_kind(TypeKind::Schedule);  // cosine, warmup
                return Type{};                                                         // a built-in nothing types yet
            }
            if (site < result_.program.calls.size()) result_.program.calls[site].kind = CalleeKind::Unresolved;
        } else {
            open(CalleeKind::Unresolved, f, callee_name.range);
        }
        not_callable(callee, type_of_name(callee_name));  // or reports an undefined name
        type_arguments();
        return Type{};
    }
    // `Mlp.init(seed=0)` makes a model.
    if (auto* attr = std::get_if<ast::Attribute>(&callee.node)) {
        // `layers.Block.init(seed=0)` too.
        std::optional<ast::Name> model_member = module_member(*attr->object);
        const auto* model_name = std::get_if<ast::NameExpr>(&attr->object->node);
        const ast::Name* object = model_member ? &*model_member : model_name ? &model_name->name : nullptr;
        // A local or a generic axis of that name shadows the model, as in
        // every other expression (type_of_name): `Lin.init` of an axis `Lin`
        // is an int's attribute.
        if (object && (model_member || !shadows_item(object->text))) {
            const ItemRef* item = model_member ? lookup_member(*model_member) : lookup(object->text);
            if (item && item->kind == SymbolKind::Model) {
                open(CalleeKind::ModelInit, object->text + "." + attr->attribute.text, callee.range);
                if (!model_member) reference(*item, object->range);
                for (const ast::Argument* a : arguments)  // the seed is an int (`Mlp.init(seed=test)`)
                    if (Type t = type_of(*a->value); t.kind != TypeKind::Int && t.kind != TypeKind::Unknown &&
                                                     (!a->keyword || a->keyword->text == "seed"))
                        report(DiagCode::E0505, a->range, {"seed", "an int", in_message(t)});
                if (attr->attribute.text != "init") {
                    report(DiagCode::E0106, attr->attribute.range,
                           {object->text, attr->attribute.text, "; a model's one method is `init(seed=...)`"});
                    return Type{};
                }
                // The runtime's `init(seed=0)` (runtime/shapescript/models.py).
                static const std::vector<BuiltinLabel> kInitLabels = {builtin_label("seed?: int")};
                if (!check_builtin_arity(object->text + ".init", kInitLabels, arguments, piped != nullptr, range))
                    return Type{};
                Type model;
                model.kind = TypeKind::Model;
                model.ref = key_of(*item, object->text);
                return model;
            }
            if (model_member && !item) {
                open(CalleeKind::Unresolved, written(callee.range), callee.range);
                type_arguments();
                return Type{};  // E0112 said the module has no such name
            }
        }
        // `torch.sort(x)`, `shapescript.datasets.digits()`: through an `import python`.
        const ast::Expr* root = &callee;
        while (auto* a = std::get_if<ast::Attribute>(&root->node)) root = a->object.get();
        if (auto* n = std::get_if<ast::NameExpr>(&root->node); n && !shadows_item(n->name.text))
            if (const ItemRef* item = lookup(n->name.text); item && item->kind == SymbolKind::PythonModule) {
                open(CalleeKind::Python, written(callee.range), callee.range);
                type_of(callee);
                type_arguments(nullptr, "the Python function `" + written(callee.range) + "`");
                // Python refuses a name given twice before it calls anything.
                FewNames named;
                for (const ast::Argument* a : arguments)
                    if (a->keyword && !named.insert(a->keyword->text))
                        report(DiagCode::E0509, a->keyword->range,
                               {"the Python function `" + written(callee.range) + "`", a->keyword->text, ""});
                return python_value();
            }
    }
    open(CalleeKind::Unresolved, written(callee.range), callee.range);
    Type type = type_of(callee);
    // A call's result is no function (`load(path)(path)`), unless Python's.
    const ast::Expr* root = &callee;
    while (auto* c = std::get_if<ast::Call>(&root->node)) root = c->callee.get();
    while (auto* a = std::get_if<ast::Attribute>(&root->node)) root = a->object.get();
    auto* module = std::get_if<ast::NameExpr>(&root->node);
    const ItemRef* item = module && !body_->locals.count(module->name.text) ? lookup(module->name.text) : nullptr;
    bool python_call = item && item->kind == SymbolKind::PythonModule;
    if (std::holds_alternative<ast::Call>(callee.node) && type.kind == TypeKind::Unknown && !python_call)
        report(DiagCode::E0508, callee.range, {written(callee.range), "a call's result"});
    else not_callable(callee, type);
    type_arguments();
    return python_call ? python_value() : Type{};
}

// A call of a value (`x |> w`, `x |> 0`, `arange(0, 4, 1)(x)`): E0508,
// unless the value's type is unknown (an error already said why).
void FileChecker::not_callable(const ast::Expr& callee, const Type& type) {
    if (type.kind == TypeKind::Unknown) return;
    report(DiagCode::E0508, callee.range, {written(callee.range), "a value of type " + in_message(type)});
}

// The prelude's extern functions, resolved in this file's checker (sizes are
// symbols of one checker). Its mistakes are for test_prelude to find, not
// for the user: reports and facts are dropped.
void FileChecker::load_prelude() {
    muted_ = true;
    // Sizes as written (`..s`) are read from the prelude's own text.
    std::string_view user_text = text_;
    text_ = prelude_text();
    size_t facts = result_.symbols.size();
    for (const ast::Item& item : prelude_ast().items)
        if (auto* fn = std::get_if<ast::ExternFn>(&item.node)) {
            Signature sig = resolve_signature(fn->name, fn->params, fn->return_type, true);
            // Its positions are in the prelude's text, not the user's: no
            // related location may point there.
            auto forget = [](auto& self, Type& t) -> void {
                for (AxisType& a : t.tensor.axes) a.origin = {};
                for (Type& e : t.elements) self(self, e);
            };
            for (ParamSig& p : sig.params) {
                forget(forget, p.type);
                p.range = {};
            }
            if (sig.returns) forget(forget, *sig.returns);
            sig.name_range = {};
            prelude_signatures_.emplace(fn->name.text, std::move(sig));
        }
    result_.symbols.resize(facts);
    prelude_symbols_end_ = static_cast<SymbolId>(symbol_names_.size());
    text_ = user_text;
    muted_ = false;
}

// A parameter's type for a message. A prelude parameter is written with the
// caller's axes its generic axes and groups are bound to so far, and `_`
// (an axis) or `...` (a group) for the rest: the prelude's own names mean
// nothing in the caller's file.
std::string FileChecker::expected_text(const Type& param, const CallBindings& b, bool prelude, bool any_float) const {
    if (!prelude || param.kind != TypeKind::Tensor) return in_message(param, any_float);
    // A size with the bindings: the caller's axis it came from, by its name
    // (`from_name`), or its value; `_` while unbound.
    auto bound = [&](const Size& size, std::string& written, std::optional<std::string>* from_name) {
        auto symbol = size.as_symbol();
        if (symbol && b.from.count(*symbol)) {
            const AxisType* from = b.from.at(*symbol);
            written = from->written;
            if (from_name) *from_name = from->name;
            return from->size;
        }
        bool unbound = false;
        Size out = size.substitute([&](SymbolId id) -> std::optional<Size> {
            auto it = b.sizes.find(id);
            if (it == b.sizes.end()) unbound = true;
            return it == b.sizes.end() ? std::nullopt : std::optional(it->second);
        });
        if (unbound) written = "_";
        else if (!size.as_constant()) written = show(out);
        if (from_name) from_name->reset();
        return out;
    };
    Type t = param;
    std::vector<AxisType> axes;
    std::string over;
    for (const AxisType& axis : param.tensor.axes) {
        if (axis.variadic) {
            auto group = b.variadic.find(axis.name.value_or(""));
            if (group != b.variadic.end()) {
                axes.insert(axes.end(), group->second.begin(), group->second.end());
            } else {
                AxisType rest;
                rest.variadic = true;
                rest.written = "...";
                axes.push_back(rest);
            }
            continue;
        }
        AxisType a = axis;
        a.size = bound(axis.size, a.written, &a.name);
        if (axis.name && *axis.name == param.tensor.element.over && a.name) over = *a.name;
        axes.push_back(std::move(a));
    }
    t.tensor.axes = std::move(axes);
    Element& e = t.tensor.element;
    e.over = over;
    if (e.index_bound) {
        e.index_bound = bound(*e.index_bound, e.bound_written, nullptr);
        if (e.bound_written == "_") e.bound_written.clear();
    }
    return in_message(t, any_float);
}

// E0425: `masked_fill(att, mask, -inf)` then a softmax over an axis the
// mask doesn't have: along that axis a row is all -inf wherever the mask
// is true, and its softmax NaN (a padding mask of the queries where the
// keys' was meant). masked_fill with -inf records its mask's axes by the
// end of its expression; a softmax over it (piped, an argument, or a local
// given it: statements.cpp) checks its axis against them.
void FileChecker::note_masked_rows(const std::string& name, const Signature& sig,
                                   const std::vector<const ast::Argument*>& given, const std::vector<Type>& types,
                                   const Type* piped, ByteRange piped_range, ByteRange range) {
    auto param = [&](const char* wanted) -> std::optional<size_t> {
        for (size_t i = 0; i < sig.params.size(); ++i)
            if (sig.params[i].name == wanted) return i;
        return std::nullopt;
    };
    const Builtin* builtin = find_builtin(name);
    if (!builtin) return;
    if (builtin->fills_masked) {
        auto mask = param("mask"), value = param("value");
        if (!mask || !value || !given[*value] || types[*mask].kind != TypeKind::Tensor) return;
        const ast::Expr* v = given[*value]->value.get();
        auto* neg = std::get_if<ast::Unary>(&v->node);
        if (!neg || neg->op != "-" || !std::holds_alternative<ast::InfLiteral>(neg->operand->node)) return;
        std::vector<std::string> axes;
        for (const AxisType& a : types[*mask].tensor.axes) {
            if (!a.name || a.variadic) return;  // a group or an unnamed axis: can't tell
            axes.push_back(*a.name);
        }
        masked_rows_[range.end] = MaskedRows{std::move(axes), range};
        return;
    }
    if (!builtin->distribution) return;
    auto x = param("x"), over = param("over");
    if (!x || !over || !given[*over]) return;
    auto* axis = std::get_if<ast::NameExpr>(&given[*over]->value->node);
    if (!axis) return;
    const MaskedRows* filled = nullptr;
    if (piped) {
        auto it = masked_rows_.find(piped_range.end);
        if (it != masked_rows_.end()) filled = &it->second;
    } else if (given[*x]) {
        const ast::Expr& arg = *given[*x]->value;
        if (auto it = masked_rows_.find(arg.range.end); it != masked_rows_.end()) filled = &it->second;
        else if (auto* local = std::get_if<ast::NameExpr>(&arg.node); local && body_)
            if (auto l = body_->masked_locals.find(local->name.text); l != body_->masked_locals.end())
                filled = &l->second;
    }
    if (!filled || std::count(filled->axes.begin(), filled->axes.end(), axis->name.text)) return;
    std::string axes;
    for (const std::string& a : filled->axes) axes += (axes.empty() ? "" : " ") + a;
    report(DiagCode::E0425, range, {name, axis->name.text, axes},
           {{filled->at, "`-inf` fills here, by a `[" + axes + "]` mask"}});
}

// Binds the generic axes of a parameter's tensor type to an argument's
// sizes; false (after reporting E0504) when they can't agree. A variadic
// group `..s` binds to the argument's axes it covers; when an earlier
// argument already bound it, a parameter that is just `[..s]` accepts any
// tensor that aligns with those axes by name, either way round (the
// prelude's broadcasting rule).
bool FileChecker::bind_tensor(const TensorType& param, const TensorType& arg, CallBindings& b,
                              const std::string& param_name, ByteRange at, bool prelude, bool is_extern) {
    // An argument that fails binds nothing: a later argument is checked
    // against what the others say, not against this one's mistake.
    b.last_sizes.clear();
    b.last_group.reset();
    b.last_group_was.reset();
    auto fail = [&](const std::string& found) {
        b.undo_last();
        Type expected;
        expected.kind = TypeKind::Tensor;
        expected.tensor = param;
        report(DiagCode::E0504, at, {param_name, expected_text(expected, b, prelude, is_extern), found});
        return false;
    };
    if (has_variadic(arg)) {
        // A parameter that is just a group takes such an argument's axes
        // whole, its own group among them (`exp(x)` of `[..t D]` is
        // `[..t D]`). One with axes beside its group (`[..s D]`) takes
        // them one to one from the ends when the argument's group falls
        // among what its own covers (`..s` is `..t` of a `[..t D]`), below.
        // Any other can't be told from the argument's type (`[..t]` for a
        // `[..s D]`, `[..t D]` for an `[n D]`): the group may hold any
        // number of axes, as a return's type may not (E0601).
        std::optional<size_t> own = group_position(param), theirs = group_position(arg);
        bool placed =
            own && param.axes.size() > 1 && *theirs >= *own && arg.axes.size() - *theirs >= param.axes.size() - *own;
        if (param.axes.size() == 1 && param.axes[0].variadic) {
            const std::string& group = param.axes[0].name.value_or("");
            if (!b.variadic.count(group)) {
                b.variadic[group] = arg.axes;
                b.last_group = group;
            }
        }
        if (param.axes.size() == 1 && param.axes[0].variadic) return true;
        if (!placed) return fail("it has axes " + axes_text(arg) + ", whose group may hold any number of axes");
    }
    auto variadic = std::find_if(param.axes.begin(), param.axes.end(), [](const AxisType& a) { return a.variadic; });
    std::vector<const AxisType*> params, args;  // the axes matched one to one
    if (variadic != param.axes.end()) {
        const std::string& group = variadic->name.value_or("");
        auto before = static_cast<size_t>(variadic - param.axes.begin());
        size_t after = param.axes.size() - before - 1;
        auto known = b.variadic.find(group);
        if (known != b.variadic.end() && param.axes.size() == 1 && b.groups_broadcast) {
            // Every axis of the smaller of the two is an axis of the larger,
            // by name and size, as elementwise arithmetic aligns them; the
            // group becomes the larger (the code generator lays every
            // argument out as the result).
            TensorType bound;
            bound.axes = known->second;
            // An axis written `1` stands for the other's axis in its place,
            // as in elementwise arithmetic (elementwise_by_place).
            if (std::optional<std::vector<AxisType>> axes = elementwise_by_place(arg, bound)) {
                if (!same_axes(*axes, bound.axes)) {
                    b.last_group = group;
                    b.last_group_was = known->second;
                    known->second = std::move(*axes);
                }
                return true;
            }
            const AxisType* bad = misaligned_axis(arg, bound);
            if (!bad) return true;
            if (!misaligned_axis(bound, arg)) {
                b.last_group = group;
                b.last_group_was = known->second;
                known->second = arg.axes;
                return true;
            }
            report(DiagCode::E0504, at,
                   {param_name, "a tensor whose axes align by name with " + axes_text(bound),
                    "its axis `" + bad->written + "` does not"});
            return false;
        }
        if (arg.axes.size() < before + after)
            return fail("it has " + std::to_string(arg.axes.size()) + " axes, " + axes_text(arg));
        std::vector<AxisType> covered(arg.axes.begin() + static_cast<std::ptrdiff_t>(before),
                                      arg.axes.end() - static_cast<std::ptrdiff_t>(after));
        if (known != b.variadic.end()) {
            bool same = known->second.size() == covered.size();
            // The same axes: equal sizes, and never two dims of one size
            // (`[D E]` then `[E D]` with D = E) nor a group's factors reordered.
            for (size_t i = 0; same && i < covered.size(); ++i)
                same = known->second[i].variadic == covered[i].variadic &&
                       (!covered[i].variadic || known->second[i].name == covered[i].name) &&
                       known->second[i].size == covered[i].size && !distinct_dims(known->second[i], covered[i]) &&
                       !reordered_group(known->second[i], covered[i]);
            if (!same)
                return fail(prelude ? "it has axes " + axes_text(arg)
                                    : "`.." + group + "` is bound to other axes by an earlier argument");
        } else {
            b.variadic[group] = covered;
            b.last_group = group;
        }
        for (size_t i = 0; i < before; ++i) params.push_back(&param.axes[i]), args.push_back(&arg.axes[i]);
        for (size_t i = 0; i < after; ++i)
            params.push_back(&param.axes[before + 1 + i]), args.push_back(&arg.axes[arg.axes.size() - after + i]);
    } else {
        if (param.axes.size() != arg.axes.size())
            return fail("it has " + std::to_string(arg.axes.size()) + " axes, " + axes_text(arg));
        for (size_t i = 0; i < param.axes.size(); ++i) params.push_back(&param.axes[i]), args.push_back(&arg.axes[i]);
    }
    auto value_of = [&](SymbolId id) -> std::optional<Size> {
        auto it = b.sizes.find(id);
        return it == b.sizes.end() ? std::nullopt : std::optional(it->second);
    };
    // Two passes: plain symbols first, so `[n n+1]` binds n from the first.
    for (int pass = 0; pass < 2; ++pass)
        for (size_t i = 0; i < params.size(); ++i) {
            const AxisType& p = *params[i];
            const AxisType& a = *args[i];
            if (pass == 0 && reordered_group(p, a))  // `(T b)` for a `(b T)`: not its layout, whatever binds
                return fail("its axis `" + a.written + "` has the factors of " + axes_text(param) + "'s `" + p.written +
                            "` in another order: the same numbers laid out differently");
            Size expected = p.size.substitute(value_of);
            auto linear = expected.as_linear();
            bool plain = linear && linear->coefficient == 1 && linear->offset == 0;
            if (pass == 0 && !plain) continue;
            bool solvable = linear && !value_of(linear->symbol);
            if (solvable) {
                if (auto solved = solve(*linear, a.size)) {
                    b.sizes[linear->symbol] = *solved;
                    // The caller's axis is the symbol's only when it is all of it:
                    // `(h 2)` of an `S` makes `h` half of S, not S.
                    if (plain) b.from[linear->symbol] = &a;
                    else b.parts.insert(linear->symbol);
                    if (auto dim = plain ? dim_of(a) : std::nullopt) b.dims[linear->symbol] = *dim;
                    b.last_sizes.push_back(linear->symbol);
                    continue;
                }
            }
            // A generic axis bound to one dim takes no other of its size:
            // `g(x: [n], y: [n])` given a `[D]` and an `[E]`.
            if (auto own = p.size.as_symbol(); own && !solvable)
                if (auto known = b.dims.find(*own); known != b.dims.end())
                    if (std::optional<std::string> dim = dim_of(a); dim && known->second != *dim)
                        return fail("its axis `" + a.written + "` is the dim " + *dim + ", where `" + p.written +
                                    "` is the dim " + known->second + " (both are " + show(a.size) + ")");
            if (!(expected == a.size)) {
                // The prelude's `C` means nothing to the caller: its value does.
                std::string needed = prelude ? show(expected) : "`" + p.written + "` = " + show(expected);
                std::string found = "its axis `" + a.written + "` is " + show(a.size) + ", where " +
                                    (prelude ? std::string("the call") : axes_text(param)) + " needs " + needed;
                if (solvable && a.size.as_constant())
                    found += ", and " + show(a.size - Size::constant(linear->offset)) + " is not a multiple of " +
                             std::to_string(linear->coefficient);
                return fail(found);
            }
            // Names mean what they say: the dim E is not the dim D, however
            // equal their sizes (the prelude's names are its own generics).
            if (!prelude && distinct_dims(p, a))
                return fail("its axis `" + a.written + "` is the dim " + *dim_of(a) + ", where " + axes_text(param) +
                            " needs the dim " + *dim_of(p) + " (both are " + show(a.size) + ")");
        }
    return true;
}

// `softmax(x, over=m)` of an f32 value, or of a distribution (logits
// above all), is a `Prob over m` (the table's `distribution`); `over` may be
// given by keyword or in its place.
void FileChecker::as_distribution(Type& result, ElementKind kind, const std::vector<const ast::Argument*>& arguments,
                                  bool piped) {
    if (result.kind != TypeKind::Tensor) return;
    if (ElementKind e = result.tensor.element.kind; e != ElementKind::F32 && !is_distribution(e)) return;
    const ast::Argument* over = nullptr;
    size_t positional = piped ? 1 : 0;
    for (const ast::Argument* a : arguments) {
        if (a->keyword ? a->keyword->text == "over" : positional == 1) over = a;
        if (!a->keyword) ++positional;
    }
    auto* name = over ? std::get_if<ast::NameExpr>(&over->value->node) : nullptr;
    if (!name) return;
    for (const AxisType& a : result.tensor.axes)
        if (!a.variadic && a.name == name->name.text) {
            result.tensor.element = Element{kind, std::nullopt, "", name->name.text, true};
            return;
        }
}

// Whether every size of a call's result is an exact size: the arguments'
// sizes put in the return type can overflow 64 bits (`[n * 2^62]` with n = 4)
// or make a constant below 0 (`[n - 3]` with n = 2); each is an error at
// the call, and the result is unknown.
bool FileChecker::exact_sizes(const Type& result, ByteRange range) {
    std::vector<const Type*> tensors;
    if (result.kind == TypeKind::Tensor) tensors.push_back(&result);
    for (const Type& e : result.elements)
        if (e.kind == TypeKind::Tensor) tensors.push_back(&e);
    for (const Type* t : tensors)
        for (const AxisType& axis : t->tensor.axes) {
            if (axis.size.overflowed()) {
                report_too_large(range);
                return false;
            }
            if (auto value = axis.size.as_constant(); value && *value < 0) {
                report(DiagCode::E0420, range, {axis.written, std::to_string(*value)});
                return false;
            }
        }
    return true;
}

// `ids: [..s] Index[V]` given an `Index[W]` binds V = W, so a later
// `table: [V D]` must have W rows (embedding's table against the ids' bound).
// Binds a parameter's `Index[V]` from an argument's bound; what is wrong
// when V is bound already to another dim of the same size (an Index[E]
// where the classes are D), else nothing.
std::optional<std::string> FileChecker::bind_index_bound(const Element& param, const Element& arg,
                                                         CallBindings& bindings) {
    if (!param.index_bound || !arg.index_bound) return std::nullopt;
    auto symbol = param.index_bound->as_symbol();
    if (!symbol) return std::nullopt;
    std::optional<std::string> dim = dim_named(arg.bound_written, *arg.index_bound);
    if (!bindings.sizes.count(*symbol)) {
        bindings.sizes[*symbol] = *arg.index_bound;
        if (dim) bindings.dims[*symbol] = *dim;
        return std::nullopt;
    }
    auto known = bindings.dims.find(*symbol);
    if (dim && known != bindings.dims.end() && known->second != *dim)
        return "an Index of the dim " + *dim + "'s positions, where the call needs the dim " + known->second +
               "'s (both are " + show(*arg.index_bound) + ")";
    return std::nullopt;
}

// A parameter's element with the call's bindings in its `Index[V]` bound;
// a bound still naming an unbound axis is not compared.
Element FileChecker::bound_element(const Element& element, const CallBindings& bindings) {
    Element out = element;
    if (!out.index_bound) return out;
    bool unbound = false;
    Size bound = out.index_bound->substitute([&](SymbolId id) -> std::optional<Size> {
        auto it = bindings.sizes.find(id);
        if (it == bindings.sizes.end()) {
            unbound = true;
            return std::nullopt;
        }
        return it->second;
    });
    if (unbound) out.index_bound.reset();
    else out.index_bound = bound;
    return out;
}

// `over=m`: the name of an axis of the first tensor argument (E0419).
const AxisType* FileChecker::check_axis_argument(const ast::Argument& argument, const TensorType* first_tensor,
                                                 const std::string& param_name) {
    std::optional<std::string> name = axis_argument(*argument.value);
    if (!name) {
        report(DiagCode::E0419, argument.value->range,
               {param_name, "an axis name, such as `over=n`", axis_written(*argument.value, first_tensor)});
        return nullptr;
    }
    if (!first_tensor) return nullptr;  // nothing to check it against
    if (axes_named(*first_tensor, *name) > 1) {
        report(DiagCode::E0419, argument.value->range,
               {param_name, "an axis the value has once", named_twice(*name, *first_tensor)});
        return nullptr;
    }
    auto found = std::find_if(first_tensor->axes.begin(), first_tensor->axes.end(),
                              [&](const AxisType& a) { return !a.variadic && a.name == *name; });
    if (found != first_tensor->axes.end()) return &*found;
    report(DiagCode::E0419, argument.value->range,
           {param_name, "an axis of the value, " + axes_text(*first_tensor) + variadic_note(*first_tensor),
            axis_written(*argument.value, first_tensor)});
    return nullptr;
}

// What an axis argument found, for E0419: a number is torch's `dim=`,
// which the message turns into the axis's name (of `x`, when known).
std::string FileChecker::axis_written(const ast::Expr& value, const TensorType* x) {
    std::string text = "`" + written(value.range) + "`";
    const auto* literal = std::get_if<ast::IntLiteral>(&value.node);
    bool negative = false;
    if (auto* minus = std::get_if<ast::Unary>(&value.node); minus && minus->op == "-" && minus->operand) {
        literal = std::get_if<ast::IntLiteral>(&minus->operand->node);
        negative = true;
    }
    if (!literal || !literal->value) return text;
    text += ", a position: axes are named, never counted";
    auto rank = static_cast<int64_t>(x ? x->axes.size() : 0);
    int64_t at = negative ? rank - *literal->value : *literal->value;
    if (x && !has_variadic(*x) && at >= 0 && at < rank && x->axes[static_cast<size_t>(at)].name)
        return text + "; that one is `" + *x->axes[static_cast<size_t>(at)].name + "`";
    return text + "; one written as a size has no name until `as` gives it one (`x as [b F]`)";
}

// The axis an `over=` argument names, as this file spells it: `n`, `D`,
// `layers.D` (a dim of another file); nothing for any other expression.
std::optional<std::string> FileChecker::axis_argument(const ast::Expr& value) const {
    if (auto* name = std::get_if<ast::NameExpr>(&value.node)) return axis_spelling(name->name.text);
    if (std::optional<ast::Name> member = module_member(value)) return axis_spelling(member->text);
    return std::nullopt;
}

// The return type with the call's bindings: sizes substituted, variadic
// groups expanded, axes named as the caller's arguments named them, and an
// unwritten element type taken from the first tensor argument whose
// parameter doesn't write one (`where(c, a, b)` takes `a`'s, not the mask's).
Type FileChecker::instantiate_return(const Type& returns, const CallBindings& bindings, const TensorType* first_tensor,
                                     std::map<SymbolId, Size>* fresh) {
    Type out = returns;
    std::vector<Type*> tensors;
    if (out.kind == TypeKind::Tensor) tensors.push_back(&out);
    for (Type& e : out.elements)
        if (e.kind == TypeKind::Tensor) tensors.push_back(&e);
    // An axis of the parameters that no argument bound (its argument was of
    // unknown type) leaves the result unknown: no guessed sizes.
    for (Type* t : tensors)
        for (const AxisType& axis : t->tensor.axes) {
            if (axis.variadic && !bindings.variadic.count(axis.name.value_or(""))) return Type{};
            for (SymbolId id : axis.size.symbols())
                if (!bindings.sizes.count(id) && symbol_name(id).rfind('?', 0) != 0) return Type{};
        }
    // A symbol no argument binds (a `?k`) is a fresh size at each call.
    std::map<SymbolId, Size> sizes = bindings.sizes;
    auto value_of = [&](SymbolId id) -> std::optional<Size> {
        auto it = sizes.find(id);
        if (it == sizes.end()) {
            it = sizes.emplace(id, Size::symbol(new_symbol(symbol_name(id)))).first;
            if (fresh) fresh->emplace(id, it->second);
        }
        return it->second;
    };
    for (Type* t : tensors) {
        std::vector<AxisType> axes;
        axes.reserve(t->tensor.axes.size());
        Element& element = t->tensor.element;
        std::optional<size_t> over_at;  // where the distribution's axis lands, renamed as the caller named it
        for (const AxisType& axis : t->tensor.axes) {
            if (axis.variadic) {
                const auto& group = bindings.variadic.at(axis.name.value_or(""));
                axes.insert(axes.end(), group.begin(), group.end());
                continue;
            }
            if (!element.over.empty() && axis.name == element.over) over_at = axes.size();
            AxisType a = axis;
            auto symbol = a.size.as_symbol();
            if (symbol && bindings.from.count(*symbol)) {
                const AxisType* from = bindings.from.at(*symbol);
                a.name = from->name;
                a.written = from->written;
                a.factors = from->factors;
                a.dim = from->dim;
                a.origin = from->origin;
            }
            a.size = a.size.substitute(value_of);
            if (symbol && bindings.parts.count(*symbol)) {  // shown by its size: `16`, `S/2` never `S`
                a.name.reset();
                a.written = show(a.size);
                a.dim.reset();
                a.factors.clear();
            }
            axes.push_back(std::move(a));
        }
        if (over_at) {
            if (axes[*over_at].name) element.over = *axes[*over_at].name;
            else element = plain_if_distribution(element);
        }
        t->tensor.axes = std::move(axes);
        if (!element.written && first_tensor) element = first_tensor->element;
        // `-> [..s] Index[C]`: the bound as the caller's axis (`sample`).
        else if (element.index_bound) {
            auto symbol = element.index_bound->as_symbol();
            element = bound_element(element, bindings);
            if (element.index_bound)
                element.bound_written = symbol && bindings.from.count(*symbol) ? bindings.from.at(*symbol)->written
                                                                               : show(*element.index_bound);
        }
    }
    return out;
}

}  // namespace ss::check
