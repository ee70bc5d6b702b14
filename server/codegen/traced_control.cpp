// Control flow in the export module (docs/export.md, "Control flow"):
// torch.export can't follow a Python `if` on a value it doesn't know, nor a
// loop whose end is a dynamic size, so there each branch of an `if` and the
// body of a `for i in a..b` is a function of the values it may change,
// returning them, and the runtime (shapescript/control.py) runs it as a
// Python `if` or loop where the condition or the ends are known while
// tracing, and as torch.cond or torch.while_loop where they aren't.
#include <sstream>

#include <algorithm>

#include "check/assigned.hpp"
#include "codegen/emitter.hpp"
#include "syntax/walk.hpp"

namespace ss::codegen {

namespace {

std::string pad(int indent) { return std::string(static_cast<size_t>(indent) * 4, ' '); }

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace

std::vector<std::string> Emitter::python_names(const std::vector<std::string>& names) const {
    std::vector<std::string> out;
    for (const std::string& n : names) out.push_back(variable_name(n));
    return out;
}

void Emitter::traced_block(const std::string& def, const std::vector<std::string>& params, const ast::Block* body,
                           const std::vector<std::string>& results, int indent, std::ostringstream& out) {
    out << pad(indent) << "def " << def << "(" << joined(python_names(params)) << "):\n";
    // What the body assigns is its own until it is returned: the names it
    // defines, and the sizes read from their shapes, don't outlive it.
    std::set<std::string> defined = fn_->defined;
    LocalShapes shapes = fn_->locals;
    fn_->defined.insert(params.begin(), params.end());
    if (body) block(*body, indent + 1, out);
    out << pad(indent + 1) << "return " << py_tuple(python_names(results)) << "\n";
    fn_->defined = std::move(defined);
    fn_->locals = std::move(shapes);
}

void Emitter::traced_branches(const ast::If& stmt, size_t from, const std::vector<std::string>& inputs,
                              const std::vector<std::string>& outputs, int indent, std::ostringstream& out) {
    int id = ++fn_->traced_blocks;
    std::string then = "_ss_then_" + std::to_string(id), otherwise = "_ss_else_" + std::to_string(id);
    traced_block(then, inputs, &stmt.branches[from].body, outputs, indent, out);
    if (from + 1 < stmt.branches.size()) {
        // `elif`: the rest of the chain is the `else` branch's own `if`.
        out << pad(indent) << "def " << otherwise << "(" << joined(python_names(inputs)) << "):\n";
        std::set<std::string> defined = fn_->defined;
        fn_->defined.insert(inputs.begin(), inputs.end());
        traced_branches(stmt, from + 1, inputs, outputs, indent + 1, out);
        out << pad(indent + 1) << "return " << py_tuple(python_names(outputs)) << "\n";
        fn_->defined = std::move(defined);
    } else {
        traced_block(otherwise, inputs, stmt.else_body ? &*stmt.else_body : nullptr, outputs, indent, out);
    }
    out << pad(indent) << py_tuple(python_names(outputs)) << " = _ss_rt.branch("
        << expr(*stmt.branches[from].condition).text << ", " << then << ", " << otherwise << ", "
        << py_tuple(python_names(inputs)) << ")\n";
}

bool Emitter::traced_if(const ast::If& stmt, int indent, std::ostringstream& out) {
    if (!exporting() || !fn_) return false;
    std::set<std::string> changed;
    for (const ast::Branch& b : stmt.branches) {
        if (check::returns_in(b.body)) return false;  // a Python `if` (E1706 refuses one on a tensor)
        auto names = check::changed_in(b.body);
        changed.insert(names.begin(), names.end());
    }
    if (stmt.else_body) {
        if (check::returns_in(*stmt.else_body)) return false;
        auto names = check::changed_in(*stmt.else_body);
        changed.insert(names.begin(), names.end());
    }
    // A branch takes the values it may change that exist before the `if`,
    // and returns those and the ones every branch assigns.
    std::set<std::string> every = check::assigned_after(stmt);
    std::vector<std::string> inputs, assigned;
    for (const std::string& name : changed) {
        if (fn_->defined.count(name)) inputs.push_back(name);
        else if (every.count(name)) assigned.push_back(name);
    }
    std::vector<std::string> outputs = inputs;  // the inputs first, in order: the runtime pairs them up
    outputs.insert(outputs.end(), assigned.begin(), assigned.end());
    if (outputs.empty()) return false;  // nothing it computes is seen after it
    traced_branches(stmt, 0, inputs, outputs, indent, out);
    for (const std::string& name : outputs) locals_.insert(name);
    fn_->defined.insert(outputs.begin(), outputs.end());
    return true;
}

bool Emitter::traced_for(const ast::For& loop, int indent, std::ostringstream& out) {
    auto* range = std::get_if<ast::RangeExpr>(&loop.iterable->node);
    // A Hugging Face model's loops stay Python loops, unrolled when an engine
    // compiles it: each attention in them is a layer of its own (hf_module.cpp).
    if (!exporting() || options_.hf || !fn_ || !range || !range->start || !range->end || loop.targets.size() != 1 ||
        check::returns_in(loop.body))
        return false;
    const std::string& index = loop.targets[0].text;
    // Names read after the loop (anywhere later in the function's text).
    auto read_after = [&](const std::string& name) {
        bool read = false;
        syntax::for_each_expression(fn_->def->body, [&](const ast::Expr& e) {
            if (auto* n = std::get_if<ast::NameExpr>(&e.node))
                read = read || (n->name.text == name && n->name.range.begin >= loop.body.range.end);
        });
        return read;
    };
    // Ends made of numbers, dims and int parameters are ints while torch
    // traces (a Python loop); a generic size makes a torch.while_loop.
    bool known_ends = true;
    for (const ast::ExprPtr* end : {&range->start, &range->end})
        syntax::for_each_expression(**end, [&](const ast::Expr& e) {
            auto* n = std::get_if<ast::NameExpr>(&e.node);
            if (!n || typed_.dims.count(n->name.text)) return;
            const check::Type* t = type_of(e);
            known_ends = known_ends && is_local(n->name.text) && t && t->kind == check::TypeKind::Int && fn_->def &&
                         std::any_of(fn_->def->params.begin(), fn_->def->params.end(),
                                     [&](const ast::Param& p) { return p.name.text == n->name.text; });
        });
    // What the body changes that exists before it, then what it defines and
    // is read after it (None before the first step: control.loop runs that
    // step as it is), so that both are seen after the loop, as in Python.
    std::vector<std::string> carried, defined_here;
    for (const std::string& name : check::changed_in(loop.body)) {
        if (name == index) continue;
        if (fn_->defined.count(name)) carried.push_back(name);
        else if (read_after(name)) defined_here.push_back(name);
    }
    bool index_after = read_after(index);
    if (!known_ends && (!defined_here.empty() || index_after))
        fail(loop.iterable->range,
             "in an exported function, a loop whose end only the run knows can't give a name to what follows it (`" +
                 (defined_here.empty() ? index : defined_here[0]) + "`): give it a value before the loop");
    if (carried.empty() && defined_here.empty() && !index_after) return false;  // nothing it computes is seen after it
    std::vector<std::string> initial = python_names(carried);
    for (size_t i = 0; i < defined_here.size(); ++i) initial.push_back("None");
    carried.insert(carried.end(), defined_here.begin(), defined_here.end());
    locals_.insert(index);
    std::string body = "_ss_body_" + std::to_string(++fn_->traced_blocks);
    std::vector<std::string> params{index};
    params.insert(params.end(), carried.begin(), carried.end());
    fn_->loop_indices.push_back(variable_name(index));
    traced_block(body, params, &loop.body, carried, indent, out);
    fn_->loop_indices.pop_back();
    std::string start = expr(*range->start).text, stop = expr(*range->end).text;
    out << pad(indent) << py_tuple(python_names(carried)) << " = _ss_rt.loop(" << start << ", " << stop << ", " << body
        << ", " << py_tuple(initial) << ")\n";
    // After the loop its variable is its last value, as in Python (and as
    // it was when the loop ran no step).
    if (index_after)
        out << pad(indent) << "if " << start << " < " << stop << ":\n"
            << pad(indent + 1) << variable_name(index) << " = " << stop << " - 1\n";
    for (const std::string& name : carried) fn_->defined.insert(name);
    fn_->defined.insert(index);
    return true;
}

}  // namespace ss::codegen
