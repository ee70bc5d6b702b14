// Dims: named compile-time sizes. Each is evaluated once, in any order (a
// dim may use one declared after it), with exact division, and a cycle is
// reported once, at the dim that closes it.
#include "check/file_checker.hpp"
#include "check/suggest.hpp"

namespace ss::check {

namespace {

bool checked_op(char op, int64_t a, int64_t b, int64_t* out) {
    switch (op) {
        case '+': return !__builtin_add_overflow(a, b, out);
        case '-': return !__builtin_sub_overflow(a, b, out);
        case '*': return !__builtin_mul_overflow(a, b, out);
        default: return false;
    }
}

}  // namespace

void FileChecker::evaluate_dims() {
    for (const ast::Item& item : items())
        if (auto* dim = std::get_if<ast::DimDecl>(&item.node))
            if (!dim->name.missing) dim_value(dim->name.text, dim->name.range);
    // Each dim's value, for hover (`dim Dh = D / H = 64`) and sizes.
    for (SymbolFact& fact : result_.symbols)
        if (fact.kind == SymbolKind::Dim)
            if (auto value = dim_values_.find(fact.name); value != dim_values_.end()) fact.dim_value = value->second;
}

// Sizes are exact: a result that doesn't fit in 64 bits is this error,
// never a wrapped value.
void FileChecker::report_too_large(ByteRange range) {
    report(DiagCode::E0402, range, {"a value too large for a size (" + written(range) + ")"});
}

// The value of the dim `name`, evaluating it on first use.
std::optional<int64_t> FileChecker::dim_value(const std::string& name, ByteRange used_at) {
    const ItemRef* ref = lookup(name);
    if (!ref || ref->kind != SymbolKind::Dim) return std::nullopt;
    DimState& state = dim_state_[name];
    if (state == DimState::Done) return dim_values_[name];
    if (!ref->item) return std::nullopt;  // imported, in error in its own file
    if (state == DimState::Failed) return std::nullopt;
    if (state == DimState::Visiting) {
        // used_at is inside the dim that closes the cycle.
        std::string cycle;
        auto start = std::find(dim_stack_.begin(), dim_stack_.end(), name);
        for (auto it = start; it != dim_stack_.end(); ++it) cycle += *it + " -> ";
        cycle += name;
        report(DiagCode::E0104, used_at, {name, cycle});
        state = DimState::Failed;
        some_dim_failed_ = true;
        return std::nullopt;
    }
    const auto& decl = std::get<ast::DimDecl>(ref->item->node);
    state = DimState::Visiting;
    dim_stack_.push_back(name);
    std::optional<int64_t> value = evaluate(*decl.value, name);
    dim_stack_.pop_back();
    DimState& after = dim_state_[name];
    if (after == DimState::Failed) return std::nullopt;  // a cycle through it was reported
    if (value && *value < 1) {
        report(DiagCode::E0403, decl.value->range, {name, std::to_string(*value)});
        value.reset();
    }
    if (!value) {
        after = DimState::Failed;
        some_dim_failed_ = true;
        return std::nullopt;
    }
    after = DimState::Done;
    dim_values_[name] = *value;
    return value;
}

// A dim's expression: integers, other dims, + - * / and parentheses.
std::optional<int64_t> FileChecker::evaluate(const ast::Expr& expr, const std::string& dim_name) {
    if (auto* lit = std::get_if<ast::IntLiteral>(&expr.node)) {
        if (!lit->value)
            report(DiagCode::E0402, expr.range, {"an integer too large for a size (" + written(expr.range) + ")"});
        return lit->value;
    }
    // `layers.D`: a dim of an imported file.
    if (std::optional<ast::Name> member = module_member(expr)) {
        const ItemRef* item = lookup_member(*member);
        if (!item) return std::nullopt;
        if (item->kind != SymbolKind::Dim) {
            report(DiagCode::E0103, member->range,
                   {member->text, std::string(kind_phrase(item->kind)), "a dim or an integer"});
            return std::nullopt;
        }
        return dim_value(member->text, member->range);
    }
    if (auto* ref = std::get_if<ast::NameExpr>(&expr.node)) {
        const ItemRef* item = lookup(ref->name.text);
        if (!item) {
            std::vector<std::string> dims = names_of({SymbolKind::Dim});
            report(DiagCode::E0102, ref->name.range, {ref->name.text, did_you_mean(ref->name.text, dims)}, {},
                   replace_with_closest(ref->name.text, ref->name.range, dims));
            return std::nullopt;
        }
        reference(*item, ref->name.range);
        if (item->kind != SymbolKind::Dim) {
            report(DiagCode::E0103, ref->name.range,
                   {ref->name.text, std::string(kind_phrase(item->kind)), "a dim or an integer"});
            return std::nullopt;
        }
        return dim_value(ref->name.text, ref->name.range);
    }
    if (auto* bin = std::get_if<ast::Binary>(&expr.node)) {
        if (bin->op == "+" || bin->op == "-" || bin->op == "*" || bin->op == "/") {
            auto left = evaluate(*bin->left, dim_name);
            auto right = evaluate(*bin->right, dim_name);
            if (!left || !right) return std::nullopt;
            if (bin->op == "/") {
                // The one quotient of int64s that doesn't fit (and traps in `%`).
                if (*left == INT64_MIN && *right == -1) {
                    report_too_large(expr.range);
                    return std::nullopt;
                }
                if (*right == 0 || *left % *right != 0) {
                    std::string why = *right == 0
                                          ? "division by zero"
                                          : std::to_string(*left) + " is not a multiple of " + std::to_string(*right);
                    report(DiagCode::E0401, expr.range, {written(expr.range), why});
                    return std::nullopt;
                }
                return *left / *right;
            }
            int64_t out = 0;
            if (!checked_op(bin->op[0], *left, *right, &out)) {
                report_too_large(expr.range);
                return std::nullopt;
            }
            return out;
        }
    }
    if (auto* un = std::get_if<ast::Unary>(&expr.node); un && un->op == "-") {
        auto value = evaluate(*un->operand, dim_name);
        if (!value) return std::nullopt;
        if (*value == INT64_MIN) {
            report_too_large(expr.range);
            return std::nullopt;
        }
        return -*value;
    }
    if (std::holds_alternative<ast::ErrorExpr>(expr.node)) return std::nullopt;  // a syntax error, reported
    report(DiagCode::E0402, expr.range, {"`" + written(expr.range) + "`"});
    return std::nullopt;
}

}  // namespace ss::check
