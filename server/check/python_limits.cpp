// What the generated Python can't hold (issue 12, item 9): CPython refuses
// more than 200 nested brackets and more than 100 levels of indentation, so
// a statement nested deeper than that is refused here, where the user sees
// it, not when its module is imported.
#include <algorithm>
#include <string>

#include "check/file_checker.hpp"
#include "syntax/walk.hpp"

namespace ss::check {

namespace {

// Below Python's limits by what the generated code adds around a
// statement (a step's `with`, a check's call, a masked operation's where).
constexpr int kMaxBrackets = 150;
constexpr int kMaxBlocks = 90;

// How many brackets deep the expression's Python is: calls (a pipe stage is
// one), subscripts, tuples, lists and `as` each open one.
int bracket_depth(const ast::Expr& e) {
    int deepest = 0;
    syntax::for_each_child(e, [&](const ast::Expr& child) { deepest = std::max(deepest, bracket_depth(child)); });
    const auto& n = e.node;
    bool opens = std::holds_alternative<ast::Call>(n) || std::holds_alternative<ast::Pipe>(n) ||
                 std::holds_alternative<ast::PatternCallPtr>(n) || std::holds_alternative<ast::Subscript>(n) ||
                 std::holds_alternative<ast::TupleExpr>(n) || std::holds_alternative<ast::ListExpr>(n) ||
                 std::holds_alternative<ast::As>(n) || std::holds_alternative<ast::CausalMask>(n);
    return deepest + (opens ? 1 : 0);
}

}  // namespace

void FileChecker::check_python_limits(const ast::Stmt& stmt) {
    if (body_->block_depth > kMaxBlocks && !body_->blocks_too_deep) {
        body_->blocks_too_deep = true;
        report(DiagCode::E0604, stmt.range,
               {"these blocks are", std::to_string(body_->block_depth), std::to_string(kMaxBlocks),
                "Python allows 100 levels of indentation"});
    }
    syntax::for_each_child(stmt, [&](const ast::Expr& e) {
        int depth = bracket_depth(e);
        if (depth > kMaxBrackets)
            report(DiagCode::E0604, e.range,
                   {"this expression is", std::to_string(depth), std::to_string(kMaxBrackets),
                    "Python allows 200 nested brackets"});
    });
}

}  // namespace ss::check
