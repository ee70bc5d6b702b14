// Calls that give no value: print, save, update, `log(key=value)` and a fn
// with neither a return type nor a `return` of a value all give Python's
// None. Such a call is a statement of its own; used as a value (`for b in
// data |> print(8)`, `y = save(...)`) it is E0511, since the Python built
// from it would fail or compute with None.
#include <algorithm>

#include "check/builtin_table.hpp"
#include "check/file_checker.hpp"

namespace ss::check {

bool returns_a_value(const ast::Block& body) {
    for (const ast::Stmt& s : body.statements) {
        if (auto* r = std::get_if<ast::Return>(&s.node); r && r->value) return true;
        if (auto* i = std::get_if<ast::If>(&s.node)) {
            for (const ast::Branch& b : i->branches)
                if (returns_a_value(b.body)) return true;
            if (i->else_body && returns_a_value(*i->else_body)) return true;
        }
        if (auto* f = std::get_if<ast::For>(&s.node); f && returns_a_value(f->body)) return true;
    }
    return false;
}

void FileChecker::check_gives_a_value(const ast::Expr& expr, const ast::Expr& callee, const ast::Call* call,
                                      bool piped) {
    if (&expr == discarded_) return;  // the statement's own call: its None is dropped
    auto* name = std::get_if<ast::NameExpr>(&callee.node);
    if (!name || body_->locals.count(name->name.text)) return;
    const std::string& f = name->name.text;
    std::string why;
    if (const ItemRef* item = lookup(f)) {
        auto sig = signatures_.find(f);
        if (item->kind != SymbolKind::Function || sig == signatures_.end() || !sig->second.gives_nothing) return;
        why = " (it declares no return type and returns no value)";
    } else if (const Builtin* b = find_builtin(f); b && b->gives_nothing) {
        bool positional = call && std::any_of(call->arguments.begin(), call->arguments.end(),
                                              [](const ast::Argument& a) { return !a.keyword; });
        if (!call_has_effect(*b, piped, positional)) return;
        if (b->rule == BuiltinRule::Log && call && call->arguments.empty()) return;  // `log()`: E0502 already
    } else {
        return;
    }
    report(DiagCode::E0511, expr.range, {"`" + f + "`", why});
}

}  // namespace ss::check
