// Function bodies: statements in order, the names they assign, returns
// against the signature, and conditions.
#include <algorithm>

#include "check/alignment.hpp"
#include "check/assigned.hpp"
#include "check/builtin_table.hpp"
#include "check/file_checker.hpp"
#include "syntax/walk.hpp"

namespace ss::check {

namespace {

// Every name a statement list assigns, anywhere (for "used before it is
// assigned" versus "undefined").
void collect_assigned(const ast::Block& block, std::map<std::string, ByteRange>& out) {
    auto add_target = [&](const ast::Expr& target) {
        if (auto* name = std::get_if<ast::NameExpr>(&target.node)) out.emplace(name->name.text, name->name.range);
    };
    syntax::for_each_statement(block, [&](const ast::Stmt& stmt) {
        if (auto* a = std::get_if<ast::Assign>(&stmt.node))
            for (const auto& t : a->targets) add_target(*t);
        if (auto* a = std::get_if<ast::AugAssign>(&stmt.node)) add_target(*a->target);
        if (auto* f = std::get_if<ast::For>(&stmt.node))
            for (const ast::Name& n : f->targets) out.emplace(n.text, n.range);
    });
}

}  // namespace

void FileChecker::check_body(const ast::FnDef& fn, Signature& signature) {
    BodyState state;
    state.fn = &fn;
    state.signature = &signature;
    state.scope = signature.scope;
    for (const ParamSig& p : signature.params)
        if (!p.name.empty()) state.locals[p.name] = Local{p.type, p.range, p.is_mut, true, p.fact};
    collect_assigned(fn.body, state.assigned_anywhere);
    noted_sizes_.clear();
    body_ = &state;
    check_block(fn.body);
    body_ = nullptr;
    // A declared return type needs a return on every path (E0602). A body
    // with a syntax error may have lost its return: not reported then.
    if (signature.returns && !always_returns(fn.body) && !fn.body.statements.empty() &&
        std::none_of(fn.body.statements.begin(), fn.body.statements.end(), [](const ast::Stmt& s) {
            return s.has_syntax_error || std::holds_alternative<ast::ErrorStmt>(s.node);
        })) {
        uint32_t end = fn.body.range.end;
        report(DiagCode::E0602, fn.name.range, {fn.name.text, in_message(*signature.returns)},
               {{{end, end}, "the body can end here without a return"}});
    }
    if (!signature.returns) check_inferred_returns(fn);
}

// A fn without a return type that returns a value somewhere gives it on
// every path, or its callers compute with None (E0606); one that returns
// none gives None, which no caller may use (E0511, no_value.cpp).
void FileChecker::check_inferred_returns(const ast::FnDef& fn) {
    if (!returns_a_value(fn.body)) return;
    syntax::for_each_statement(fn.body, [&](const ast::Stmt& s) {
        if (auto* r = std::get_if<ast::Return>(&s.node); r && !r->value)
            report(DiagCode::E0606, s.range, {fn.name.text, "this bare `return`"});
    });
    bool syntax_error = std::any_of(fn.body.statements.begin(), fn.body.statements.end(), [](const ast::Stmt& s) {
        return s.has_syntax_error || std::holds_alternative<ast::ErrorStmt>(s.node);
    });
    if (!always_returns(fn.body) && !syntax_error) {
        uint32_t end = fn.body.range.end;
        report(DiagCode::E0606, fn.name.range, {fn.name.text, "the end of its body"},
               {{{end, end}, "the body can end here without a return"}});
    }
}

// Whether every path through the block ends in a return: its last statement
// returns, or is an if/elif/else whose every branch does.
bool FileChecker::always_returns(const ast::Block& block) const {
    if (block.statements.empty()) return false;
    const ast::Stmt& last = block.statements.back();
    if (std::holds_alternative<ast::Return>(last.node)) return true;
    if (auto* i = std::get_if<ast::If>(&last.node)) {
        if (!i->else_body || !always_returns(*i->else_body)) return false;
        return std::all_of(i->branches.begin(), i->branches.end(),
                           [&](const ast::Branch& b) { return always_returns(b.body); });
    }
    return false;
}

// A name a body assigns (or a loop binds): a local with a fact of its own.
// Assigning the name again makes another fact; the editor treats the facts
// of one name in one function as one variable.
// `type` by value: most callers' is a temporary, moved into the local.
void FileChecker::define_local(const ast::Name& name, Type type, TypeRef shared) {
    SymbolFact& f = result_.symbols.emplace_back();
    f.name = name.text;
    f.kind = SymbolKind::Local;
    f.definition = name.range;
    f.type = shared ? std::move(shared) : fact_type(type, types());
    body_->locals[name.text] = Local{std::move(type), name.range, false, false, result_.symbols.size() - 1};
}

namespace {

bool is_eval(std::string_view name) {
    const Builtin* b = find_builtin(name);
    return b && b->rule == BuiltinRule::EvalMode;
}

}  // namespace

// A use of a built-in (declared by the prelude or the checker, not the file).
void FileChecker::reference_builtin(const ast::Name& name) {
    if (!body_ || muted_) return;
    result_.uses.push_back({name.range, SymbolKind::Builtin, {}, is_eval(name.text)});
}

// A use of a local or parameter, for references and rename. A parameter's
// fact belongs to the environment, so a replayed body must add the use
// again (capture_); a local's fact is the body's own and keeps its uses.
void FileChecker::reference_local(const Local& local, ByteRange at) {
    if (local.fact >= result_.symbols.size()) return;
    result_.symbols[local.fact].references.push_back(at);
    if (capture_ && local.fact < capture_first_symbol_) capture_->references.emplace_back(local.fact, at);
}

void FileChecker::check_block(const ast::Block& block) {
    ++body_->block_depth;
    for (const ast::Stmt& stmt : block.statements) {
        check_python_limits(stmt);
        check_statement(stmt);
    }
    --body_->block_depth;
}

void FileChecker::check_statement(const ast::Stmt& stmt) {
    if (stmt.has_syntax_error) return check_statement_in_error(stmt);
    if (auto* e = std::get_if<ast::ExprStmt>(&stmt.node)) {
        discarded_ = e->expr.get();
        type_of(*e->expr);
        discarded_ = nullptr;
    } else if (auto* a = std::get_if<ast::Assign>(&stmt.node)) {
        check_assign(*a);
    } else if (auto* a = std::get_if<ast::AugAssign>(&stmt.node)) {
        check_aug_assign(*a, stmt.range);
    } else if (auto* r = std::get_if<ast::Return>(&stmt.node)) {
        check_return(*r, stmt.range);
    } else if (auto* i = std::get_if<ast::If>(&stmt.node)) {
        check_if(*i, stmt.range);
    } else if (auto* f = std::get_if<ast::For>(&stmt.node)) {
        check_for(*f);
    }
}

// A statement with a syntax error (reported): what it assigns is of unknown
// type, and the blocks inside it are still checked.
void FileChecker::check_statement_in_error(const ast::Stmt& stmt) {
    if (auto* a = std::get_if<ast::Assign>(&stmt.node))
        for (const auto& t : a->targets)
            if (auto* n = std::get_if<ast::NameExpr>(&t->node)) define_local(n->name, Type{});
    if (auto* i = std::get_if<ast::If>(&stmt.node)) {
        for (const ast::Branch& b : i->branches) check_block(b.body);
        if (i->else_body) check_block(*i->else_body);
    }
    if (auto* f = std::get_if<ast::For>(&stmt.node)) {
        for (const ast::Name& n : f->targets) define_local(n, Type{});
        check_block(f->body);
    }
}

// `x = v`, `q, m.w = v`: a tuple unpacked into as many targets.
void FileChecker::check_assign(const ast::Assign& assignment) {
    const ast::Assign* a = &assignment;
    recorded_for_ = nullptr;
    Type value = type_of(*a->value);
    // A value that is a call, stage or pattern has its type in a fact
    // already: its locals share it (a tuple's elements alias into it).
    TypeRef shared = recorded_for_ == a->value.get() ? result_.expressions.back().type : nullptr;
    if (a->targets.size() > 1)  // `q, m.w = ...`: a field is changed on its own
        for (const auto& t : a->targets)
            if (std::holds_alternative<ast::Attribute>(t->node)) report(DiagCode::E0605, t->range, {written(t->range)});
    if (a->targets.size() == 1) {
        assign(*a->targets[0], std::move(value), shared);  // not read after
        if (auto* n = std::get_if<ast::NameExpr>(&a->targets[0]->node)) {
            if (auto filled = masked_rows_.find(a->value->range.end); filled != masked_rows_.end())
                body_->masked_locals[n->name.text] = filled->second;
            else body_->masked_locals.erase(n->name.text);
        }
    } else if (value.kind == TypeKind::Tuple && value.elements.size() != a->targets.size()) {
        report(DiagCode::E0506, a->value->range,
               {std::to_string(a->targets.size()), std::to_string(value.elements.size()), in_message(value)});
        for (const auto& t : a->targets) assign(*t, Type{});
    } else if (value.kind != TypeKind::Tuple && value.kind != TypeKind::Unknown) {
        // Python would unpack a tensor along its first axis, a model not at all.
        report(DiagCode::E0506, a->value->range,
               {std::to_string(a->targets.size()), "no", in_message(value) + ", not a tuple"});
        for (const auto& t : a->targets) assign(*t, Type{});
    } else {
        for (size_t i = 0; i < a->targets.size(); ++i)
            assign(*a->targets[i], value.kind == TypeKind::Tuple ? value.elements[i] : Type{},
                   shared && value.kind == TypeKind::Tuple ? TypeRef(shared, &shared->elements[i]) : nullptr);
    }
}

// `x += y`, `m.w -= g`: as `x = x + y`, keeping x's shape.
void FileChecker::check_aug_assign(const ast::AugAssign& assignment, ByteRange range) {
    const ast::AugAssign* a = &assignment;
    if (auto* attr = std::get_if<ast::Attribute>(&a->target->node)) field_changed(*attr, a->target->range);
    Type target = type_of(*a->target);
    Type value = type_of(*a->value);
    std::string op = a->op.substr(0, a->op.size() - 1);
    if ((op == "/" || op == "//" || op == "%") && literal_zero(*a->value))
        report(DiagCode::E0308, range, {written(range), std::string(op == "%" ? "a remainder" : "a division")});
    if (refused_for_masks(op, target, value, range)) return;
    Type result = elementwise(target, value, range, a->target->range, a->value->range, op);
    // `x += y` keeps x's layout (the code generator lays y out as x).
    if (target.kind == TypeKind::Tensor && result.kind == TypeKind::Tensor &&
        !same_places(result.tensor.axes, target.tensor.axes))
        report(DiagCode::E0410, range,
               {in_message(target), in_message(value), "`" + a->op + "` keeps the shape of what it changes"});
    // A field is set in place (set_field copies into the parameter), in
    // its own element type: one that `/=` would make floats of (or `+=`
    // of an f32 f16s) refuses the result, which torch would cast back.
    else if (std::holds_alternative<ast::Attribute>(a->target->node) && target.kind == TypeKind::Tensor &&
             result.kind == TypeKind::Tensor && target.tensor.element.kind != result.tensor.element.kind)
        report(DiagCode::E0418, range,
               {"`" + a->op + "` of the field " + in_message(target),
                "a result of its own element type (the field is set in place)", in_message(result)});
    // A local is given the new value, of the type it computes to
    // (`k /= 2` makes a float of an int, `x += y` an f32 of an f16 `x`,
    // as the generated `x = x + y` does).
    else if (std::holds_alternative<ast::NameExpr>(a->target->node) && result.kind != TypeKind::Unknown &&
             (result.kind != target.kind ||
              (target.kind == TypeKind::Tensor && target.tensor.element.kind != result.tensor.element.kind)))
        assign(*a->target, result);
}

// `for i in a..b` counts; `for batch in data |> batches(64)` gives batches,
// each with a batch axis of its own.
void FileChecker::check_for(const ast::For& loop) {
    const ast::For* f = &loop;
    auto* counted = std::get_if<ast::RangeExpr>(&f->iterable->node);
    if (counted) type_range_ends(*counted);
    Type iterable = counted ? Type{} : type_of(*f->iterable);
    // `data |> batches(64)` gives Batch[T]s, each with a batch axis of its own.
    std::optional<Type> batch;
    if (iterable.kind == TypeKind::Batches) batch = make_batch(iterable.ref);
    std::optional<SymbolId> axis = batch ? batch->tensor.axes[0].size.as_symbol() : std::nullopt;
    if (iterable.kind == TypeKind::Batches || iterable.kind == TypeKind::Dataset)
        record_effect(EffectKind::DatasetLoop, f->iterable->range, iterable.ref,
                      batch ? batch->tensor.axes[0].size : Size{});
    // Nothing else is counted or batched: Python refuses a number (`for
    // i in n`: `0..n`), and the items of a tensor, a tuple or a list
    // would be of unknown type, accepted everywhere.
    else if (iterable.kind != TypeKind::Unknown)
        report(DiagCode::E0418, f->iterable->range,
               {"`for`", "a range `a..b`, a dataset or its batches", describe(iterable)});
    // `for i in a..b` counts; `for batch in data |> batches(64)` gives
    // batches; anything else is of unknown type.
    bool counting = std::holds_alternative<ast::RangeExpr>(f->iterable->node);
    // A range counts ints and a dataset gives records, one at a time: no
    // item has parts to unpack (`for l, mode in 0..L`). With `enumerate`,
    // the first target counts the passes and the item's come after it.
    const size_t first_item = f->counted ? 1 : 0, items = f->targets.size() - first_item;
    // A range counts already, and an exported loop over one is a
    // while_loop only as `for i in a..b` (codegen/traced_control.cpp).
    if (f->counted && counting)
        report(DiagCode::E0418, f->iterable->range,
               {"`enumerate`",
                "a dataset or its batches (a range counts already: in `for i in a..b`, `i - a` counts "
                "the passes)",
                "a range"});
    if (items > 1 && (counting || iterable.kind == TypeKind::Batches || iterable.kind == TypeKind::Dataset))
        report(DiagCode::E0506, f->targets[first_item + 1].range,
               {std::to_string(items), "no",
                counting ? "`for` over a range gives one int at a time"
                         : "`for` over data gives one record at a time"});
    for (size_t i = 0; i < f->targets.size(); ++i) {
        Type t;
        if (i < first_item || (counting && items == 1)) t.kind = TypeKind::Int;
        if (i == first_item && batch && items == 1) t = *batch;
        define_local(f->targets[i], std::move(t));
    }
    if (axis) body_->open_batch_axes.insert(*axis);
    check_loop_body(*f);
    if (axis) {
        body_->open_batch_axes.erase(*axis);
        body_->ended_batch_axes.insert(*axis);
    }
}

void FileChecker::assign(const ast::Expr& target, Type type, TypeRef shared) {
    if (auto* name = std::get_if<ast::NameExpr>(&target.node)) {
        // A dim names a size in every type and pattern of the file: a local
        // of that name would mean one thing there and another in the code.
        if (const ItemRef* item = lookup(name->name.text); item && item->kind == SymbolKind::Dim)
            report(DiagCode::E0101, name->name.range, {name->name.text, "a dim"},
                   {{result_.symbols[item->fact].definition, "the dim"}});
        body_->selection_sizes.erase(name->name.text);  // a new value selects anew
        body_->maybe_unassigned.erase(name->name.text);
        body_->mixed_types.erase(name->name.text);
        auto existing = body_->locals.find(name->name.text);
        if (existing != body_->locals.end() && existing->second.is_parameter) {
            existing->second.type = std::move(type);  // rebinding a parameter's name
            return;
        }
        define_local(name->name, std::move(type), std::move(shared));
        return;
    }
    if (auto* attr = std::get_if<ast::Attribute>(&target.node)) {
        field_changed(*attr, target.range);
        // `m.w = ...` changes a model's field: only through a `mut` parameter.
        if (auto* object = std::get_if<ast::NameExpr>(&attr->object->node)) {
            auto local = body_->locals.find(object->name.text);
            if (local != body_->locals.end() && local->second.type.kind == TypeKind::Model && !local->second.is_mut)
                report(DiagCode::E0507, target.range,
                       {"this changes field `" + attr->attribute.text + "` of `" + object->name.text + "`",
                        object->name.text});
        }
        // The runtime keeps a field's shape (set_field): the new value has the field's type.
        Type field = type_of(target);
        if (field.kind != TypeKind::Unknown && type.kind != TypeKind::Unknown &&
            !returns_fit(field, type, body_->signature->scope))
            report(DiagCode::E0510, target.range, {written(target.range), in_message(field), in_message(type)});
        return;
    }
    type_of(target);  // a subscript or something else: typed for its errors
    report(DiagCode::E0605, target.range, {written(target.range)});
}

void FileChecker::check_return(const ast::Return& ret, ByteRange range) {
    const Signature& sig = *body_->signature;
    if (body_->tensor_if_depth > 0) record_effect(EffectKind::ReturnInTensorIf, range, "");
    if (!ret.value) {
        if (sig.returns) report(DiagCode::E0601, range, {in_message(*sig.returns), "nothing"});
        return;
    }
    Type value = type_of(*ret.value);
    // Returned from inside a loop over batches, its batch axis leaves the
    // loop; a size made from the data here leaves as the declared `?k` it
    // is returned as, or, where it isn't one, can't be kept padded.
    for (SymbolId axis : body_->open_batch_axes)
        if (mentions(value, axis))
            record_effect(EffectKind::AcrossAxis, ret.value->range, "returning it", Size::symbol(axis));
    for (SymbolId made : body_->selection_symbols) {
        if (!mentions(value, made)) continue;
        std::set<SymbolId> as = sig.returns ? returned_as(*sig.returns, value, made, sig.scope) : std::set<SymbolId>{};
        if (as.empty()) record_effect(EffectKind::AcrossAxis, ret.value->range, "returning it", Size::symbol(made));
        for (SymbolId declared : as) {
            record_effect(EffectKind::Returned, ret.value->range, symbol_name(declared), Size::symbol(made));
            result_.program.effects.back().returned_as = declared;
        }
    }
    if (!sig.returns) {
        if (value.kind == TypeKind::Unknown) return;
        const std::optional<Type>& first = body_->first_return;
        if (!first) {
            // No return type written: the first known return's type is the
            // inferred one, shown on hover.
            body_->first_return = value;
            if (const ItemRef* item = lookup(body_->fn->name.text)) {
                TypeRef inferred = fact_type(value, types());
                result_.symbols[item->fact].type = inferred;
                if (capture_) capture_->inferred = inferred;
            }
            return;
        }
        // Its callers take whatever it gives as it comes: a tensor on one
        // path and a number or a string on another would reach a torch
        // function that takes only one of them.
        if ((first->kind == TypeKind::Tensor) != (value.kind == TypeKind::Tensor) ||
            (first->kind == TypeKind::Str) != (value.kind == TypeKind::Str))
            report(DiagCode::E0601, ret.value->range,
                   {in_message(*first) + " (its first `return` gives that, and no return type is declared)",
                    in_message(value)});
        return;
    }
    if (value.kind == TypeKind::Unknown || sig.returns->kind == TypeKind::Unknown) return;
    const Type& declared = *sig.returns;
    if (!returns_fit(declared, value, sig.scope))
        report(DiagCode::E0601, ret.value->range, {in_message(declared), in_message(value)});
}

// The declared result's `?k` sizes (symbols no parameter binds) where
// `value`, returned, has the size `made` and nothing else mentions it; none
// when it is anywhere else (inside a group, in a size of several symbols).
std::set<SymbolId> FileChecker::returned_as(const Type& declared, const Type& value, SymbolId made,
                                            const SignatureScope& scope) const {
    std::set<SymbolId> out;
    bool elsewhere = false;
    auto walk = [&](auto& self, const Type& d, const Type& v) -> void {
        if (d.kind == TypeKind::Tuple && v.kind == TypeKind::Tuple && d.elements.size() == v.elements.size()) {
            for (size_t i = 0; i < d.elements.size(); ++i) self(self, d.elements[i], v.elements[i]);
            return;
        }
        if (!mentions(v, made)) return;
        if (d.kind != TypeKind::Tensor || v.kind != TypeKind::Tensor || d.tensor.axes.size() != v.tensor.axes.size() ||
            (v.tensor.element.index_bound && mentions(*v.tensor.element.index_bound, made))) {
            elsewhere = true;
            return;
        }
        for (size_t i = 0; i < d.tensor.axes.size(); ++i) {
            const AxisType &da = d.tensor.axes[i], &va = v.tensor.axes[i];
            if (!mentions(va.size, made)) continue;
            auto declared = da.size.as_symbol();
            bool unbound = declared && !da.variadic && !va.variadic &&
                           std::none_of(scope.generics.begin(), scope.generics.end(),
                                        [&](const auto& g) { return g.second == *declared; });
            if (va.size.as_symbol() == made && unbound) out.insert(*declared);
            else elsewhere = true;
        }
    };
    walk(walk, declared, value);
    return elsewhere ? std::set<SymbolId>{} : out;
}

// Whether a returned value is of the declared type; a tuple item by item.
bool FileChecker::returns_fit(const Type& declared, const Type& value, const SignatureScope& scope) const {
    if (value.kind == TypeKind::Unknown || declared.kind == TypeKind::Unknown) return true;
    if (declared.kind == TypeKind::Tensor && value.kind == TypeKind::Tensor) {
        // An Index of the dim E's positions is not an Index[D], whatever the sizes.
        const Element &d = declared.tensor.element, &v = value.tensor.element;
        if (d.index_bound && v.index_bound &&
            dims_apart(d.bound_written, *d.index_bound, v.bound_written, *v.index_bound))
            return false;
        return same_shape(declared.tensor, value.tensor, &scope) &&
               element_fits(declared.tensor.element, value.tensor.element, false) &&
               distribution_fits(declared.tensor, value.tensor);
    }
    if (declared.kind == TypeKind::Float && (value.kind == TypeKind::Int || value.kind == TypeKind::Float)) return true;
    if (declared.kind != value.kind) return false;
    if (declared.kind == TypeKind::Model || declared.kind == TypeKind::Data) return declared.ref == value.ref;
    if (declared.kind == TypeKind::Tuple) {
        if (declared.elements.size() != value.elements.size()) return false;
        for (size_t i = 0; i < declared.elements.size(); ++i)
            if (!returns_fit(declared.elements[i], value.elements[i], scope)) return false;
    }
    return true;
}

Type FileChecker::check_condition(const ast::Expr& condition) {
    Type t = type_of(condition);
    bool ok = t.kind == TypeKind::Unknown || t.kind == TypeKind::Bool ||
              (t.kind == TypeKind::Tensor && t.tensor.axes.empty() && t.tensor.element.kind == ElementKind::Mask);
    if (!ok) report(DiagCode::E0603, condition.range, {in_message(t)});
    return t;
}

// `m.w = e` or `m.w += e`: a field changed (device work, as a step does),
// and the caller's model too when `m` is a `mut` parameter.
void FileChecker::field_changed(const ast::Attribute& attr, ByteRange range) {
    std::string object = written(attr.object->range);
    record_effect(EffectKind::ChangesField, range, object + "." + attr.attribute.text);
    record_effect(EffectKind::DeviceWork, range, "changes field `" + attr.attribute.text + "`");
    const ast::Expr* root = attr.object.get();
    while (auto* a = std::get_if<ast::Attribute>(&root->node)) root = a->object.get();
    if (auto* n = std::get_if<ast::NameExpr>(&root->node); n && mut_parameter(n->name.text))
        record_effect(EffectKind::ChangesMutParameter, range, n->name.text);
}

// A variadic group `..s` stands for the same axes only where it is the same
// group, in the same place: `[..s D]` is not `[t D]`, nor `[..s]`.
bool FileChecker::same_shape(const TensorType& declared, const TensorType& value, const SignatureScope* scope) const {
    if (scope)  // a group no parameter binds is E0421 already
        for (const AxisType& a : declared.axes)
            if (a.variadic && !scope->variadic_groups.count(a.name.value_or(""))) return true;
    if (declared.axes.size() != value.axes.size()) return false;
    for (size_t i = 0; i < declared.axes.size(); ++i) {
        if (declared.axes[i].variadic || value.axes[i].variadic) {
            if (declared.axes[i].variadic != value.axes[i].variadic || declared.axes[i].name != value.axes[i].name)
                return false;
            continue;
        }
        // A declared size with a symbol the parameters don't bind (`?k`, or
        // an axis already reported by E0406) is known only at run time.
        bool runtime = false;
        if (scope)
            for (SymbolId id : declared.axes[i].size.symbols())
                runtime = runtime || std::none_of(scope->generics.begin(), scope->generics.end(),
                                                  [&](const auto& g) { return g.second == id; });
        if (!runtime && !(declared.axes[i].size == value.axes[i].size)) return false;
        if (distinct_dims(declared.axes[i], value.axes[i])) return false;    // `[E]` is not `[D]`, whatever their sizes
        if (reordered_group(declared.axes[i], value.axes[i])) return false;  // `(b T)` is not `(T b)`
    }
    return true;
}

}  // namespace ss::check
