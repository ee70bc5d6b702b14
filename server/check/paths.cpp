// Where paths meet: after an `if` (each branch checked from the locals
// before it, as Python runs one of them) and around a loop (its body runs
// again with what a pass left). A local must have one type where they
// meet, or what comes after computes with a type the checker never saw:
// `y = x` then `if flag: y = einsum(x: D E -> E D)` leaves y [D E] or
// [E D]; `h = tanh(h @ w)` in a loop changes h's axes on the second pass.
// Numbers and tensors without axes join (`total = 0.0`, then `total =
// total + loss`), as Python and torch mix them. Otherwise reading such a
// local after an `if` is E0607, and a loop that changes one is E0607 at
// its assignment.
#include "check/assigned.hpp"
#include "check/file_checker.hpp"
#include "syntax/walk.hpp"

namespace ss::check {

namespace {

bool number(const Type& t) {
    return t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Bool ||
           (t.kind == TypeKind::Tensor && t.tensor.axes.empty());
}

// Where the loop body last assigns `name` (a parameter's definition is
// its signature's, not where a loop changes it); `otherwise` if nowhere.
ByteRange last_assignment(const ast::Block& body, const std::string& name, ByteRange otherwise) {
    ByteRange at = otherwise;
    auto note = [&](const ast::Expr& target) {
        if (auto* n = std::get_if<ast::NameExpr>(&target.node); n && n->name.text == name) at = target.range;
    };
    syntax::for_each_statement(body, [&](const ast::Stmt& s) {
        if (auto* a = std::get_if<ast::Assign>(&s.node))
            for (const auto& t : a->targets) note(*t);
        if (auto* a = std::get_if<ast::AugAssign>(&s.node)) note(*a->target);
    });
    return at;
}

}  // namespace

std::optional<Type> FileChecker::join(const Type& a, const Type& b) const {
    if (a.kind == TypeKind::Unknown || b.kind == TypeKind::Unknown) return Type{};
    const SignatureScope& scope = body_->scope;
    if (returns_fit(a, b, scope) && returns_fit(b, a, scope) && a.kind == b.kind) return b;
    if (number(a) && number(b)) {
        if (a.kind == TypeKind::Tensor && b.kind == TypeKind::Tensor) return std::nullopt;  // two elements
        if (b.kind == TypeKind::Tensor) return b;  // `total = 0.0`, then `total + loss`
        if (a.kind == TypeKind::Tensor) return a;
        if (a.kind == TypeKind::Float || b.kind == TypeKind::Float) return of_kind(TypeKind::Float);
        return of_kind(TypeKind::Int);  // ints and bools, as Python adds them
    }
    return std::nullopt;
}

std::map<std::string, Local> FileChecker::join_paths(const std::vector<std::map<std::string, Local>>& paths,
                                                     ByteRange at) {
    std::map<std::string, Local> out = paths.back();
    for (auto& [name, local] : out) {
        Type joined = local.type;
        for (const auto& path : paths) {
            auto other = path.find(name);
            if (other == path.end()) continue;  // unassigned on that path: E0105 (assigned.hpp)
            std::optional<Type> both = join(other->second.type, joined);
            if (!both) {  // E0607 where it is read; unknown till then, so nothing cascades
                body_->mixed_types[name] = {at, in_message(other->second.type), in_message(joined)};
                joined = Type{};
                break;
            }
            joined = *both;
        }
        local.type = joined;
    }
    return out;
}

void FileChecker::check_if(const ast::If& stmt, ByteRange range) {
    std::set<std::string> maybe = maybe_unassigned_after(stmt);
    std::erase_if(maybe, [&](const std::string& n) { return body_->locals.count(n) != 0; });
    const std::map<std::string, Local> before = body_->locals;
    std::vector<std::map<std::string, Local>> paths;  // the locals where each path leaves the `if`
    // From the first branch on a tensor on, the rest of the `if` is inside
    // an `if` on a tensor (a `torch.cond` when exported).
    int on_tensor = 0;
    for (const ast::Branch& b : stmt.branches) {
        body_->locals = before;
        if (check_condition(*b.condition).kind == TypeKind::Tensor) {
            record_effect(EffectKind::TensorIf, b.condition->range, written(b.condition->range));
            on_tensor = 1;
        }
        body_->tensor_if_depth += on_tensor;
        check_block(b.body);
        body_->tensor_if_depth -= on_tensor;
        if (!always_returns(b.body)) paths.push_back(body_->locals);
    }
    body_->locals = before;
    body_->tensor_if_depth += on_tensor;
    if (stmt.else_body) check_block(*stmt.else_body);
    body_->tensor_if_depth -= on_tensor;
    if (!stmt.else_body || !always_returns(*stmt.else_body)) paths.push_back(body_->locals);
    if (!paths.empty()) body_->locals = join_paths(paths, range);
    for (const std::string& n : maybe) body_->maybe_unassigned[n] = range;
}

void FileChecker::check_loop_body(const ast::For& loop) {
    const std::map<std::string, Local> before = body_->locals;
    check_block(loop.body);
    // The next pass starts from what this one left: a local the loop gives
    // another type computes with it there, unchecked.
    for (auto& [name, local] : body_->locals) {
        auto was = before.find(name);
        if (was == before.end()) continue;
        std::optional<Type> joined = join(was->second.type, local.type);
        if (joined) {
            local.type = *joined;
            continue;
        }
        report(DiagCode::E0607, last_assignment(loop.body, name, local.definition),
               {name, in_message(was->second.type), in_message(local.type), "this loop (before it, and after a pass)"});
        local.type = Type{};  // either, after the loop: no second error
    }
}

}  // namespace ss::check
