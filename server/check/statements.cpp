// Function bodies: statements in order, the names they assign, returns
// against the signature, and conditions.
#include <algorithm>

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

// The interface of the file: every item's text but function bodies. A
// body's check depends on nothing else (and on the prelude, which is fixed).
std::string interface_key(const std::vector<const ast::Item*>& items, std::string_view text) {
    std::string all;
    for (const ast::Item* item : items) {
        uint32_t end = item->range.end;
        if (auto* fn = std::get_if<ast::FnDef>(&item->node)) end = fn->body.range.begin;
        if (item->range.begin <= end && end <= text.size())
            all.append(text.substr(item->range.begin, end - item->range.begin));
        all.push_back('\0');
        // The kind too: a function and the error item that replaces it can
        // cover the same header text.
        all.push_back(static_cast<char>('0' + item->node.index()));
    }
    return std::to_string(std::hash<std::string>{}(all)) + ":" + std::to_string(all.size());
}

namespace {

bool inside(ByteRange r, ByteRange item) { return r.begin >= item.begin && r.end <= item.end; }

void shift(SymbolFact& fact, int64_t d) {
    fact.definition = shifted(fact.definition, d);
    for (ByteRange& r : fact.references) r = shifted(r, d);
}

void shift_call(CallSite& c, int64_t d) {
    c.range = shifted(c.range, d);
    c.callee_range = shifted(c.callee_range, d);
    for (ArgumentBinding& a : c.arguments)
        if (a.source != ArgumentSource::Default) a.range = shifted(a.range, d);
}

// Whether `size` names a symbol from `first` on.
bool mentions(const Size& size, SymbolId first) {
    for (SymbolId id : size.symbols())
        if (id >= first) return true;
    return false;
}

bool mentions(const Type& t, SymbolId first) {
    for (const AxisType& a : t.tensor.axes)
        if (mentions(a.size, first)) return true;
    if (t.tensor.element.index_bound && mentions(*t.tensor.element.index_bound, first)) return true;
    for (const Type& e : t.elements)
        if (mentions(e, first)) return true;
    return false;
}

Size renumbered(const Size& size, SymbolId first, int64_t delta) {
    return size.substitute([&](SymbolId id) -> std::optional<Size> {
        if (id < first) return std::nullopt;
        return Size::symbol(static_cast<SymbolId>(static_cast<int64_t>(id) + delta));
    });
}

void renumber(Type& t, SymbolId first, int64_t delta) {
    for (AxisType& a : t.tensor.axes) a.size = renumbered(a.size, first, delta);
    if (t.tensor.element.index_bound)
        t.tensor.element.index_bound = renumbered(*t.tensor.element.index_bound, first, delta);
    for (Type& e : t.elements) renumber(e, first, delta);
}

// A replayed call site's axis bindings, the body's own symbols (a `?k` it
// passes on) renumbered like its types'; the callee's axes are below `first`.
void renumber(CallSite& c, SymbolId first, int64_t delta) {
    if (delta == 0) return;
    for (AxisBinding& b : c.axes) {
        b.size = renumbered(b.size, first, delta);
        for (AxisType& a : b.covered) a.size = renumbered(a.size, first, delta);
    }
}

// A replayed body's type, its own symbols (from `first` on) renumbered to
// where the replay put them; shared as it is when nothing moves.
TypeRef renumbered(const TypeRef& type, SymbolId first, int64_t delta, TypeTable& table) {
    if (!type || delta == 0 || !mentions(*type, first)) return type;
    Type out = *type;
    renumber(out, first, delta);
    return table.intern(std::move(out));
}

}  // namespace

// Checks a body, or replays what checking it gave last time when the key
// (the file's interface and the function's text) is the same.
void FileChecker::check_or_replay_body(const ast::Item& item, const ast::FnDef& fn, Signature& signature,
                                       const std::string& interface) {
    if (!cache_ || typed_) {  // typed_: every expression's type is wanted, so nothing is replayed
        check_body(fn, signature);
        return;
    }
    std::string key = interface + "\n" + std::string(text_.substr(item.range.begin, item.range.end - item.range.begin));
    if (!result_.program.functions.empty())
        result_.program.functions.back().key =
            std::to_string(std::hash<std::string>{}(key)) + ":" + std::to_string(key.size());
    auto base = static_cast<int64_t>(item.range.begin);
    if (auto hit = cache_->entries.find(key); hit != cache_->entries.end()) {
        const BodyRecord& r = hit->second;
        auto first = static_cast<SymbolId>(symbol_names_.size());
        int64_t delta = static_cast<int64_t>(first) - static_cast<int64_t>(r.first_symbol);
        symbol_names_.insert(symbol_names_.end(), r.symbol_names.begin(), r.symbol_names.end());
        for (Diagnostic d : r.diagnostics) {
            shift(d, base);
            result_.diagnostics.push_back(std::move(d));
        }
        for (SymbolFact f : r.symbols) {
            shift(f, base);
            f.type = renumbered(f.type, r.first_symbol, delta, types());
            result_.symbols.push_back(std::move(f));
        }
        for (NameUse u : r.uses) {
            u.at = shifted(u.at, base);
            if (u.kind == SymbolKind::PatternAxis) u.definition = shifted(u.definition, base);
            result_.uses.push_back(u);
        }
        for (ExpressionFact e : r.expressions) {
            e.range = shifted(e.range, base);
            e.type = renumbered(e.type, r.first_symbol, delta, types());
            result_.expressions.push_back(std::move(e));
        }
        for (CallSite c : r.program.calls) {
            shift_call(c, base);
            renumber(c, r.first_symbol, delta);
            result_.program.calls.push_back(std::move(c));
        }
        for (Effect e : r.program.effects) {
            e.range = shifted(e.range, base);
            result_.program.effects.push_back(std::move(e));
        }
        for (const auto& [fact, at] : r.references)
            if (fact < result_.symbols.size()) result_.symbols[fact].references.push_back(shifted(at, base));
        if (r.inferred)
            if (const ItemRef* ref = lookup(fn.name.text))
                result_.symbols[ref->fact].type = renumbered(r.inferred, r.first_symbol, delta, types());
        used_.emplace(std::move(key), std::move(hit->second));
        return;
    }
    BodyRecord record;
    size_t first_diagnostic = result_.diagnostics.size(), first_expression = result_.expressions.size(),
           first_use = result_.uses.size();
    size_t first_call = result_.program.calls.size(), first_effect = result_.program.effects.size();
    capture_ = &record;
    capture_first_symbol_ = result_.symbols.size();
    record.first_symbol = static_cast<SymbolId>(symbol_names_.size());
    check_body(fn, signature);
    capture_ = nullptr;
    record.symbol_names.assign(symbol_names_.begin() + record.first_symbol, symbol_names_.end());
    // Keep it only if everything it gave lies inside the function: a range
    // elsewhere (a related location in a model, say) could move without the
    // key changing.
    bool keep = true;
    for (size_t i = first_diagnostic; i < result_.diagnostics.size(); ++i) {
        Diagnostic d = result_.diagnostics[i];
        keep = keep && inside(d.range, item.range);
        for (const RelatedInfo& rel : d.related) keep = keep && inside(rel.range, item.range);
        shift(d, -base);
        record.diagnostics.push_back(std::move(d));
    }
    for (size_t i = capture_first_symbol_; i < result_.symbols.size(); ++i) {
        SymbolFact f = result_.symbols[i];
        keep = keep && inside(f.definition, item.range);
        for (ByteRange r : f.references) keep = keep && inside(r, item.range);
        shift(f, -base);
        record.symbols.push_back(std::move(f));
    }
    for (size_t i = first_use; i < result_.uses.size(); ++i) {
        NameUse u = result_.uses[i];
        keep = keep && inside(u.at, item.range);
        u.at = shifted(u.at, -base);
        if (u.kind == SymbolKind::PatternAxis) u.definition = shifted(u.definition, -base);
        record.uses.push_back(u);
    }
    for (size_t i = first_expression; i < result_.expressions.size(); ++i) {
        ExpressionFact e = result_.expressions[i];
        keep = keep && inside(e.range, item.range);
        e.range = shifted(e.range, -base);
        record.expressions.push_back(std::move(e));
    }
    for (size_t i = first_call; i < result_.program.calls.size(); ++i) {
        CallSite c = result_.program.calls[i];
        keep = keep && inside(c.range, item.range) && inside(c.callee_range, item.range);
        for (const ArgumentBinding& a : c.arguments)
            keep = keep && (a.source == ArgumentSource::Default || inside(a.range, item.range));
        shift_call(c, -base);
        record.program.calls.push_back(std::move(c));
    }
    for (size_t i = first_effect; i < result_.program.effects.size(); ++i) {
        Effect e = result_.program.effects[i];
        keep = keep && inside(e.range, item.range);
        e.range = shifted(e.range, -base);
        record.program.effects.push_back(std::move(e));
    }
    for (auto& [fact, at] : record.references) {
        keep = keep && inside(at, item.range);
        at = shifted(at, -base);
    }
    if (keep) used_.emplace(std::move(key), std::move(record));
}

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
        report(DiagCode::E0602, fn.name.range, {fn.name.text, describe(*signature.returns)},
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
void FileChecker::define_local(const ast::Name& name, const Type& type, TypeRef shared) {
    body_->locals[name.text] = Local{type, name.range, false, false, result_.symbols.size()};
    SymbolFact& f = result_.symbols.emplace_back();
    f.name = name.text;
    f.kind = SymbolKind::Local;
    f.definition = name.range;
    f.type = shared ? std::move(shared) : fact_type(type, types());
}

// A use of a built-in (declared by the prelude or the checker, not the file).
void FileChecker::reference_builtin(const ast::Name& name) {
    if (!body_ || muted_) return;
    result_.uses.push_back({name.range, SymbolKind::Builtin, {}, name.text == "Eval"});
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
    for (const ast::Stmt& stmt : block.statements) check_statement(stmt);
}

void FileChecker::check_statement(const ast::Stmt& stmt) {
    if (stmt.has_syntax_error) {
        // Reported as a syntax error; what it assigns is of unknown type, and
        // the blocks inside it are still checked.
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
        return;
    }
    if (auto* e = std::get_if<ast::ExprStmt>(&stmt.node)) {
        type_of(*e->expr);
    } else if (auto* a = std::get_if<ast::Assign>(&stmt.node)) {
        recorded_for_ = nullptr;
        Type value = type_of(*a->value);
        // A value that is a call, stage or pattern has its type in a fact
        // already: its locals share it (a tuple's elements alias into it).
        TypeRef shared = recorded_for_ == a->value.get() ? result_.expressions.back().type : nullptr;
        if (a->targets.size() == 1) {
            assign(*a->targets[0], value, shared);
        } else if (value.kind == TypeKind::Tuple && value.elements.size() != a->targets.size()) {
            report(DiagCode::E0506, a->value->range,
                   {std::to_string(a->targets.size()), std::to_string(value.elements.size()), describe(value)});
            for (const auto& t : a->targets) assign(*t, Type{});
        } else {
            for (size_t i = 0; i < a->targets.size(); ++i)
                assign(*a->targets[i], value.kind == TypeKind::Tuple ? value.elements[i] : Type{},
                       shared && value.kind == TypeKind::Tuple ? TypeRef(shared, &shared->elements[i]) : nullptr);
        }
    } else if (auto* a = std::get_if<ast::AugAssign>(&stmt.node)) {
        if (auto* attr = std::get_if<ast::Attribute>(&a->target->node)) field_changed(*attr, a->target->range);
        Type target = type_of(*a->target);
        Type value = type_of(*a->value);
        elementwise(target, value, stmt.range, a->target->range, a->value->range, false);
    } else if (auto* r = std::get_if<ast::Return>(&stmt.node)) {
        check_return(*r, stmt.range);
    } else if (auto* i = std::get_if<ast::If>(&stmt.node)) {
        for (const ast::Branch& b : i->branches) {
            if (check_condition(*b.condition).kind == TypeKind::Tensor)
                record_effect(EffectKind::TensorIf, b.condition->range, written(b.condition->range));
            check_block(b.body);
        }
        if (i->else_body) check_block(*i->else_body);
    } else if (auto* f = std::get_if<ast::For>(&stmt.node)) {
        Type iterable = type_of(*f->iterable);
        if (iterable.kind == TypeKind::Batches || iterable.kind == TypeKind::Dataset)
            record_effect(EffectKind::DatasetLoop, f->iterable->range, iterable.ref);
        // `for i in a..b` counts; `for batch in data |> batches(64)` gives
        // batches; anything else is of unknown type.
        bool counting = std::holds_alternative<ast::RangeExpr>(f->iterable->node);
        for (const ast::Name& n : f->targets) {
            Type t;
            if (counting && f->targets.size() == 1) t.kind = TypeKind::Int;
            if (iterable.kind == TypeKind::Batches && f->targets.size() == 1)
                t = make_batch(iterable.ref);  // data |> batches(64) gives Batch[T]s
            define_local(n, t);
        }
        check_block(f->body);
    }
}

void FileChecker::assign(const ast::Expr& target, const Type& type, TypeRef shared) {
    if (auto* name = std::get_if<ast::NameExpr>(&target.node)) {
        auto existing = body_->locals.find(name->name.text);
        if (existing != body_->locals.end() && existing->second.is_parameter) {
            existing->second.type = type;  // rebinding a parameter's name
            return;
        }
        define_local(name->name, type, std::move(shared));
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
        type_of(target);
        return;
    }
    type_of(target);  // a subscript or something else: typed for its errors
}

void FileChecker::check_return(const ast::Return& ret, ByteRange range) {
    const Signature& sig = *body_->signature;
    if (!ret.value) {
        if (sig.returns) report(DiagCode::E0601, range, {describe(*sig.returns), "nothing"});
        return;
    }
    Type value = type_of(*ret.value);
    if (!sig.returns) {
        // No return type written: the first known return's type is the
        // inferred one, shown on hover.
        const ItemRef* item = lookup(body_->fn->name.text);
        if (item && value.kind != TypeKind::Unknown && !body_->inferred_shown) {
            TypeRef inferred = fact_type(value, types());
            result_.symbols[item->fact].type = inferred;
            if (capture_) capture_->inferred = inferred;
            body_->inferred_shown = true;
        }
        return;
    }
    if (value.kind == TypeKind::Unknown || sig.returns->kind == TypeKind::Unknown) return;
    const Type& declared = *sig.returns;
    bool fits = true;
    if (declared.kind == TypeKind::Tensor && value.kind == TypeKind::Tensor)
        fits = same_shape(declared.tensor, value.tensor, &sig.scope) &&
               element_fits(declared.tensor.element, value.tensor.element, false);
    else if (declared.kind == TypeKind::Float && (value.kind == TypeKind::Int || value.kind == TypeKind::Float))
        fits = true;
    else if (declared.kind != value.kind) fits = false;
    else if (declared.kind == TypeKind::Model || declared.kind == TypeKind::Data) fits = declared.ref == value.ref;
    if (!fits) report(DiagCode::E0601, ret.value->range, {describe(declared), describe(value)});
}

Type FileChecker::check_condition(const ast::Expr& condition) {
    Type t = type_of(condition);
    bool ok = t.kind == TypeKind::Unknown || t.kind == TypeKind::Bool ||
              (t.kind == TypeKind::Tensor && t.tensor.axes.empty() && t.tensor.element.kind == ElementKind::Mask);
    if (!ok) report(DiagCode::E0603, condition.range, {describe(t)});
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

bool FileChecker::same_shape(const TensorType& declared, const TensorType& value, const SignatureScope* scope) const {
    if (has_variadic(declared) || has_variadic(value)) return true;  // `..s`: not compared here
    if (declared.axes.size() != value.axes.size()) return false;
    for (size_t i = 0; i < declared.axes.size(); ++i) {
        // A declared size with a symbol the parameters don't bind (`?k`, or
        // an axis already reported by E0406) is known only at run time.
        bool runtime = false;
        if (scope)
            for (SymbolId id : declared.axes[i].size.symbols())
                runtime = runtime || std::none_of(scope->generics.begin(), scope->generics.end(),
                                                  [&](const auto& g) { return g.second == id; });
        if (!runtime && !(declared.axes[i].size == value.axes[i].size)) return false;
    }
    return true;
}

}  // namespace ss::check
