// The type of an expression in a function body: names, literals,
// elementwise arithmetic aligned by axis name, `@`, masks, `as`, fields and
// indexing. Calls and pipes are in calls.cpp.
#include <algorithm>

#include "check/alignment.hpp"
#include "check/builtin_table.hpp"
#include "check/file_checker.hpp"
#include "check/matmul.hpp"
#include "check/suggest.hpp"

namespace ss::check {

bool literal_zero(const ast::Expr& e) {
    const ast::Expr* v = &e;
    if (auto* u = std::get_if<ast::Unary>(&v->node); u && (u->op == "-" || u->op == "+")) v = u->operand.get();
    if (auto* i = std::get_if<ast::IntLiteral>(&v->node)) return i->value && *i->value == 0;
    if (auto* f = std::get_if<ast::FloatLiteral>(&v->node)) return f->value == 0.0;
    return false;
}

std::optional<int64_t> literal_int(const ast::Expr& e) {
    auto* u = std::get_if<ast::Unary>(&e.node);
    bool negative = u && u->op == "-";
    auto* i = std::get_if<ast::IntLiteral>(negative ? &u->operand->node : &e.node);
    if (!i || !i->value) return std::nullopt;
    return negative ? -*i->value : *i->value;
}

namespace {

bool is_scalar(const Type& t) {
    return t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Bool;
}

// torch's type promotion (docs/types.md, "Element types"): booleans, then
// integers, then floats; within a kind the wider type. A Python number, or
// a tensor without axes, only raises the kind, to the default type of that
// kind (i64, f32). True division of integers gives floats.
enum class Category { Boolean, Integer, Floating };

Category category_of(ElementKind k) {
    if (k == ElementKind::Mask) return Category::Boolean;
    if (k == ElementKind::I32 || k == ElementKind::I64 || k == ElementKind::Index) return Category::Integer;
    return Category::Floating;
}

Element of_element(ElementKind k) { return Element{k, std::nullopt, "", "", true}; }

// Two tensors' elements, both with axes: the higher kind, then the wider.
Element promote_tensors(const Element& larger, const Element& other) {
    Category a = category_of(larger.kind), b = category_of(other.kind);
    if (a != b) return a > b ? larger : other;
    if (a == Category::Boolean) return larger;
    if (a == Category::Integer) {
        if (larger.kind == other.kind) return larger;
        if (larger.kind == ElementKind::I32)
            return other.kind == ElementKind::Index ? of_element(ElementKind::I64) : other;
        if (other.kind == ElementKind::I32)
            return larger.kind == ElementKind::Index ? of_element(ElementKind::I64) : larger;
        return larger;  // Index and i64: an Index stays one
    }
    auto width = [](ElementKind k) { return is_distribution(k) ? ElementKind::F32 : k; };
    ElementKind x = width(larger.kind), y = width(other.kind);
    if (x == y) return is_distribution(other.kind) && !is_distribution(larger.kind) ? other : larger;
    if (x == ElementKind::F64 || y == ElementKind::F64) return of_element(ElementKind::F64);
    if (x == ElementKind::F32) return larger;
    if (y == ElementKind::F32) return other;
    return of_element(ElementKind::F32);  // f16 with bf16
}

// A tensor's element with a number (or a tensor without axes) of `kind`.
Element promote_with_number(const Element& tensor, Category number) {
    if (number <= category_of(tensor.kind)) return tensor;
    return number == Category::Floating ? Element{} : of_element(ElementKind::I64);
}

// A tensor of more than one value has no truth value (`not x`, `x and y`).
bool has_many_values(const Type& t) { return t.kind == TypeKind::Tensor && !t.tensor.axes.empty(); }

Category number_category(const Type& t) {
    if (t.kind == TypeKind::Float) return Category::Floating;
    if (t.kind == TypeKind::Int) return Category::Integer;
    if (t.kind == TypeKind::Bool) return Category::Boolean;
    return category_of(t.tensor.element.kind);
}

// The element arithmetic gives (`-y`, `y + 1`): an Index's values leave
// `0..V`, so it is a plain i64, which `as ... Index[V]` claims back.
Element after_arithmetic(Element e) { return e.kind == ElementKind::Index ? of_element(ElementKind::I64) : e; }

// Operands that each have a named axis the other hasn't (`[b n D]` and
// `[b m D]`) are most likely meant as an outer product, which aligning by
// name never makes (torch's broadcasting would, given axes of size 1): how
// to write it, or "" for any other mismatch.
std::string outer_product_hint(const TensorType& l, const TensorType& r, const std::string& left_text,
                               const std::string& right_text, const std::string& op) {
    auto names = [](const TensorType& t) {
        std::vector<std::string> out;
        for (const AxisType& a : t.axes) {
            if (a.variadic || !a.name) return std::vector<std::string>{};
            out.push_back(*a.name);
        }
        return out;
    };
    std::vector<std::string> ln = names(l), rn = names(r);
    auto has = [](const std::vector<std::string>& v, const std::string& n) {
        return std::find(v.begin(), v.end(), n) != v.end();
    };
    std::vector<std::string> only_right, target;
    for (const std::string& n : rn)
        if (!has(ln, n)) only_right.push_back(n);
    bool left_alone = std::any_of(ln.begin(), ln.end(), [&](const std::string& n) { return !has(rn, n); });
    if (ln.empty() || rn.empty() || only_right.empty() || !left_alone) return "";
    // The left's axes, the right's own after the left's last one the right hasn't.
    size_t at = 0;
    for (size_t i = 0; i < ln.size(); ++i)
        if (!has(rn, ln[i])) at = i + 1;
    target = ln;
    target.insert(target.begin() + static_cast<long>(at), only_right.begin(), only_right.end());
    auto joined = [](const std::vector<std::string>& v) {
        std::string out;
        for (const std::string& n : v) out += (out.empty() ? "" : " ") + n;
        return out;
    };
    std::string right = right_text.find_first_of(" ") == std::string::npos ? right_text : "(" + right_text + ")";
    std::vector<std::string> only_left;
    for (const std::string& n : ln)
        if (!has(rn, n)) only_left.push_back(n);
    std::string hint = "; to pair every `" + joined(only_left) + "` with every `" + joined(only_right) +
                       "` (an outer product), repeat one over the other's axes first, `" + right + " |> repeat(" +
                       joined(rn) + " -> " + joined(target) + ")`";
    if (op == "*")
        hint += ", or multiply with `einsum(" + left_text + ", " + right_text + ": " + joined(ln) + ", " + joined(rn) +
                " -> " + joined(target) + ")`";
    // As torch writes it: a `1` on each side where the other has an axis
    // (broadcast_by_place).
    auto with_units = [&](const std::vector<std::string>& own) {
        std::vector<std::string> out;
        for (const std::string& n : target) out.push_back(has(own, n) ? n : "1");
        return joined(out);
    };
    hint += ", or give each a `1` where the other has an axis, `rearrange(" + left_text + ": " + joined(ln) + " -> " +
            with_units(ln) + ") " + op + " rearrange(" + right_text + ": " + joined(rn) + " -> " + with_units(rn) +
            ")`";
    return hint;
}

}  // namespace

// What `..`, `range()` and a slice take: an int, or a tensor of one integer.
bool is_integer(const Type& t) {
    if (t.kind == TypeKind::Unknown || t.kind == TypeKind::Int) return true;
    return t.kind == TypeKind::Tensor && t.tensor.axes.empty() && !has_variadic(t.tensor) &&
           category_of(t.tensor.element.kind) == Category::Integer;
}

Element promote_elements(const Type& a, const Type& b) {
    bool at = a.kind == TypeKind::Tensor, bt = b.kind == TypeKind::Tensor;
    if (at && bt) return promote_tensors(a.tensor.element, b.tensor.element);
    if (at) return promote_with_number(a.tensor.element, number_category(b));
    if (bt) return promote_with_number(b.tensor.element, number_category(a));
    return Element{};
}

Type FileChecker::type_of(const ast::Expr& expr) {
    size_t symbols_before = symbol_names_.size();
    Type out = type_of_node(expr);
    note_data_sizes(expr, out, symbols_before);
    if (typed_) typed_->expression_types[&expr] = out;
    return out;
}

Type FileChecker::type_of_node(const ast::Expr& expr) {
    const auto& node = expr.node;
    if (auto* i = std::get_if<ast::IntLiteral>(&node)) {
        // Python's ints have no end, torch's and the sizes' are 64-bit.
        if (!i->value) report(DiagCode::E0307, expr.range, {written(expr.range)});
        return of_kind(TypeKind::Int);
    }
    if (std::holds_alternative<ast::FloatLiteral>(node) || std::holds_alternative<ast::InfLiteral>(node))
        return of_kind(TypeKind::Float);
    if (std::holds_alternative<ast::BoolLiteral>(node)) return of_kind(TypeKind::Bool);
    if (std::holds_alternative<ast::StringLiteral>(node)) return of_kind(TypeKind::Str);
    if (auto* n = std::get_if<ast::NameExpr>(&node)) return type_of_name_value(*n);
    if (auto* b = std::get_if<ast::Binary>(&node)) return type_of_binary(*b, expr.range);
    if (auto* u = std::get_if<ast::Unary>(&node)) return type_of_unary(*u, expr.range);
    if (auto* r = std::get_if<ast::RangeExpr>(&node)) {
        // Only `for` and subscripts take a range, and they type its ends
        // themselves: anywhere else it would be a Python range object
        // (`M.init(seed=0..42)`, `k = 0..3`).
        type_range_ends(*r);
        report(DiagCode::E0427, expr.range, {written(expr.range)});
        return Type{};
    }
    if (auto* a = std::get_if<ast::As>(&node)) return type_of_as(*a, expr.range);
    if (auto* a = std::get_if<ast::Attribute>(&node)) {
        // `layers.L`: a name of an imported file, as a name of this one is.
        if (std::optional<ast::Name> member = module_member(expr)) {
            const ItemRef* item = lookup_member(*member);
            return item ? type_of_item(*item, *member) : Type{};  // else E0112 said why
        }
        return type_of_attribute(*a);
    }
    if (auto* s = std::get_if<ast::Subscript>(&node)) return type_of_subscript(*s);
    if (auto* c = std::get_if<ast::CausalMask>(&node)) return type_of_causal(*c, expr.range);
    if (auto* t = std::get_if<ast::TupleExpr>(&node)) {
        Type out = of_kind(TypeKind::Tuple);
        for (const auto& e : t->elements) out.elements.push_back(type_of(*e));
        return out;
    }
    if (auto* l = std::get_if<ast::ListExpr>(&node)) {
        // For Python (`print([a, b])`), not arithmetic (`b = [k]`, then `a *
        // b`). Items all of one kind of number, or strings, are that kind
        // when taken (`[1, 2][0]` is an int), held as its one element.
        Type out = of_kind(TypeKind::List);
        std::optional<TypeKind> items;
        bool alike = true;
        for (const auto& e : l->elements) {
            TypeKind kind = type_of(*e).kind;
            bool simple =
                kind == TypeKind::Int || kind == TypeKind::Float || kind == TypeKind::Bool || kind == TypeKind::Str;
            alike = alike && simple && (!items || *items == kind);
            items = kind;
        }
        if (alike && items) out.elements.push_back(of_kind(*items));
        return out;
    }
    if (auto* c = std::get_if<ast::Call>(&node); c && c->shape) {
        Type out = type_of_constructor(*c, expr.range, nullptr, {});
        if (record_expression(expr.range, out)) recorded_for_ = &expr;
        return out;
    }
    if (auto* c = std::get_if<ast::Call>(&node)) {
        std::vector<const ast::Argument*> args;
        for (const auto& a : c->arguments) args.push_back(&a);
        Type out = type_of_call(*c->callee, args, nullptr, {}, expr.range);
        check_gives_a_value(expr, *c->callee, c, false);
        if (record_expression(expr.range, out)) recorded_for_ = &expr;
        return out;
    }
    if (auto* p = std::get_if<ast::Pipe>(&node)) return type_of_pipe(*p, expr);
    if (std::holds_alternative<ast::PatternCallPtr>(node)) {
        Type out = type_of_pattern(expr, nullptr);
        if (record_expression(expr.range, out)) recorded_for_ = &expr;
        return out;
    }
    return Type{};
}

// A name where a value goes.
Type FileChecker::type_of_name_value(const ast::NameExpr& n) {
    Type t = type_of_name(n.name);
    // A function, model, record, module or built-in named where a value
    // goes (`x * f`, `return zeros`): where a name may stand, its user
    // (a call, `.init`, a module's attribute) doesn't type it as a value.
    if (std::string_view what = not_a_value(n.name.text); !what.empty()) {
        report(DiagCode::E0103, n.name.range, {n.name.text, std::string(what), "a value"});
        return Type{};
    }
    return t;
}

// `-x`, `+x`, `!mask`, `not b`.
Type FileChecker::type_of_unary(const ast::Unary& u, ByteRange range) {
    // -9223372036854775808: the one int whose digits alone don't fit.
    if (auto* i = std::get_if<ast::IntLiteral>(&u.operand->node);
        u.op == "-" && i && !i->value && written(u.operand->range) == "9223372036854775808")
        return of_kind(TypeKind::Int);
    Type operand = type_of(*u.operand);
    // `!` is a Mask's; Python's `~` of a bool or number is bitwise (`~True` is -2): `not` negates a bool.
    if (u.op == "!" && operand.kind != TypeKind::Unknown && !is_mask(operand)) {
        report(DiagCode::E0418, range, {"`!`", "a Mask", in_message(operand)});
        return Type{};
    }
    if (u.op == "not") {
        if (has_many_values(operand))
            report(DiagCode::E0418, u.operand->range, {"`not`", "a bool", in_message(operand)});
        return of_kind(TypeKind::Bool);
    }
    if ((u.op == "-" || u.op == "+") && is_mask(operand)) {  // torch refuses `-` on bools
        report(DiagCode::E0418, range, {"`" + u.op + "`", "numbers", in_message(operand)});
        return Type{};
    }
    if (operand.kind == TypeKind::Bool) return of_kind(TypeKind::Int);  // Python's `-True` is -1
    if (operand.kind == TypeKind::Tensor && u.op == "-") {
        Type negated = operand;
        negated.tensor.element = after_arithmetic(operand.tensor.element);
        return negated;
    }
    if (operand.kind != TypeKind::Unknown && operand.kind != TypeKind::Tensor && !is_scalar(operand)) {
        report(DiagCode::E0418, u.operand->range, {"`" + u.op + "`", "tensors and numbers", in_message(operand)});
        return Type{};
    }
    return operand;
}

// `x |> f(args)` is `f(x, args)`; `x |> gelu` and `x |> rearrange(...)` too.
Type FileChecker::type_of_pipe(const ast::Pipe& p, const ast::Expr& expr) {
    Type input = type_of(*p.input);
    const ast::Expr& stage = *p.stage;
    Type out;
    if (auto* call = std::get_if<ast::Call>(&stage.node); call && call->shape) {
        out = type_of_constructor(*call, stage.range, &input, p.input->range);
    } else if (auto* call = std::get_if<ast::Call>(&stage.node)) {
        std::vector<const ast::Argument*> args;
        for (const auto& a : call->arguments) args.push_back(&a);
        out = type_of_call(*call->callee, args, &input, p.input->range, stage.range);
        check_gives_a_value(expr, *call->callee, call, true);
    } else if (std::holds_alternative<ast::PatternCallPtr>(stage.node)) {
        out = type_of_pattern(stage, &input);
    } else {
        out = type_of_call(stage, {}, &input, p.input->range, stage.range);  // `x |> gelu`
        check_gives_a_value(expr, stage, nullptr, true);
    }
    if (record_expression(stage.range, out)) recorded_for_ = &expr;
    return out;
}

// A batch of the data record `data`: every field gains one leading axis `b`,
// the same size for all of them (one symbol per batch).
Type FileChecker::make_batch(const std::string& data) {
    Type t = of_kind(TypeKind::Batch);
    t.ref = data;
    AxisType b;
    b.name = "b";
    b.written = "b";
    b.size = Size::symbol(new_symbol("b"));
    t.tensor.axes.push_back(std::move(b));
    return t;
}

bool FileChecker::record_expression(ByteRange range, const Type& type) {
    if (type.kind == TypeKind::Unknown || muted_) return false;
    result_.expressions.push_back({range, fact_type(type, types())});
    return true;
}

// ------------------------------------------------------------------- names

Type FileChecker::type_of_name(const ast::Name& name) {
    auto local = body_->locals.find(name.text);
    if (local != body_->locals.end()) {
        reference_local(local->second, name.range);
        if (auto maybe = body_->maybe_unassigned.find(name.text); maybe != body_->maybe_unassigned.end()) {
            report(DiagCode::E0105, name.range, {name.text},
                   {{maybe->second, "`" + name.text + "` is assigned on only some paths through this `if`"}});
            body_->maybe_unassigned.erase(maybe);  // once
        }
        if (auto mixed = body_->mixed_types.find(name.text); mixed != body_->mixed_types.end()) {
            report(DiagCode::E0607, name.range, {name.text, mixed->second.one, mixed->second.other, "this `if`"},
                   {{mixed->second.at, "the paths through this `if` meet here"}});
            body_->mixed_types.erase(mixed);  // once
        }
        if (!body_->ended_batch_axes.empty())
            note_outliving(local->second.type, name.range, "`" + name.text + "` read after its loop");
        return local->second.type;
    }
    // A generic axis of the signature is a number in the body: `0..n`.
    if (auto generic = body_->scope.generics.find(name.text); generic != body_->scope.generics.end()) {
        record_axis_name(name, body_->scope);
        check_readable(name.text, generic->second, name.range);
        return of_kind(TypeKind::Int);
    }
    if (const ItemRef* item = lookup(name.text)) {
        reference(*item, name.range);
        return type_of_item(*item, name);
    }
    if (const Builtin* builtin = find_builtin(name.text)) {
        reference_builtin(name);
        return builtin->rule == BuiltinRule::EvalMode ? of_kind(TypeKind::Mode) : Type{};
    }
    auto later = body_->assigned_anywhere.find(name.text);
    if (later != body_->assigned_anywhere.end()) {
        report(DiagCode::E0105, name.range, {name.text}, {{later->second, "`" + name.text + "` is assigned here"}});
        return Type{};
    }
    // The same misspelling again in this body is the same mistake: said once.
    if (!body_->undefined_reported.insert(name.text).second) return Type{};
    if (std::optional<std::string> hint = python_builtin_hint(name.text)) {
        report(DiagCode::E0102, name.range, {name.text, *hint});
        return Type{};
    }
    std::vector<std::string> candidates = builtin_names();
    for (const auto& [n, l] : body_->locals) candidates.push_back(n);
    for (const std::string& n : names_of({SymbolKind::Dim, SymbolKind::Model, SymbolKind::Data, SymbolKind::Function,
                                          SymbolKind::ExternFunction, SymbolKind::PythonModule}))
        candidates.push_back(n);
    report(DiagCode::E0102, name.range, {name.text, did_you_mean(name.text, candidates)}, {},
           replace_with_closest(name.text, name.range, candidates));
    return Type{};
}

// A top-level name (or an imported one) as a value.
Type FileChecker::type_of_item(const ItemRef& item, const ast::Name& name) {
    if (item.kind == SymbolKind::Dim) return of_kind(TypeKind::Int);
    // A function passed as a value (`value_and_grad(loss, m, ...)`) is
    // called by its callee: an edge of the call graph too.
    if (item.kind == SymbolKind::Function)
        if (size_t site = open_call(CalleeKind::Function, name.text, name.range, name.range, {}, nullptr, {});
            site < result_.program.calls.size())
            result_.program.calls[site].passed_as_value = true;
    return Type{};  // models, functions, modules: used through calls and attributes
}

std::string_view FileChecker::not_a_value(const std::string& name) const {
    if (body_->locals.count(name) || body_->scope.generics.count(name)) return {};
    if (const ItemRef* item = lookup(name)) {
        switch (item->kind) {
            case SymbolKind::Model:
            case SymbolKind::Data:
            case SymbolKind::Function:
            case SymbolKind::ExternFunction:
            case SymbolKind::PythonModule:
            case SymbolKind::Module: return kind_phrase(item->kind);
            default: return {};
        }
    }
    if (const Builtin* builtin = find_builtin(name)) {
        if (builtin->typing == BuiltinTyping::Initializer) return kInitializerPhrase;
        return builtin->rule == BuiltinRule::EvalMode ? std::string_view{} : "a built-in function";
    }
    return {};
}

// -------------------------------------------------------------- operators

// An end's type; none for a range (`0..0..32`), which integer_end refuses
// as an end, not as a value.
Type FileChecker::type_of_end(const ast::Expr& end) {
    return std::holds_alternative<ast::RangeExpr>(end.node) ? Type{} : type_of(end);
}

void FileChecker::type_range_ends(const ast::RangeExpr& r) {
    for (const ast::ExprPtr* end : {&r.start, &r.end})
        if (*end) integer_end(**end, type_of_end(**end));
}

// An end of a range `a..b` is an integer: Python's `range()` and slices
// take nothing else (`0.05..n`, `0..x`).
bool FileChecker::integer_end(const ast::Expr& end, const Type& type) {
    bool range = std::holds_alternative<ast::RangeExpr>(end.node);  // `0..0..32`
    if (!range && is_integer(type)) return true;
    report(DiagCode::E0418, end.range, {"`..`", "integers", range ? "a range" : describe(type)});
    return false;
}

bool FileChecker::refused_for_masks(const std::string& op, const Type& left, const Type& right, ByteRange range,
                                    const std::string& shown) {
    // torch has no `@` nor `-` with a bool tensor either side, and no `//`,
    // `%` or `**` of two (`&` `|` are the Masks' own).
    bool two_masks_refused = op == "//" || op == "%" || op == "**";
    bool refused =
        op == "@" || op == "-" ? is_mask(left) || is_mask(right) : two_masks_refused && is_mask(left) && is_mask(right);
    if (refused)
        report(DiagCode::E0418, range,
               {shown.empty() ? "`" + op + "`" : shown, "numbers", in_message(is_mask(left) ? left : right)});
    return refused;
}

Type FileChecker::type_of_binary(const ast::Binary& b, ByteRange range) {
    Type left = type_of(*b.left);
    Type right = type_of(*b.right);
    const std::string& op = b.op;
    if (op == "and" || op == "or") {
        for (auto [side, type] : {std::pair{b.left.get(), &left}, std::pair{b.right.get(), &right}})
            if (has_many_values(*type))
                report(DiagCode::E0418, side->range, {"`" + op + "`", "bools", describe(*type)});
        return of_kind(TypeKind::Bool);
    }
    // A list or a tuple has no arithmetic (Python's `+` would join them).
    for (auto [side, type] : {std::pair{b.left.get(), &left}, std::pair{b.right.get(), &right}}) {
        bool list = std::holds_alternative<ast::ListExpr>(side->node);
        if (list || type->kind == TypeKind::Tuple) {
            report(DiagCode::E0418, side->range, {"`" + op + "`", "tensors and numbers", list ? "a list" : "a tuple"});
            return Type{};
        }
    }
    if (refused_for_masks(op, left, right, range)) return Type{};
    if (op == "@") return matmul(left, right, b.op_range);
    // torch refuses an integer tensor to a negative integer power (`x ** -1`
    // of an i64): a float power, or a float tensor, is what is meant.
    if (op == "**" && left.kind == TypeKind::Tensor && category_of(left.tensor.element.kind) != Category::Floating &&
        (right.kind == TypeKind::Int || right.kind == TypeKind::Unknown))
        if (auto* u = std::get_if<ast::Unary>(&b.right->node); u && u->op == "-")
            if (std::holds_alternative<ast::IntLiteral>(u->operand->node)) {
                report(DiagCode::E0418, range,
                       {"`**` of an integer tensor", "a power of at least 0 (torch refuses a negative one)",
                        "`" + written(b.right->range) + "`; write `x ** -1.0`, a float power"});
                return Type{};
            }
    if ((op == "/" || op == "//" || op == "%") && literal_zero(*b.right))
        report(DiagCode::E0308, range, {written(range), std::string(op == "%" ? "a remainder" : "a division")});
    // An int (or bool) to a power written as a number at least 0 is an int
    // (`k ** 2`); any other power may be negative, and Python's is a float.
    if (op == "**" && (left.kind == TypeKind::Int || left.kind == TypeKind::Bool) &&
        (right.kind == TypeKind::Int || right.kind == TypeKind::Bool))
        if (auto* power = std::get_if<ast::IntLiteral>(&b.right->node); power && power->value)
            return of_kind(TypeKind::Int);
    if (op == "&" || op == "|")
        for (const Type* t : {&left, &right})
            if (t->kind != TypeKind::Unknown && t->kind != TypeKind::Bool && !is_mask(*t)) {
                report(DiagCode::E0418, range, {"`" + op + "`", "Masks", in_message(*t)});
                return Type{};
            }
    return elementwise(left, right, b.op_range, b.left->range, b.right->range, op);
}

// Elementwise operations align axes by name: each axis of the operand with
// fewer axes must be an axis of the other with an equal size, and the result
// has the larger operand's layout. Scalars broadcast, and so does an axis
// written `1`, by place (broadcast_by_place).
Type FileChecker::elementwise(const Type& left, const Type& right, ByteRange op_range, ByteRange left_range,
                              ByteRange right_range, const std::string& op) {
    bool comparison = op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
    if (left.kind == TypeKind::Unknown || right.kind == TypeKind::Unknown) return unknown_of(left, right);
    if (is_scalar(left) && is_scalar(right)) {
        // As Python computes: arithmetic of bools and ints is an int
        // (`True + True` is 2), `&` `|` of two bools a bool, `/` a float,
        // and an int to a power a float unless the power is known not to
        // be negative (`2 ** -1` is 0.5).
        if (comparison) return of_kind(TypeKind::Bool);
        if (op == "/") return of_kind(TypeKind::Float);
        if (left.kind == TypeKind::Float || right.kind == TypeKind::Float) return of_kind(TypeKind::Float);
        if ((op == "&" || op == "|") && left.kind == TypeKind::Bool && right.kind == TypeKind::Bool)
            return of_kind(TypeKind::Bool);
        if (op == "**") return of_kind(TypeKind::Float);  // type_of_binary knows a literal power's sign
        return of_kind(TypeKind::Int);
    }
    // The result's element: a Mask for a comparison, else promoted as torch
    // promotes (the larger operand's layout is `t`, the other is `with`).
    auto finish = [&](Type t, const Type& with) {
        Element& e = t.tensor.element;
        if (comparison) {
            e = Element{ElementKind::Mask, std::nullopt, "", ""};
            return t;
        }
        if (is_scalar(with) || (with.tensor.axes.empty() && !t.tensor.axes.empty()))
            e = promote_with_number(e, number_category(with));
        else e = promote_tensors(e, with.tensor.element);
        if (op == "/" && category_of(e.kind) != Category::Floating) e = Element{};
        e = after_arithmetic(e);
        return t;
    };
    if (left.kind == TypeKind::Tensor && is_scalar(right)) return finish(left, right);
    if (is_scalar(left) && right.kind == TypeKind::Tensor) return finish(right, left);
    if (left.kind != TypeKind::Tensor || right.kind != TypeKind::Tensor) {
        // A model, a mode, a string, ...: Python compares any two values for
        // equality and joins two strings, and refuses any other arithmetic.
        bool strings = left.kind == TypeKind::Str && right.kind == TypeKind::Str;
        if (op == "==" || op == "!=" || (strings && (comparison || op == "+")))
            return of_kind(comparison ? TypeKind::Bool : TypeKind::Str);
        bool left_wrong = left.kind != TypeKind::Tensor && !is_scalar(left);
        report(DiagCode::E0418, left_wrong ? left_range : right_range,
               {"`" + op + "`", "tensors and numbers", describe(left_wrong ? left : right)});
        return Type{};
    }
    const TensorType& l = left.tensor;
    const TensorType& r = right.tensor;
    bool right_smaller = r.axes.size() <= l.axes.size();
    const TensorType& small = right_smaller ? r : l;
    const TensorType& large = right_smaller ? l : r;
    ByteRange small_range = right_smaller ? right_range : left_range;
    // An axis written `1` stands for the other operand's axis in its place,
    // as torch broadcasts (`[n 1] - [1 m]` is `[n m]`), where
    // elementwise_by_place says.
    if (std::optional<std::vector<AxisType>> axes = elementwise_by_place(l, r)) {
        Type both = left;
        both.tensor.axes = std::move(*axes);
        return finish(std::move(both), right);
    }
    Alignment aligned = align_axes(small, large);
    // As many axes on each side: the left may align into the right where
    // the right doesn't into the left (`[b 1+F D] + [b t D]`, where a
    // pattern named the unnamed axis `t`). The result is the right's
    // layout; where each axis stays in its place, the two's axes with
    // either's names (`[b t D]`, which `x += y` of `x: [b 1+F D]` keeps
    // as x's: same_places).
    if (l.axes.size() == r.axes.size() &&
        std::find(aligned.positions.begin(), aligned.positions.end(), std::nullopt) != aligned.positions.end() &&
        !misaligned_axis(l, r)) {
        std::optional<std::vector<AxisType>> in_place = same_places(l.axes, r.axes);
        if (!in_place) return finish(right, left);
        Type both = left;
        both.tensor.axes = std::move(*in_place);
        return finish(std::move(both), right);
    }
    for (size_t i = 0; i < small.axes.size(); ++i) {
        const AxisType& axis = small.axes[i];
        if (!aligned.positions[i]) {
            report(DiagCode::E0410, op_range,
                   {axes_text(l), axes_text(r),
                    aligned.why + outer_product_hint(l, r, written(left_range), written(right_range), op)},
                   {{small_range, "this operand has " + axes_text(small)}}, name_axis_fixes(aligned, small, large));
            return Type{};
        }
        const AxisType* match = &large.axes[*aligned.positions[i]];
        if (!(match->size == axis.size)) {
            std::vector<RelatedInfo> related;
            if (axis.origin.begin != axis.origin.end)
                related.push_back({axis.origin, "`" + axis.written + "` gets its size here"});
            auto known_at_run_time = [&](const Size& size) {
                auto linear = size.as_linear();
                return linear && symbol_name(linear->symbol).rfind('?', 0) == 0;
            };
            std::string why = known_at_run_time(axis.size) && known_at_run_time(match->size)
                                  ? "axis `" + axis.written +
                                        "` has a size known only at run time on each side, and nothing proves the "
                                        "two equal (select both with one mask, or write `as` to say they are)"
                                  : "axis `" + axis.written + "` is " + show(axis.size) + " on one side and " +
                                        show(match->size) + " on the other";
            report(DiagCode::E0410, op_range, {axes_text(l), axes_text(r), why}, std::move(related));
            return Type{};
        }
    }
    return right_smaller ? finish(left, right) : finish(right, left);
}

// `a @ b` contracts the last axis of `a` with the first of `b`.
Type FileChecker::matmul(const Type& left, const Type& right, ByteRange op_range) {
    // A side known to have no axis (a number, `[]`) is wrong whatever the
    // other is: Python has no `@` of a float and a tensor.
    auto axisless = [](const Type& t) {
        return t.kind != TypeKind::Unknown && (t.kind != TypeKind::Tensor || t.tensor.axes.empty());
    };
    if (axisless(left) || axisless(right)) {
        report(DiagCode::E0411, op_range,
               {"tensors with at least one axis on both sides", in_message(axisless(left) ? left : right)});
        return Type{};
    }
    if (left.kind == TypeKind::Unknown || right.kind == TypeKind::Unknown) return unknown_of(left, right);
    if (stored_kind(left.tensor.element.kind) != stored_kind(right.tensor.element.kind)) {
        report(DiagCode::E0418, op_range,
               {"`@`", "two tensors of one element type, as torch's matrix product does",
                in_message(left) + " and " + in_message(right)});
        return Type{};
    }
    std::optional<BatchedMatmul> batched = batched_matmul(left.tensor, right.tensor);
    const bool broadcast = broadcast_left(left.tensor, right.tensor);
    const AxisType& k1 = left.tensor.axes.back();
    const AxisType& k2 = batched || broadcast ? right.tensor.axes.end()[-2] : right.tensor.axes.front();
    if (k1.variadic || k2.variadic) {
        // A group's axes are known only at run time: it can't be contracted.
        report(DiagCode::E0411, op_range,
               {"an axis to contract on each side, the left's last and the right's " +
                    std::string(batched ? "second to last" : "first"),
                "the group `" + (k1.variadic ? k1 : k2).written + "`"});
        return Type{};
    }
    if (batched)  // the leading axes the right shares with the left have its sizes
        for (size_t i = 0; i + 2 < right.tensor.axes.size(); ++i) {
            const AxisType& r = right.tensor.axes[i];
            const AxisType& l = left.tensor.axes[batched->positions[i]];
            if (!r.variadic && !(r.size == l.size)) {
                report(DiagCode::E0411, op_range,
                       {"the right's batch axis `" + r.written + "` to have the left's size, " + show(l.size),
                        "`" + r.written + "` = " + show(r.size)});
                return Type{};
            }
        }
    if (!(k1.size == k2.size)) {
        report(DiagCode::E0411, op_range,
               {"the last axis of the left (`" + k1.written + "` = " + show(k1.size) + ") to equal the " +
                    (batched ? "second to last" : "first") + " axis of the right",
                "`" + k2.written + "` = " + show(k2.size)},
               [&] {
                   std::vector<RelatedInfo> related;
                   for (const AxisType* k : {&k1, &k2})
                       if (k->origin.begin != k->origin.end)
                           related.push_back({k->origin, "`" + k->written + "` gets its size here"});
                   return related;
               }());
        return Type{};
    }
    if (distinct_dims(k1, k2)) {  // `[b E] @ [D C]` with E = D = 64: not the same axis
        report(DiagCode::E0411, op_range,
               {"the last axis of the left (the dim " + *dim_of(k1) + ") to be the " +
                    (batched ? "second to last" : "first") + " axis of the right",
                "the dim " + *dim_of(k2) + ", another dim of the same size (" + show(k2.size) + ")"});
        return Type{};
    }
    note_across(op_range, "matmul", k1.size);  // the contracted axis
    Type out = of_kind(TypeKind::Tensor);
    if (broadcast) {  // the right's batch axes, the left's rows, the right's columns
        out.tensor.axes.assign(right.tensor.axes.begin(), right.tensor.axes.end() - 2);
        out.tensor.axes.push_back(left.tensor.axes.front());
        out.tensor.axes.push_back(right.tensor.axes.back());
        out.tensor.element = plain_if_distribution(left.tensor.element);
        return out;
    }
    out.tensor.axes.assign(left.tensor.axes.begin(), left.tensor.axes.end() - 1);
    if (batched) out.tensor.axes.push_back(right.tensor.axes.back());
    else out.tensor.axes.insert(out.tensor.axes.end(), right.tensor.axes.begin() + 1, right.tensor.axes.end());
    out.tensor.element = plain_if_distribution(left.tensor.element);
    return out;
}

// ------------------------------------------------------------------- as

namespace {

// Why `value as target` fails every time, or "" when it may hold: another
// number of axes or of items, two different fixed sizes, a tuple where a
// tensor is asked for (or the other way), in any item of a tuple.
std::string never_holds(const Type& value, const Type& target) {
    bool value_tuple = value.kind == TypeKind::Tuple, target_tuple = target.kind == TypeKind::Tuple;
    if (value_tuple && target.kind == TypeKind::Tensor) return "the value is a tuple, not a tensor";
    if (value.kind == TypeKind::Tensor && target_tuple) return "the value is a tensor, not a tuple";
    if (value_tuple && target_tuple) {
        if (value.elements.size() != target.elements.size())
            return "the value has " + std::to_string(value.elements.size()) + " items, not " +
                   std::to_string(target.elements.size());
        for (size_t i = 0; i < value.elements.size(); ++i)
            if (std::string why = never_holds(value.elements[i], target.elements[i]); !why.empty())
                return "item " + std::to_string(i + 1) + ": " + why;
        return "";
    }
    if (value.kind != TypeKind::Tensor || target.kind != TypeKind::Tensor || has_variadic(value.tensor) ||
        has_variadic(target.tensor))
        return "";
    const auto& v = value.tensor.axes;
    const auto& t = target.tensor.axes;
    if (v.size() != t.size()) return "the value has " + std::to_string(v.size()) + " axes, " + axes_text(value.tensor);
    for (size_t i = 0; i < v.size(); ++i) {
        auto a = v[i].size.as_constant(), b = t[i].size.as_constant();
        if (a && b && *a != *b)
            return "axis " + std::to_string(i + 1) + " of the value is " + std::to_string(*a) + ", not " +
                   std::to_string(*b);
    }
    return "";
}

}  // namespace

Type FileChecker::type_of_as(const ast::As& as, ByteRange range) {
    Type value = type_of(*as.value);
    if (python_root(*as.value)) record_effect(EffectKind::PythonAs, range, written(as.value->range));
    Type target = resolve_type(*as.type, body_->scope);  // new axis names become run-time checked sizes
    if (std::string why = never_holds(value, target); !why.empty())
        report(DiagCode::E0416, range, {in_message(target), why});
    else warn_if_as_moves_an_axis(as, value, target, range);
    // An axis given another size (a number, a new name) is checked at run
    // time against it, and can't be followed past it, for padding.
    if (value.kind == TypeKind::Tensor && target.kind == TypeKind::Tensor &&
        value.tensor.axes.size() == target.tensor.axes.size())
        for (size_t i = 0; i < value.tensor.axes.size(); ++i) {
            const AxisType& from = value.tensor.axes[i];
            if (!from.variadic && !from.size.as_constant() && !from.size.identical(target.tensor.axes[i].size))
                note_across(range, "an `as` that gives it another size", from.size, false);
        }
    return target;
}

// E0423: `t as [b n K]` of a `[b K n]`: the name says K moved, the data
// didn't (when the sizes agree it even checks at run time). With a fix
// that moves it, a `rearrange`, when every axis has a name of its own.
void FileChecker::warn_if_as_moves_an_axis(const ast::As& as, const Type& value, const Type& target, ByteRange range) {
    if (value.kind != TypeKind::Tensor || target.kind != TypeKind::Tensor) return;
    const auto& v = value.tensor.axes;
    const auto& t = target.tensor.axes;
    if (v.size() != t.size() || has_variadic(value.tensor) || has_variadic(target.tensor)) return;
    // `y as [(T b) C]` of a `(b T)`: the same factors in another order, which
    // a later split by `(T b)` would scramble (E0426 refuses such a pattern).
    for (size_t i = 0; i < v.size(); ++i)
        if (reordered_group(v[i], t[i])) {
            report(DiagCode::E0428, range, {axes_text(target.tensor), t[i].written, group_text(v[i])});
            return;
        }
    for (size_t i = 0; i < v.size(); ++i) {
        if (!v[i].name || (t[i].name && *t[i].name == *v[i].name)) continue;
        for (size_t j = 0; j < t.size(); ++j) {
            if (j == i || !t[j].name || *t[j].name != *v[i].name) continue;
            if (v[j].name && *v[j].name == *v[i].name) continue;  // `[n n]`: both places are n
            std::vector<Fix> fixes;
            std::set<std::string> names;
            bool named = true;
            for (size_t k = 0; k < v.size(); ++k)
                named = named && v[k].name && t[k].name && names.insert(*v[k].name).second;
            std::set<std::string> target_names;
            for (const AxisType& a : t) target_names.insert(a.name.value_or(""));
            if (named && names == target_names) {
                std::string from, to;
                for (size_t k = 0; k < v.size(); ++k) from += (k ? " " : "") + *v[k].name;
                for (size_t k = 0; k < t.size(); ++k) to += (k ? " " : "") + *t[k].name;
                fixes.push_back(Fix{"Move the axis: `rearrange(" + from + " -> " + to + ")`",
                                    {FixEdit{range, "(" + std::string(source_bytes(as.value->range)) +
                                                        " |> rearrange(" + from + " -> " + to + "))"}}});
            }
            report(DiagCode::E0423, range,
                   {axes_text(target.tensor), *v[i].name, std::to_string(j + 1), std::to_string(i + 1)}, {},
                   std::move(fixes));
            return;
        }
    }
}

// ------------------------------------------------------- fields, indexing

// The name from `import python` an expression is reached through
// (`torch` in `torch.nn.functional.gelu` and in `torch.load(p)`), or null.
const ast::NameExpr* FileChecker::python_root(const ast::Expr& e) const {
    const ast::Expr* root = &e;
    for (;;) {
        if (auto* a = std::get_if<ast::Attribute>(&root->node)) root = a->object.get();
        else if (auto* c = std::get_if<ast::Call>(&root->node)) root = c->callee.get();
        else break;
    }
    auto* n = std::get_if<ast::NameExpr>(&root->node);
    if (!n || !body_ || body_->locals.count(n->name.text)) return nullptr;
    const ItemRef* item = lookup(n->name.text);
    return item && item->kind == SymbolKind::PythonModule ? n : nullptr;
}

Type FileChecker::type_of_attribute(const ast::Attribute& attribute) {
    // `torch.nn.functional.gelu`: a Python module's attribute, of a type nobody knows.
    const ast::Expr* root = attribute.object.get();
    while (auto* a = std::get_if<ast::Attribute>(&root->node)) root = a->object.get();
    if (const ast::NameExpr* n = std::holds_alternative<ast::NameExpr>(root->node) ? python_root(*root) : nullptr) {
        reference(*lookup(n->name.text), n->name.range);
        ByteRange whole{n->name.range.begin, attribute.attribute.range.end};
        record_effect(EffectKind::PythonValue, whole, written(whole));
        return python_value();
    }
    Type object = type_of(*attribute.object);
    const std::string& field = attribute.attribute.text;
    // `load(path).w`: a checkpoint has no fields until `as` says what it holds.
    if (auto* call = std::get_if<ast::Call>(&attribute.object->node))
        if (auto* callee = std::get_if<ast::NameExpr>(&call->callee->node);
            callee && callee->name.text == "load" && !body_->locals.count("load") && !lookup("load")) {
            report(DiagCode::E0106, attribute.attribute.range,
                   {written(attribute.object->range), field,
                    ": a checkpoint is typed with `as` first, `(load(path) as M)." + field + "`"});
            return Type{};
        }
    if (object.kind != TypeKind::Model && object.kind != TypeKind::Data && object.kind != TypeKind::Batch) {
        // A tensor, a scalar, a mode, a dataset, ... has no fields (`0.n`
        // would not even be Python).
        if (object.kind == TypeKind::Unknown) return Type{};
        std::string why = ": only models, data records and batches have fields";
        // `outs.append(h)` in a loop, then `stack(outs)`: Python's way.
        if (object.kind == TypeKind::List && (field == "append" || field == "extend" || field == "insert"))
            why +=
                "; a list doesn't grow here: a loop collects its outputs into a tensor made before it, `ys = "
                "select_scatter(ys, h, i, over=T)`";
        // `Lin.init` where an axis or a local `Lin` hides the model `Lin`.
        if (auto* name = std::get_if<ast::NameExpr>(&attribute.object->node);
            name && shadows_item(name->name.text) && lookup(name->name.text))
            why += "; `" + name->name.text + "` here is the " +
                   (body_->locals.count(name->name.text) ? "local" : "signature's axis") + ", which hides " +
                   std::string(kind_phrase(lookup(name->name.text)->kind)) + " of that name: give one another name";
        report(DiagCode::E0106, attribute.attribute.range, {written(attribute.object->range), field, why});
        return Type{};
    }
    auto record = record_fields_.find(object.ref);
    if (record == record_fields_.end()) return Type{};
    auto found = record->second.find(field);
    if (found == record->second.end()) {
        std::vector<std::string> names;
        for (const auto& [n, t] : record->second) names.push_back(n);
        report(DiagCode::E0106, attribute.attribute.range, {object.ref, field, did_you_mean(field, names)});
        return Type{};
    }
    if (auto facts = field_facts_.find(object.ref); facts != field_facts_.end())
        if (auto fact = facts->second.find(field); fact != facts->second.end())
            reference_fact(fact->second, attribute.attribute.range);
    Type out = found->second;
    if (object.kind == TypeKind::Batch && out.kind == TypeKind::Tensor && !object.tensor.axes.empty())
        out.tensor.axes.insert(out.tensor.axes.begin(), object.tensor.axes[0]);  // the batch's own axis
    return out;
}

// The size an expression stands for, when it is one the checker knows: an
// integer, a dim, or sums and products of them.
std::optional<SymbolId> FileChecker::generic_axis(const std::string& name, ByteRange used_at) {
    if (!body_ || body_->locals.count(name)) return std::nullopt;
    auto it = body_->scope.generics.find(name);
    if (it == body_->scope.generics.end()) return std::nullopt;
    record_axis_name(ast::Name{name, used_at, false, {}}, body_->scope);
    check_readable(name, it->second, used_at);
    return it->second;
}

// The generated code reads a generic axis's size off a shape (codegen's
// parameter_source and local_source): a parameter's axis linear in it alone
// (`n`, `(h 4)`, `n+1`), a batch's first axis, or an axis of a local that
// is that size. `(nh W)` alone tells neither nh nor W.
bool FileChecker::size_readable(SymbolId id) const {
    auto gives = [&](const Type& t, bool parameter) {
        if (t.kind == TypeKind::Batch)
            return !t.tensor.axes.empty() && t.tensor.axes[0].size.as_linear() &&
                   t.tensor.axes[0].size.as_linear()->symbol == id;
        if (t.kind != TypeKind::Tensor) return false;
        for (const AxisType& a : t.tensor.axes) {
            if (a.variadic) {
                if (!parameter) return false;  // a local's axes are read from the front
                continue;
            }
            auto linear = a.size.as_linear();
            if (linear && linear->symbol == id && (parameter || a.size == Size::symbol(id))) return true;
        }
        return false;
    };
    if (body_->signature)
        for (const ParamSig& p : body_->signature->params)
            if (gives(p.type, true)) return true;
    for (const auto& [name, local] : body_->locals)
        if (!local.is_parameter && gives(local.type, false)) return true;
    return false;
}

void FileChecker::check_readable(const std::string& name, SymbolId id, ByteRange used_at) {
    note_across(used_at, "`" + name + "` used as a number", Size::symbol(id),
                false);  // a padded size isn't the real one
    require_readable(name, id, used_at);
}

void FileChecker::require_readable(const std::string& name, SymbolId id, ByteRange used_at) {
    if (size_readable(id) || !body_->unreadable_reported.insert(used_at.begin).second) return;
    std::string why = "no parameter or local has an axis of that size (give the value that has it a name first)";
    if (body_->signature)
        for (const ParamSig& p : body_->signature->params)
            if (p.type.kind == TypeKind::Tensor)
                for (const AxisType& a : p.type.tensor.axes) {
                    auto symbols = a.size.symbols();
                    if (std::find(symbols.begin(), symbols.end(), id) != symbols.end()) {
                        why = "`" + p.name + "`'s axis `" + a.written + "` tells only its product with other sizes";
                        report(DiagCode::E0422, used_at, {name, why});
                        return;
                    }
                }
    report(DiagCode::E0422, used_at, {name, why});
}

std::optional<SymbolId> FileChecker::readable_generic_axis(const std::string& name, ByteRange used_at) {
    if (!body_ || !body_->signature || body_->locals.count(name)) return std::nullopt;
    auto it = body_->scope.generics.find(name);
    if (it == body_->scope.generics.end() || !size_readable(it->second)) return std::nullopt;
    return generic_axis(name, used_at);
}

std::optional<Size> FileChecker::size_value(const ast::Expr& expr) {
    if (auto* lit = std::get_if<ast::IntLiteral>(&expr.node))
        return lit->value ? std::optional(Size::constant(*lit->value)) : std::nullopt;
    if (auto* n = std::get_if<ast::NameExpr>(&expr.node)) {
        if (body_->locals.count(n->name.text)) return std::nullopt;
        auto it = body_->scope.generics.find(n->name.text);
        if (it != body_->scope.generics.end()) {
            record_axis_name(n->name, body_->scope);
            check_readable(n->name.text, it->second, n->name.range);
            return Size::symbol(it->second);
        }
        if (auto value = dim_value_of(n->name.text, n->name.range)) return Size::constant(*value);
        return std::nullopt;
    }
    if (auto* b = std::get_if<ast::Binary>(&expr.node)) {
        auto l = size_value(*b->left), r = size_value(*b->right);
        if (!l || !r) return std::nullopt;
        if (b->op == "+") return *l + *r;
        if (b->op == "-") return *l - *r;
        if (b->op == "*") return *l * *r;
        // `D/2`, `D // 2`: a size when the division is exact, as in a type.
        if (auto divisor = r->as_constant(); divisor && *divisor > 0 && (b->op == "/" || b->op == "//"))
            return l->divide_exact(*divisor);
    }
    return std::nullopt;
}

Type FileChecker::type_of_index(const ast::Index& index) {
    if (auto* r = std::get_if<ast::RangeExpr>(&index.value->node)) {
        type_range_ends(*r);
        return Type{};
    }
    return type_of(*index.value);
}

Type FileChecker::type_of_causal(const ast::CausalMask& mask, ByteRange range) {
    if (mask.axes.size() != 2) {  // counted first: a name known only where it's used still counts
        report(DiagCode::E0417, range, {"two axes, as in `causal[n m]`", std::to_string(mask.axes.size())});
        return Type{};
    }
    Type out = of_kind(TypeKind::Tensor);
    out.tensor.element.kind = ElementKind::Mask;
    for (const auto& axis : mask.axes) {
        // The names are the signature's axes or dims, or among masked_fill's
        // or where's later arguments, axes of the first (causal_scope_).
        if (axis->kind != ast::AxisKind::Name) return Type{};
        std::optional<Size> size;
        auto generic = body_->scope.generics.find(axis->name.text);
        if (generic != body_->scope.generics.end()) {
            size = Size::symbol(generic->second);
            record_axis_name(axis->name, body_->scope);
        } else if (auto value = dim_value_of(axis->name.text, axis->name.range)) {
            size = Size::constant(*value);
        } else if (dim_in_error(axis->name.text)) {
            return Type{};
        } else if (causal_scope_ && causal_scope_->kind == TypeKind::Tensor) {
            for (const AxisType& a : causal_scope_->tensor.axes)
                if (a.name == axis->name.text && !a.variadic) size = a.size;
        }
        // A first argument of unknown type has had its mistake reported.
        if (!size && causal_scope_ && causal_scope_->kind == TypeKind::Unknown) return Type{};
        // The generated code reads each size off a parameter's or a local's
        // shape: an axis that only a value inside this expression has (`k
        // as [b m D]` in the einsum masked) has none to read it from.
        if (size)
            for (SymbolId id : size->symbols()) require_readable(axis->name.text, id, axis->range);
        if (!size) {
            report(DiagCode::E0417, axis->range,
                   {"axes of the signature, dims or, in masked_fill and where, axes of the value masked, as in "
                    "`causal[n m]`",
                    "`" + axis->name.text + "`"});
            return Type{};
        }
        AxisType a;
        if (axis->kind == ast::AxisKind::Name) a.name = axis->name.text;
        a.size = *size;
        a.written = source_text(axis->range);
        a.origin = axis->range;
        out.tensor.axes.push_back(std::move(a));
    }
    for (const AxisType& a : out.tensor.axes) record_effect(EffectKind::InOrder, range, "`causal`", a.size);
    return out;
}

// The quick fixes for an axis without a name that two axes of its size
// could take (`[b 3*D 3*D] + [3*D]`): one per candidate, each adding `dim E
// = 3*D` before the function and writing `E` for the axis and for that
// candidate where their types write them. Only where both are written so.
std::vector<Fix> FileChecker::name_axis_fixes(const Alignment& aligned, const TensorType& small,
                                              const TensorType& large) {
    std::vector<Fix> fixes;
    if (!aligned.ambiguous || !body_ || !body_->fn) return fixes;
    const AxisType& axis = small.axes[*aligned.ambiguous];
    // Written where it got its name and size, on one line: the fix copies
    // that text as it is (`written` is shortened for messages).
    auto written_at_origin = [&](const AxisType& a) {
        std::string_view raw = source_bytes(a.origin);
        return !raw.empty() && raw.find_first_of("\r\n") == std::string_view::npos && written(a.origin) == a.written;
    };
    if (!written_at_origin(axis)) return fixes;
    std::string name = "E";
    for (int k = 2; lookup(name) || body_->scope.generics.count(name) || body_->locals.count(name); ++k)
        name = "E" + std::to_string(k);
    // The start of the line the function's name is on (`fn`, `export fn`).
    size_t line = std::min<size_t>(body_->fn->name.range.begin, text_.size());
    while (line > 0 && text_[line - 1] != '\n') --line;
    ByteRange before_fn{static_cast<uint32_t>(line), static_cast<uint32_t>(line)};
    for (size_t j : aligned.candidates) {
        const AxisType& other = large.axes[j];
        if (!written_at_origin(other) || other.origin.begin == axis.origin.begin) continue;
        Fix fix;
        fix.title = "Name the axis: `dim " + name + " = " + axis.written + "`, for axis " + std::to_string(j + 1) +
                    " of " + axes_text(large);
        fix.edits.push_back({before_fn, "dim " + name + " = " + std::string(source_bytes(axis.origin)) + "\n\n"});
        std::vector<FixEdit> renames = {{axis.origin, name}, {other.origin, name}};
        std::sort(renames.begin(), renames.end(),
                  [](const FixEdit& a, const FixEdit& b) { return a.range.begin < b.range.begin; });
        fix.edits.insert(fix.edits.end(), renames.begin(), renames.end());
        fixes.push_back(std::move(fix));
    }
    return fixes;
}

}  // namespace ss::check
