// The one walker over the AST: every pass that visits statements or
// expressions recursively goes through these instead of writing its own
// recursion (and forgetting a node kind).
//
//   for_each_statement(block, f)   f(stmt) for every statement, nested blocks
//                                  (if/elif/else, for) included, in source order
//   for_each_child(stmt, f)        f(expr) for each expression the statement
//                                  itself holds (not its nested blocks')
//   for_each_child(expr, f)        f(expr) for each direct subexpression
//   for_each_expression(x, f)      f(expr) for x and every expression below it,
//                                  parents before children; x a block,
//                                  statement or expression
//
// Depth is bounded by lowering (kMaxDepth), so the recursion is too.
#pragma once

#include <type_traits>
#include <variant>

#include "syntax/ast.hpp"

namespace ss::syntax {

template <class F>
void for_each_statement(const ast::Block& block, F&& f) {
    for (const ast::Stmt& s : block.statements) {
        f(s);
        if (auto* i = std::get_if<ast::If>(&s.node)) {
            for (const ast::Branch& b : i->branches) for_each_statement(b.body, f);
            if (i->else_body) for_each_statement(*i->else_body, f);
        } else if (auto* l = std::get_if<ast::For>(&s.node)) {
            for_each_statement(l->body, f);
        }
    }
}

template <class F>
void for_each_child(const ast::Stmt& s, F&& f) {
    auto visit = [&](const ast::ExprPtr& e) {
        if (e) f(*e);
    };
    if (auto* e = std::get_if<ast::ExprStmt>(&s.node)) {
        visit(e->expr);
    } else if (auto* a = std::get_if<ast::Assign>(&s.node)) {
        for (const ast::ExprPtr& t : a->targets) visit(t);
        visit(a->value);
    } else if (auto* a = std::get_if<ast::AugAssign>(&s.node)) {
        visit(a->target);
        visit(a->value);
    } else if (auto* r = std::get_if<ast::Return>(&s.node)) {
        visit(r->value);
    } else if (auto* i = std::get_if<ast::If>(&s.node)) {
        for (const ast::Branch& b : i->branches) visit(b.condition);
    } else if (auto* l = std::get_if<ast::For>(&s.node)) {
        visit(l->iterable);
    }
}

template <class F>
void for_each_child(const ast::Expr& e, F&& f) {
    auto visit = [&](const ast::ExprPtr& x) {
        if (x) f(*x);
    };
    std::visit(
        [&](const auto& n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, ast::Unary>) {
                visit(n.operand);
            } else if constexpr (std::is_same_v<T, ast::Binary>) {
                visit(n.left);
                visit(n.right);
            } else if constexpr (std::is_same_v<T, ast::RangeExpr>) {
                visit(n.start);
                visit(n.end);
            } else if constexpr (std::is_same_v<T, ast::Pipe>) {
                visit(n.input);
                visit(n.stage);
            } else if constexpr (std::is_same_v<T, ast::As>) {
                visit(n.value);
            } else if constexpr (std::is_same_v<T, ast::Call>) {
                visit(n.callee);
                for (const ast::Argument& a : n.arguments) visit(a.value);
            } else if constexpr (std::is_same_v<T, ast::Attribute>) {
                visit(n.object);
            } else if constexpr (std::is_same_v<T, ast::Subscript>) {
                visit(n.value);
                for (const ast::Index& i : n.indices) visit(i.value);
            } else if constexpr (std::is_same_v<T, ast::TupleExpr> || std::is_same_v<T, ast::ListExpr>) {
                for (const ast::ExprPtr& x : n.elements) visit(x);
            } else if constexpr (std::is_same_v<T, ast::PatternCallPtr>) {
                for (const ast::ExprPtr& x : n->operands) visit(x);
                for (const ast::Argument& a : n->arguments) visit(a.value);
            }
            // names, literals, causal masks and errors have no subexpressions
        },
        e.node);
}

template <class F>
void for_each_expression(const ast::Expr& e, F&& f) {
    f(e);
    for_each_child(e, [&](const ast::Expr& child) { for_each_expression(child, f); });
}

template <class F>
void for_each_expression(const ast::Stmt& s, F&& f) {
    for_each_child(s, [&](const ast::Expr& e) { for_each_expression(e, f); });
}

template <class F>
void for_each_expression(const ast::Block& block, F&& f) {
    for_each_statement(block, [&](const ast::Stmt& s) { for_each_expression(s, f); });
}

}  // namespace ss::syntax
