#include "check/assigned.hpp"

#include "syntax/walk.hpp"

#include <algorithm>
#include <iterator>
#include <optional>

namespace ss::check {

namespace {

void target_names(const ast::Expr& target, std::set<std::string>& out) {
    if (auto* n = std::get_if<ast::NameExpr>(&target.node)) out.insert(n->name.text);
    else if (auto* t = std::get_if<ast::TupleExpr>(&target.node))
        for (const auto& e : t->elements) target_names(*e, out);
}

// Every name the block assigns on some path, nested blocks included.
void assigned_anywhere(const ast::Block& block, std::set<std::string>& out) {
    for (const ast::Stmt& s : block.statements) {
        if (auto* a = std::get_if<ast::Assign>(&s.node))
            for (const auto& t : a->targets) target_names(*t, out);
        else if (auto* i = std::get_if<ast::If>(&s.node)) {
            for (const ast::Branch& b : i->branches) assigned_anywhere(b.body, out);
            if (i->else_body) assigned_anywhere(*i->else_body, out);
        }
        // What a loop assigns is left alone: a loop over data runs, and
        // flagging every `loss` assigned in one would refuse the usual loop.
    }
}

// The names every path out of the block assigns; nullopt when no path comes
// out (each returns).
std::optional<std::set<std::string>> assigned_on_every_path(const ast::Block& block);

std::optional<std::set<std::string>> if_assigns(const ast::If& stmt) {
    if (!stmt.else_body) return std::set<std::string>{};  // the path past every condition assigns nothing
    std::optional<std::set<std::string>> common;
    bool some_path_out = false;
    auto meet = [&](const ast::Block& body) {
        auto names = assigned_on_every_path(body);
        if (!names) return;  // returns: no path out
        if (!some_path_out) common = std::move(names);
        else {
            std::set<std::string> both;
            std::set_intersection(common->begin(), common->end(), names->begin(), names->end(),
                                  std::inserter(both, both.end()));
            common = std::move(both);
        }
        some_path_out = true;
    };
    for (const ast::Branch& b : stmt.branches) meet(b.body);
    meet(*stmt.else_body);
    return some_path_out ? common : std::nullopt;
}

std::optional<std::set<std::string>> assigned_on_every_path(const ast::Block& block) {
    std::set<std::string> out;
    for (const ast::Stmt& s : block.statements) {
        if (auto* a = std::get_if<ast::Assign>(&s.node)) {
            for (const auto& t : a->targets) target_names(*t, out);
        } else if (std::holds_alternative<ast::Return>(s.node)) {
            return std::nullopt;
        } else if (auto* i = std::get_if<ast::If>(&s.node)) {
            auto names = if_assigns(*i);
            if (!names) return std::nullopt;
            out.insert(names->begin(), names->end());
        }
        // A loop may run no times: what it assigns isn't assigned on every path.
    }
    return out;
}

}  // namespace

std::set<std::string> assigned_after(const ast::If& stmt) {
    auto every = if_assigns(stmt);
    return every ? *every : std::set<std::string>{};
}

std::set<std::string> changed_in(const ast::Block& block) {
    std::set<std::string> out;
    syntax::for_each_statement(block, [&](const ast::Stmt& s) {
        if (auto* a = std::get_if<ast::Assign>(&s.node))
            for (const auto& t : a->targets) target_names(*t, out);
        else if (auto* g = std::get_if<ast::AugAssign>(&s.node)) target_names(*g->target, out);
        else if (auto* f = std::get_if<ast::For>(&s.node))
            for (const ast::Name& n : f->targets) out.insert(n.text);
    });
    return out;
}

bool returns_in(const ast::Block& block) {
    bool found = false;
    syntax::for_each_statement(block, [&](const ast::Stmt& s) {
        found = found || std::holds_alternative<ast::Return>(s.node);
    });
    return found;
}

std::set<std::string> maybe_unassigned_after(const ast::If& stmt) {
    std::set<std::string> some;
    for (const ast::Branch& b : stmt.branches) assigned_anywhere(b.body, some);
    if (stmt.else_body) assigned_anywhere(*stmt.else_body, some);
    auto every = if_assigns(stmt);
    if (!every) return {};  // no path comes out of the `if`
    std::set<std::string> out;
    std::set_difference(some.begin(), some.end(), every->begin(), every->end(), std::inserter(out, out.end()));
    return out;
}

}  // namespace ss::check
