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
#include <algorithm>

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

std::optional<Type> FileChecker::join(const Type& a, const Type& b) {
    // A Python value on either path stays one (what needs its axes is
    // E0512), unless an error made either unknown.
    if (a.kind == TypeKind::Unknown || b.kind == TypeKind::Unknown) return unknown_of(a, b);
    // Lists whose items are of one kind each (their one element): that
    // kind when both say it, else items nothing types.
    if (a.kind == TypeKind::List && b.kind == TypeKind::List)
        return a.elements.size() == 1 && b.elements.size() == 1 && a.elements[0].kind == b.elements[0].kind
                   ? b
                   : of_kind(TypeKind::List);
    const SignatureScope& scope = body_->scope;
    // The same type, sizes and all: a size only the run knows (`?n`) fits
    // any other, so sizes that differ (`?n` and `?n + 1`, a loop's passes)
    // are apart, below, not the later one's.
    auto same_sizes = [](const Type& x, const Type& y) {
        if (x.kind != TypeKind::Tensor || y.kind != TypeKind::Tensor) return true;
        if (x.tensor.axes.size() != y.tensor.axes.size()) return true;  // fits decided it
        for (size_t i = 0; i < x.tensor.axes.size(); ++i)
            if (!(x.tensor.axes[i].size == y.tensor.axes[i].size)) return false;
        return true;
    };
    if (returns_fit(a, b, scope) && returns_fit(b, a, scope) && a.kind == b.kind) {
        if (same_sizes(a, b)) return b;
        std::optional<Type> apart = sizes_apart(a, b);
        return apart ? *apart : b;
    }
    if (number(a) && number(b)) {
        if (a.kind == TypeKind::Tensor && b.kind == TypeKind::Tensor) return std::nullopt;  // two elements
        if (b.kind == TypeKind::Tensor) return b;  // `total = 0.0`, then `total + loss`
        if (a.kind == TypeKind::Tensor) return a;
        if (a.kind == TypeKind::Float || b.kind == TypeKind::Float) return of_kind(TypeKind::Float);
        return of_kind(TypeKind::Int);  // ints and bools, as Python adds them
    }
    return sizes_apart(a, b);
}

// Two tensors that differ only in sizes (`[b n D]` and `[b 64 D]`: the same
// axes, names, dims and element): one whose differing sizes are known only
// at run time, `?n`, which anything that needs them proven refuses.
std::optional<Type> FileChecker::sizes_apart(const Type& a, const Type& b) {
    if (a.kind != TypeKind::Tensor || b.kind != TypeKind::Tensor) return std::nullopt;
    const auto &x = a.tensor.axes, &y = b.tensor.axes;
    if (x.size() != y.size() || has_variadic(a.tensor) || has_variadic(b.tensor)) return std::nullopt;
    if (!element_fits(a.tensor.element, b.tensor.element, false) ||
        !element_fits(b.tensor.element, a.tensor.element, false))
        return std::nullopt;
    Type out = b;
    for (size_t i = 0; i < x.size(); ++i) {
        // The same axis: one name (or a size written without one, `as [b 64 D]`).
        bool named_apart = x[i].name && y[i].name && *x[i].name != *y[i].name;
        if (named_apart || distinct_dims(x[i], y[i]) || x[i].factors != y[i].factors) return std::nullopt;
        if (x[i].size == y[i].size) continue;
        AxisType& axis = out.tensor.axes[i];
        axis.name = x[i].name ? x[i].name : y[i].name;
        axis.written = "?" + axis.name.value_or("k");
        axis.size = Size::symbol(new_symbol(axis.written));
        axis.dim.reset();
        axis.factors.clear();
    }
    return out;
}

std::map<std::string, Local> FileChecker::join_paths(std::vector<std::map<std::string, Local>> paths, ByteRange at) {
    // The last path's locals, each joined with every path's in order (its
    // own last: join is not always the identity on a type and itself).
    std::map<std::string, Local> out = std::move(paths.back());
    paths.pop_back();
    for (auto& entry : out) {
        // Not a structured binding: clang before 16 (the fuzz build) can't
        // capture one in a lambda.
        const std::string& name = entry.first;
        Local& local = entry.second;
        Type joined = local.type;
        auto join_with = [&](const Type& other) {
            std::optional<Type> both = join(other, joined);
            if (!both) {  // E0607 where it is read; unknown till then, so nothing cascades
                body_->mixed_types[name] = {at, in_message(other), in_message(joined)};
                joined = Type{};
                return false;
            }
            joined = std::move(*both);
            return true;
        };
        bool joins = true;
        for (const auto& path : paths) {
            auto other = path.find(name);
            if (other == path.end()) continue;  // unassigned on that path: E0105 (assigned.hpp)
            if (!(joins = join_with(other->second.type))) break;
        }
        if (joins) join_with(local.type);
        local.type = std::move(joined);
    }
    return out;
}

void FileChecker::check_if(const ast::If& stmt, ByteRange range) {
    std::set<std::string> maybe = maybe_unassigned_after(stmt);
    std::erase_if(maybe, [&](const std::string& n) { return body_->locals.count(n) != 0; });
    std::map<std::string, Local> before = body_->locals;
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
        if (!always_returns(b.body)) paths.push_back(std::move(body_->locals));  // set again below
    }
    body_->locals = std::move(before);
    body_->tensor_if_depth += on_tensor;
    if (stmt.else_body) check_block(*stmt.else_body);
    body_->tensor_if_depth -= on_tensor;
    if (!stmt.else_body || !always_returns(*stmt.else_body)) paths.push_back(std::move(body_->locals));
    if (!paths.empty()) body_->locals = join_paths(std::move(paths), range);
    for (const std::string& n : maybe) body_->maybe_unassigned[n] = range;
}

void FileChecker::check_loop_body(const ast::For& loop) {
    const std::map<std::string, Local> before = body_->locals;
    check_block(loop.body);
    // The next pass starts from what this one left: a local the loop gives
    // other axes, names or elements computes with them there, unchecked
    // (E0607); one it gives other sizes (`cache = cat(cache, new, over=m)`)
    // has sizes known only at run time, and the body is checked once more
    // with them.
    if (!meet_passes(before, loop, "this loop (before it, and after a pass)")) return;
    const std::map<std::string, Local> generalized = body_->locals;
    recheck_block(loop.body);
    meet_passes(generalized, loop, "this loop (after one pass, and after the next)");
}

// Where a pass of `loop` ends and the next starts from `start`: each local
// the pass changed gets the type both meet at, or is E0607 at its
// assignment (`between`: which passes). Whether a size changed.
bool FileChecker::meet_passes(const std::map<std::string, Local>& start, const ast::For& loop,
                              const std::string& between) {
    bool resized = false;
    for (auto& [name, local] : body_->locals) {
        auto was = start.find(name);
        if (was == start.end()) continue;
        std::optional<Type> joined = join(was->second.type, local.type);
        if (!joined) {
            report(DiagCode::E0607, last_assignment(loop.body, name, local.definition),
                   {name, in_message(was->second.type), in_message(local.type), between});
            local.type = Type{};  // either, after the loop: no second error
            continue;
        }
        resized = resized || !returns_fit(was->second.type, *joined, body_->scope);
        local.type = *joined;
    }
    return resized;
}

// The body checked again, for its diagnostics only: its facts are the first
// check's (the editor's, the code generator's), so everything else it adds
// is dropped, and a diagnostic the first check gave is not given twice.
void FileChecker::recheck_block(const ast::Block& block) {
    const size_t symbols = result_.symbols.size(), uses = result_.uses.size(), expressions = result_.expressions.size(),
                 calls = result_.program.calls.size(), effects = result_.program.effects.size(),
                 diagnostics = result_.diagnostics.size();
    const size_t references = capture_ ? capture_->references.size() : 0;
    TypedProgram* typed = typed_;
    typed_ = nullptr;
    check_block(block);
    typed_ = typed;
    result_.symbols.resize(symbols);
    result_.uses.resize(uses);
    result_.expressions.resize(expressions);
    result_.program.calls.resize(calls);
    result_.program.effects.resize(effects);
    if (capture_) capture_->references.resize(references);
    std::vector<Diagnostic> found(result_.diagnostics.begin() + static_cast<std::ptrdiff_t>(diagnostics),
                                  result_.diagnostics.end());
    result_.diagnostics.resize(diagnostics);
    for (Diagnostic& d : found) {
        bool seen = std::any_of(result_.diagnostics.begin(), result_.diagnostics.end(), [&](const Diagnostic& e) {
            return e.code == d.code && e.range.begin == d.range.begin && e.range.end == d.range.end;
        });
        if (!seen) result_.diagnostics.push_back(std::move(d));
    }
}

}  // namespace ss::check
