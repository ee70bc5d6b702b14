// Expressions, one method per node kind: literals, names, operators with
// their operands aligned by axis name, `@`, ranges, pipes, attributes,
// tuples and lists, `causal`; and sizes as Python numbers. Calls are
// calls.cpp's, `as` conversions.cpp's, subscripts subscripts.cpp's,
// patterns patterns.cpp's.
#include <cctype>

#include "check/builtin_table.hpp"
#include "check/matmul.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

Py atom(std::string text) { return {std::move(text), kAtom}; }

Py int_literal(const ast::IntLiteral& i) {
    // The checker lets only -9223372036854775808 through (E0307): its digits.
    if (!i.value) return {"9223372036854775808", kAtom};
    return {std::to_string(*i.value), *i.value < 0 ? kUnary : kAtom};
}

Py float_literal(const ast::FloatLiteral& f) {
    std::string t = py_float(f.value);
    return {t, t[0] == '-' ? kUnary : kAtom};
}

// A binary operator's precedence in Python, but for `@`, `and` and `or`.
int precedence_of(const std::string& op) {
    return op == "+" || op == "-"                              ? kAdd
           : op == "*" || op == "/" || op == "//" || op == "%" ? kMul
           : op == "**"                                        ? kPower
           : op == "&"                                         ? kBitAnd
           : op == "|"                                         ? kBitOr
                                                               : kCompare;
}

}  // namespace

const check::Type* Emitter::type_of(const ast::Expr& e) const {
    auto it = typed_.expression_types.find(&e);
    return it == typed_.expression_types.end() ? nullptr : &it->second;
}

std::string Emitter::size(const check::Size& s) {
    if (auto c = s.as_constant()) return std::to_string(*c);
    std::string missing;
    std::string text = s.to_string([&](check::SymbolId id) -> std::string {
        std::string name = id < symbol_names_.size() ? symbol_names_[id] : "?";
        if (fn_) {
            if (fn_->parameter_source.count(id)) {
                auto [it, fresh] = fn_->variable.emplace(id, "");
                if (fresh) {
                    std::string base = "_ss_";
                    for (char c : name) base += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                    // An axis called `rt` or `pads` must not hide the generated `_ss_rt`, `_ss_pads`.
                    if (generated_name(base)) base = "_ss_ax" + base.substr(3);
                    std::string v = base;
                    for (int k = 2; fn_->variable_names.count(v); ++k) v = base + std::to_string(k);
                    fn_->variable_names.insert(v);
                    it->second = v;
                }
                fn_->needed.insert(id);
                return it->second;
            }
            if (auto src = fn_->locals.read.find(id); src != fn_->locals.read.end()) return src->second;
        }
        missing = name;
        return name;
    });
    if (!missing.empty())
        throw CodegenError{{}, "the size `" + missing + "` is used as a number where no value's shape gives it"};
    size_t caret;
    while ((caret = text.find('^')) != std::string::npos) text.replace(caret, 1, "**");
    return text.find_first_of(" *") == std::string::npos ? text : "(" + text + ")";
}

// The size symbol of the function's generic axis (or an axis an `as`
// named) called `name`, when a parameter's or a local's shape gives it.
std::optional<check::SymbolId> Emitter::axis_named(const std::string& name) const {
    if (!fn_) return std::nullopt;
    for (const auto* sources : {&fn_->parameter_source, &fn_->locals.read})
        for (const auto& [id, source] : *sources)
            if (id < symbol_names_.size() && symbol_names_[id] == name) return id;
    return std::nullopt;
}

// `x @ w`: torch's `@` for a matrix or a batched product (the right laid
// out as the left's batch axes, check/matmul.hpp), a tensordot for a weight
// of more axes (`[b D] @ [D H Dh]`).
Py Emitter::matmul(const Py& left, const Py& right, const check::Type* lt, const check::Type* rt) const {
    if (is_tensor(lt) && is_tensor(rt))
        if (auto batched = check::batched_matmul(lt->tensor, rt->tensor))
            return {operand(left, kMul) + " @ " +
                        operand(lay_out(right, batched->positions, batched->right_layout), kMul + 1),
                    kMul};
    int rank = is_tensor(rt) ? static_cast<int>(rt->tensor.axes.size()) : 2;
    bool broadcast = is_tensor(lt) && is_tensor(rt) && check::broadcast_left(lt->tensor, rt->tensor);
    if (rank > 2 && !broadcast) return {"torch.tensordot(" + left.text + ", " + right.text + ", dims=1)", kAtom};
    return {operand(left, kMul) + " @ " + operand(right, kMul + 1), kMul};
}

Py Emitter::expr(const ast::Expr& e) {
    if (writing_serving_)
        if (auto given = serving_substitute(e)) return *given;
    Overloaded by_kind{
        [&](const ast::NameExpr& n) { return name_expr(e, n); },
        [&](const ast::IntLiteral& i) { return int_literal(i); },
        [&](const ast::FloatLiteral& f) { return float_literal(f); },
        [&](const ast::StringLiteral& s) { return atom(py_string(s.value)); },
        [&](const ast::BoolLiteral& b) { return atom(b.value ? "True" : "False"); },
        [&](const ast::InfLiteral&) { return atom("math.inf"); },
        [&](const ast::Unary& u) { return unary(u); },
        [&](const ast::Binary& b) { return binary(e, b); },
        [&](const ast::RangeExpr& r) { return range_expr(e, r); },
        [&](const ast::Pipe& p) { return pipe(e, p); },
        [&](const ast::As& a) { return as_expr(e, a); },
        [&](const ast::Call& c) {
            return c.shape ? constructor(e, c) : call(*c.callee, c.arguments, nullptr, nullptr, e);
        },
        [&](const ast::Attribute& a) { return attribute(e, a); },
        [&](const ast::Subscript& s) { return subscript(e, s); },
        [&](const ast::TupleExpr& t) { return atom(py_tuple(items(t.elements))); },
        [&](const ast::ListExpr& l) { return atom("[" + py_join(items(l.elements)) + "]"); },
        [&](const ast::PatternCallPtr& p) { return pattern(*p, nullptr, nullptr, e); },
        [&](const ast::CausalMask&) { return causal_mask(e); },
        [&](const ast::ErrorExpr&) { return error_expr(e); },
    };
    return std::visit(by_kind, e.node);
}

// A slice's bound (`x[0..D/2]`): `/` in its own arithmetic is the size
// division the checker proved exact, written `//` so Python slices with an
// int; anything else in it (a call, a subscript) is as anywhere.
Py Emitter::slice_bound(const ast::Expr& e) {
    if (auto* b = std::get_if<ast::Binary>(&e.node)) return binary(e, *b, Arithmetic::SliceBound);
    if (auto* u = std::get_if<ast::Unary>(&e.node)) return unary(*u, Arithmetic::SliceBound);
    return expr(e);
}

Py Emitter::error_expr(const ast::Expr& e) const {
    fail(e.range, "an expression with a syntax error");
    return {};
}

Py Emitter::name_expr(const ast::Expr& e, const ast::NameExpr& n) {
    const std::string& name = n.name.text;
    if (const check::Builtin* b = check::find_builtin(name);
        b && b->emit == check::BuiltinEmit::Value && !is_local(name))
        return {std::string(b->python), kAtom};
    // `import python torch`: the module under the name it was imported as.
    if (auto module = python_modules_.find(name); !is_local(name) && module != python_modules_.end())
        return {module->second, kAtom};
    // A batch's size can be read off the batch where the name is used.
    if (const check::Type* t = type_of(e); fn_ && t && t->kind == check::TypeKind::Batch && !t->tensor.axes.empty())
        if (auto linear = t->tensor.axes[0].size.as_linear(); linear && !fn_->parameter_source.count(linear->symbol))
            if (auto field = first_fields_.find(t->ref); field != first_fields_.end()) {
                std::string read = value_name(name) + "." + py_name(field->second, NameRole::DataField) + ".shape[0]";
                if (fn_->locals.read.emplace(linear->symbol, read).second) fn_->locals.from[linear->symbol] = name;
            }
    // A generic axis used as a number (`x[1..n]`, `arange(0, n, 1)`):
    // its size, read off the shape that gives it.
    if (!is_local(name) && !typed_.dims.count(name))
        if (auto axis = axis_named(name)) return {size(check::Size::symbol(*axis)), kAtom};
    return {value_name(name), kAtom};
}

Py Emitter::unary(const ast::Unary& u, Arithmetic of) {
    Py x = of == Arithmetic::SliceBound ? slice_bound(*u.operand) : expr(*u.operand);
    if (u.op == "not") return {"not " + operand(x, kNot), kNot};
    if (u.op == "!") return {"~" + operand(x, kUnary), kUnary};
    return {u.op + operand(x, kUnary), kUnary};
}

Py Emitter::binary(const ast::Expr& e, const ast::Binary& b, Arithmetic of) {
    auto side = [&](const ast::Expr& x) { return of == Arithmetic::SliceBound ? slice_bound(x) : expr(x); };
    Py left = side(*b.left), right = side(*b.right);
    const check::Type *lt = type_of(*b.left), *rt = type_of(*b.right), *out = type_of(e);
    const std::string& op = b.op;
    if (op == "@") return matmul(left, right, lt, rt);
    if (op == "and" || op == "or") return logical(op, left, right, lt, rt);
    // Elementwise: each operand laid out as the result.
    if (is_tensor(out)) {
        if (is_tensor(lt)) left = align(left, lt, out);
        if (is_tensor(rt)) right = align(right, rt, out);
    }
    int prec = precedence_of(op);
    if (prec == kPower) return {operand(left, kPower + 1) + " ** " + operand(right, kUnary), kPower};
    // A bound the checker read as a size has no types recorded: ints.
    auto int_or_size = [](const check::Type* t) { return !t || t->kind == check::TypeKind::Int; };
    bool ints = int_or_size(lt) && int_or_size(rt);
    if (op == "/" && of == Arithmetic::SliceBound && ints)
        return {operand(left, prec) + " // " + operand(right, prec + 1), prec};
    // Python chains comparisons (`a > b > c` is `a > b and b > c`): the
    // source's `(a > b) > c` keeps its parentheses.
    int left_prec = prec == kCompare ? kCompare + 1 : prec;
    return {operand(left, left_prec) + " " + op + " " + operand(right, prec + 1), prec};
}

// `and`, `or`: the checker types it a bool; Python's gives back an operand,
// so one that isn't a bool (an int, a `[]` tensor) is made one.
Py Emitter::logical(const std::string& op, Py left, Py right, const check::Type* lt, const check::Type* rt) const {
    int prec = op == "and" ? kAnd : kOr;
    auto as_bool = [](Py side, const check::Type* t) {
        return t && t->kind == check::TypeKind::Bool ? side : Py{"bool(" + side.text + ")", kAtom};
    };
    left = as_bool(left, lt), right = as_bool(right, rt);
    return {operand(left, prec) + " " + op + " " + operand(right, prec + 1), prec};
}

Py Emitter::range_expr(const ast::Expr& e, const ast::RangeExpr& r) {
    if (!r.start || !r.end) fail(e.range, "a range outside a subscript needs both ends");
    return {"range(" + expr(*r.start).text + ", " + expr(*r.end).text + ")", kAtom};
}

Py Emitter::pipe(const ast::Expr& e, const ast::Pipe& p) {
    Py input = expr(*p.input);
    const check::Type* input_type = type_of(*p.input);
    const ast::Expr& stage = *p.stage;
    // The call is the whole pipe: the checker typed it, not the stage.
    if (auto* c = std::get_if<ast::Call>(&stage.node)) return call(*c->callee, c->arguments, &input, input_type, e);
    if (auto* pc = std::get_if<ast::PatternCallPtr>(&stage.node)) return pattern(**pc, &input, input_type, stage);
    return call(stage, {}, &input, input_type, e);
}

// A model's or a record's field under its Python name; anything else (a
// Python module's attribute) as written, or by getattr where Python can't
// write it.
std::optional<std::string> Emitter::imported_member(const ast::Expr& e) const {
    std::string text;
    const ast::Expr* at = &e;
    while (auto* a = std::get_if<ast::Attribute>(&at->node)) {
        text = "." + a->attribute.text + text;
        at = a->object.get();
    }
    auto* root = std::get_if<ast::NameExpr>(&at->node);
    if (!root || text.empty() || is_local(root->name.text)) return std::nullopt;
    text = root->name.text + text;
    if (!typed_.imported.count(text)) return std::nullopt;
    return text;
}

Py Emitter::attribute(const ast::Expr& e, const ast::Attribute& a) {
    // `layers.D`, `layers.Block`: bound under a name of this module.
    if (std::optional<std::string> member = imported_member(e)) return {py_name(*member, NameRole::Global), kAtom};
    std::string object = operand(expr(*a.object), kAtom);
    const std::string& field = a.attribute.text;
    const check::Type* t = type_of(*a.object);
    using check::TypeKind;
    if (t && t->kind == TypeKind::Model) return {object + "." + py_name(field, NameRole::ModelField), kAtom};
    if (t && (t->kind == TypeKind::Data || t->kind == TypeKind::Batch || t->kind == TypeKind::Dataset))
        return {object + "." + py_name(field, NameRole::DataField), kAtom};
    if (plain_python_name(field)) return {object + "." + field, kAtom};
    return {"getattr(" + object + ", " + py_string(field) + ")", kAtom};
}

// A tuple's or list's items, each as an operand of `,`.
std::vector<std::string> Emitter::items(const std::vector<ast::ExprPtr>& elements) {
    std::vector<std::string> parts;
    for (const auto& x : elements) parts.push_back(operand(expr(*x), kOr));
    return parts;
}

// Its sizes are its type's: the checker read them from the signature, the
// dims or, in masked_fill and where, the first argument's axes.
Py Emitter::causal_mask(const ast::Expr& e) {
    const check::Type* t = type_of(e);
    if (!is_tensor(t) || t->tensor.axes.size() != 2) fail(e.range, "a causal mask whose axes' sizes aren't known here");
    try {
        return {"_ss_rt.causal(" + size(t->tensor.axes[0].size) + ", " + size(t->tensor.axes[1].size) + ", " +
                    device() + ")",
                kAtom};
    } catch (CodegenError& error) {
        error.range = e.range;
        throw;
    }
}

}  // namespace ss::codegen
