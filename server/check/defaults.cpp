// A parameter's default: a literal of the parameter's type, as
// docs/syntax.md says (E0305), and none missing after one (E0306). Python
// evaluates a default once, when it reads the `def`, and refuses a parameter
// without one after a parameter with one; both are checked here so a checked
// program imports.
#include "check/file_checker.hpp"

namespace ss::check {

namespace {

enum class LiteralKind { Int, Float, Bool, Str, NotALiteral };

LiteralKind literal_kind(const ast::Expr& expr) {
    if (std::holds_alternative<ast::IntLiteral>(expr.node)) return LiteralKind::Int;
    if (std::holds_alternative<ast::FloatLiteral>(expr.node) || std::holds_alternative<ast::InfLiteral>(expr.node))
        return LiteralKind::Float;
    if (std::holds_alternative<ast::BoolLiteral>(expr.node)) return LiteralKind::Bool;
    if (std::holds_alternative<ast::StringLiteral>(expr.node)) return LiteralKind::Str;
    if (const auto* unary = std::get_if<ast::Unary>(&expr.node);
        unary && unary->operand && (unary->op == "-" || unary->op == "+")) {
        LiteralKind inner = literal_kind(*unary->operand);
        if (inner == LiteralKind::Int || inner == LiteralKind::Float) return inner;
    }
    return LiteralKind::NotALiteral;
}

// What a default of a parameter of this type must be, or nothing when such a
// parameter can't have one.
std::optional<std::string> wanted_literal(TypeKind kind) {
    switch (kind) {
        case TypeKind::Int: return "an int literal, such as `0` or `-1`";
        case TypeKind::Float: return "a number literal, such as `1e-5`";
        case TypeKind::Bool: return "`true` or `false`";
        case TypeKind::Str: return "a string literal, such as `\"mean\"`";
        default: return std::nullopt;
    }
}

bool fits(LiteralKind literal, TypeKind kind) {
    switch (kind) {
        case TypeKind::Int: return literal == LiteralKind::Int;
        case TypeKind::Float: return literal == LiteralKind::Int || literal == LiteralKind::Float;
        case TypeKind::Bool: return literal == LiteralKind::Bool;
        case TypeKind::Str: return literal == LiteralKind::Str;
        default: return false;
    }
}

}  // namespace

void FileChecker::check_default(const ast::Param& param, const Type& type) {
    if (!param.default_value || type.kind == TypeKind::Unknown) return;
    const ast::Expr& value = *param.default_value;
    std::optional<std::string> wanted = wanted_literal(type.kind);
    if (!wanted) {
        report(DiagCode::E0305, value.range,
               {param.name.text,
                "nothing: only an int, float, bool or str parameter has a default, and this one is " + in_message(type),
                written(value.range)});
        return;
    }
    if (!fits(literal_kind(value), type.kind))
        report(DiagCode::E0305, value.range, {param.name.text, *wanted, written(value.range)});
}

void FileChecker::check_default_order(const std::vector<ast::Param>& params) {
    const ast::Param* first_default = nullptr;
    for (const ast::Param& p : params) {
        if (p.name.missing) continue;
        if (p.default_value) {
            if (!first_default) first_default = &p;
        } else if (first_default) {
            report(DiagCode::E0306, p.name.range, {p.name.text, first_default->name.text},
                   {{first_default->name.range, "`" + first_default->name.text + "` has a default"}});
        }
    }
}

}  // namespace ss::check
