// Functions and statements: one Python function per `fn`, with its argument
// checks, the sizes its body needs bound from its parameters' shapes, and a
// `# file.ss:N` comment before each statement.
#include <set>
#include <sstream>

#include "check/assigned.hpp"
#include "check/builtin_table.hpp"
#include "check/program.hpp"
#include "codegen/emitter.hpp"
#include "syntax/walk.hpp"

namespace ss::codegen {

namespace {

std::string pad(int indent) { return std::string(static_cast<size_t>(indent) * 4, ' '); }

}  // namespace

// The fields a function sets, as paths (`m.norm.w`), which its reads must
// not take from before the update; a call given a model (`update(m, opt,
// grads)`, a step taking `mut m`) may set any of its fields in place: `m.*`.
void Emitter::collect_assigned_fields(const ast::FnDef& fn, FunctionState& state) {
    syntax::for_each_statement(fn.body, [&](const ast::Stmt& s) {
        const ast::Expr* target = nullptr;
        if (auto* a = std::get_if<ast::Assign>(&s.node); a && a->targets.size() == 1) target = a->targets[0].get();
        if (auto* a = std::get_if<ast::AugAssign>(&s.node)) target = a->target.get();
        if (auto path = target ? field_path(*target) : std::nullopt) state.assigned_fields.insert(*path);
    });
    syntax::for_each_expression(fn.body, [&](const ast::Expr& e) {
        auto* call = std::get_if<ast::Call>(&e.node);
        if (!call) return;
        for (const ast::Argument& a : call->arguments) {
            const check::Type* t = type_of(*a.value);
            if (auto path = field_path(*a.value); path && t && t->kind == check::TypeKind::Model)
                state.assigned_fields.insert(*path + ".*");
        }
    });
}

// Where each generic axis's size can be read (a parameter's shape, a
// batch's first field), and the device: the program's when its file says
// one, else the first tensor's, batch's or model's among the parameters.
void Emitter::bind_parameters(const std::vector<check::TypedParam>& params, FunctionState& state) {
    state.device = program_device_ ? "_ss_device" : "None";
    for (const check::TypedParam& p : params) {
        std::string name = variable_name(p.name);
        locals_.insert(p.name);
        state.defined.insert(p.name);
        if (p.type.kind == check::TypeKind::Mode) state.mode_params.insert(p.name);
        if (p.type.kind == check::TypeKind::Tensor) {
            for (const PlacedAxis& a : placed_axes(p.type.tensor)) {
                auto linear = a.axis->size.as_linear();
                if (!linear || state.parameter_source.count(linear->symbol)) continue;
                std::string read = name + ".shape[" + std::to_string(a.dim) + "]";
                if (linear->offset) read = "(" + read + " - " + std::to_string(linear->offset) + ")";
                if (linear->coefficient != 1) read += " // " + std::to_string(linear->coefficient);
                state.parameter_source[linear->symbol] = read;
                state.source_parameter[linear->symbol] = p.name;
            }
            if (state.device == "None") {
                state.device = name + ".device";
                state.device_parameter = &p;
            }
        }
        if (p.type.kind == check::TypeKind::Batch && !p.type.tensor.axes.empty()) {
            auto first = first_fields_.find(p.type.ref);
            std::string field = first == first_fields_.end() ? "" : first->second;
            if (auto linear = p.type.tensor.axes[0].size.as_linear(); linear && !field.empty()) {
                if (state.parameter_source
                        .emplace(linear->symbol, name + "." + py_name(field, NameRole::DataField) + ".shape[0]")
                        .second)
                    state.source_parameter[linear->symbol] = p.name;
                if (state.device == "None") {
                    state.device = name + "." + py_name(field, NameRole::DataField) + ".device";
                    state.device_parameter = &p;
                }
            }
        }
    }
    if (state.device == "None")
        for (const check::TypedParam& p : params)
            if (p.type.kind == check::TypeKind::Model) {
                state.device = "_ss_rt.device_of(" + variable_name(p.name) + ")";
                state.device_parameter = &p;
                break;
            }
}

// `def name(params[, _ss_pad=None][, _ss_keep=False]):` and the header as
// written, as the docstring.
void Emitter::function_header(const ast::FnDef& fn, const FunctionState& state, bool step, std::ostringstream& out) {
    out << "\ndef " << py_name(fn.name.text, NameRole::Global) << "(";
    for (size_t i = 0; i < fn.params.size(); ++i) {
        const ast::Param& p = fn.params[i];
        if (i) out << ", ";
        out << variable_name(p.name.text);
        if (p.default_value) out << "=" << expr(*p.default_value).text;
    }
    // The masks of its padded axes, from a padded caller; Python callers leave it out.
    bool given_pads = given_pads_.count(fn.name.text) > 0;
    if (given_pads) out << (fn.params.empty() ? "" : ", ") << "_ss_pad=None";
    // Whether its caller keeps the selections it returns; Python callers get them compacted.
    if (state.gives_back) out << (fn.params.empty() && !given_pads ? "" : ", ") << "_ss_keep=False";
    out << "):\n";
    out << "    " << py_docstring(header_text(fn) + (step ? ", a step" : "")) << "\n";
}

// The header as written, on one line, and where: the docstring of the
// function in the module and in its stub.
std::string Emitter::header_text(const ast::FnDef& fn) const {
    uint32_t header_end = fn.return_type ? fn.return_type->range.end
                                         : (fn.params.empty() ? fn.name.range.end : fn.params.back().range.end + 1);
    std::string header(text_.substr(fn.name.range.begin, header_end - fn.name.range.begin));
    for (char& c : header)
        if (c == '\n' || c == '\r') c = ' ';
    return header + "  (" + where(fn.name.range) + ")";
}

// Before the body: datasets converted, the arguments checked, the sizes the
// body needs bound, the masks it was given, and a step's scope opened.
void Emitter::function_prologue(const ast::FnDef& fn, const std::vector<check::TypedParam>& params,
                                const FunctionState& state, const std::string& sig, bool check_result, bool step_scope,
                                std::ostringstream& out) {
    // A dataset from Python (a mapping of arrays, a file) made a Dataset,
    // checked, as `as Dataset[T]` makes one.
    for (size_t i = 0; i < params.size(); ++i)
        if (params[i].type.kind == check::TypeKind::Dataset)
            out << "    " << variable_name(params[i].name) << " = _ss_rt.convert_arg(" << sig << ", " << i << ", "
                << variable_name(params[i].name) << ")\n";
    if (!params.empty() || check_result) {
        std::vector<std::string> names;
        for (const check::TypedParam& p : params) names.push_back(variable_name(p.name));
        out << "    if " << kAnyChecks << ":\n        " << (check_result ? "_ss_bound = " : "") << "_ss_rt.check_args("
            << sig << ", " << py_tuple(names) << ", _ss_value_checks, _ss_checks)\n";
    }
    for (check::SymbolId s : state.needed)
        if (auto src = state.parameter_source.find(s); src != state.parameter_source.end())
            out << "    " << state.variable.at(s) << " = " << src->second << "\n";
    if (state.device_used) out << "    _ss_arg_device = " << state.device_at_entry << "\n";
    bool given_pads = given_pads_.count(fn.name.text) > 0;
    if (state.reads_pads) out << "    _ss_pads = " << (given_pads ? "dict(_ss_pad or {})" : "{}") << "\n";
    if (step_scope) {
        out << "    with _ss_rt.step(";
        bool first = true;
        for (const check::TypedParam& p : params)
            if (p.type.kind == check::TypeKind::Mode) {
                out << (first ? "" : ", ") << variable_name(p.name);
                first = false;
            }
        out << "):\n";
    }
}

void Emitter::open_function(const ast::FnDef& fn, const std::vector<check::TypedParam>& params, FunctionState& state) {
    state.pads = pads_of(fn.name.text);
    state.name = fn.name.text;
    state.def = &fn;
    collect_assigned_fields(fn, state);
    fn_ = &state;
    locals_.clear();
    bind_parameters(params, state);
    // A parameter the device is read from that the body gives a value of
    // another kind (`x = mode == Eval`) has no device after that: read it
    // once, at the top. One given a tensor again (`x = x + 1`) still has it.
    if (state.device_parameter && gives_another_kind(fn, *state.device_parameter)) {
        state.device_at_entry = state.device;
        state.device = "_ss_arg_device";
    }
}

// Whether the body assigns `p` a value of another kind than its own, or
// of a kind no type says (a Python value's), or makes it a loop's variable.
bool Emitter::gives_another_kind(const ast::FnDef& fn, const check::TypedParam& p) const {
    bool another = false;
    syntax::for_each_statement(fn.body, [&](const ast::Stmt& s) {
        if (auto* a = std::get_if<ast::Assign>(&s.node)) {
            const check::Type* value = type_of(*a->value);
            for (size_t i = 0; i < a->targets.size(); ++i) {
                auto* n = std::get_if<ast::NameExpr>(&a->targets[i]->node);
                if (!n || n->name.text != p.name) continue;
                const check::Type* t = target_type(value, a->targets.size(), i);
                another = another || !t || t->kind != p.type.kind;
            }
        } else if (auto* f = std::get_if<ast::For>(&s.node)) {
            for (const ast::Name& target : f->targets) another = another || target.text == p.name;
        }
    });
    return another;
}

const check::Type* Emitter::target_type(const check::Type* value, size_t targets, size_t i) {
    if (!value || targets == 1) return value;
    return value->kind == check::TypeKind::Tuple && i < value->elements.size() ? &value->elements[i] : nullptr;
}

std::string Emitter::device() {
    if (!fn_) return "None";
    if (!fn_->device_at_entry.empty()) fn_->device_used = true;
    return fn_->device;
}

void Emitter::function(const ast::FnDef& fn, std::ostringstream& out) {
    auto typed = typed_.functions.find(fn.name.text);
    if (typed == typed_.functions.end()) return;
    FunctionState state;
    const auto& params = typed->second.params;
    open_function(fn, params, state);

    bool step = steps_.count(fn.name.text) > 0;
    bool step_scope = step && !state.mode_params.empty();

    // The signature, written once, for the argument and result checks;
    // each `return` checks what it returns (statement()).
    std::string sig = "_ss_sig_" + py_name(fn.name.text, NameRole::Global);
    const auto& returns = typed->second.returns;
    bool check_result = returns && checks_anything(*returns);
    if (check_result) state.result_signature = sig;

    // The body first: it says which sizes and masks the prologue binds.
    std::ostringstream body;
    block(fn.body, step_scope ? 2 : 1, body);

    std::vector<std::pair<std::string, const check::Type*>> checked;
    for (const check::TypedParam& p : params) checked.emplace_back(p.name, &p.type);
    out << "\n\n"
        << signature(sig, fn.name.text, fn.name.range, checked, check_result ? &*returns : nullptr, "", false,
                     check_result && result_follows(fn.name.text))
        << "\n";
    function_header(fn, state, step, out);
    function_prologue(fn, params, state, sig, check_result, step_scope, out);
    out << body.str();
    fn_ = nullptr;
    if (std::string line = paddable_line(fn); !line.empty()) out << "\n\n" << line;
    // A step the recording analysis found recordable (docs/recording.md).
    if (recorded_.count(fn.name.text)) {
        std::string name = py_name(fn.name.text, NameRole::Global);
        out << "\n\n"
            << name << " = _ss_rt.recorded(" << name << ", " << py_string(fn.name.text) << ", "
            << py_string(where(fn.name.range)) << ")\n";
    }
}

// Whether the checker proves what a function returns follows from its
// arguments' shapes, elements and devices alone: neither its body nor any
// function of this file it reaches calls Python, an extern fn, a function
// of another file or a value, loads data or makes a size from data. Its
// signature then says so (`follows=True`), and a result that passed is
// trusted for later calls with arguments like those (docs/generated-code.md).
bool Emitter::result_follows(const std::string& fn) const {
    const check::ProgramFacts& program = check_.program;
    std::vector<std::pair<size_t, check::CallPath>> reached = check::CallGraph(program).with_reached(fn);
    if (reached.empty()) return false;
    std::set<std::string> own;  // this file's functions (a callee of another file is Function too)
    for (const check::FunctionFacts& f : program.functions) own.insert(f.name);
    for (const auto& [index, path] : reached) {
        const check::FunctionFacts& f = program.functions[index];
        for (size_t i = f.effects_begin; i < f.effects_end; ++i) {
            check::EffectKind kind = program.effects[i].kind;
            if (kind == check::EffectKind::PythonCall || kind == check::EffectKind::Load ||
                kind == check::EffectKind::DataDependentSize)
                return false;
        }
        for (size_t i = f.calls_begin; i < f.calls_end; ++i) {
            const check::CallSite& call = program.calls[i];
            bool known = call.kind == check::CalleeKind::Builtin || call.kind == check::CalleeKind::ModelInit ||
                         (call.kind == check::CalleeKind::Function && own.count(call.callee));
            if (!known || call.passed_as_value) return false;
        }
    }
    return true;
}

std::string Emitter::signature(const std::string& variable, const std::string& name, ByteRange at,
                               const std::vector<std::pair<std::string, const check::Type*>>& params,
                               const check::Type* result, const std::string& extern_target, bool any_float,
                               bool follows) {
    std::ostringstream out;
    out << variable << " = _ss_rt.Signature(" << py_string(name) << ", " << py_string(where(at)) << ", (\n";
    for (const auto& [param, type] : params)
        out << "    (" << py_string(param) << ", " << spec_of(*type, any_float) << "),\n";
    out << ")";
    if (result) out << ", result=" << spec_of(*result, any_float);
    if (!extern_target.empty()) out << ", extern=" << py_string(extern_target);
    if (program_device_) out << ", device=_ss_device";
    if (follows) out << ", follows=True";
    out << ")\n";
    return out.str();
}

void Emitter::block(const ast::Block& b, int indent, std::ostringstream& out) {
    size_t before = out.tellp();
    for (const ast::Stmt& s : b.statements) statement(s, indent, out);
    if (static_cast<size_t>(out.tellp()) == before) out << pad(indent) << "pass\n";
}

std::optional<std::string> field_path(const ast::Expr& e) {
    if (auto* n = std::get_if<ast::NameExpr>(&e.node)) return n->name.text;
    if (auto* a = std::get_if<ast::Attribute>(&e.node))
        if (auto object = field_path(*a->object)) return *object + "." + a->attribute.text;
    return std::nullopt;
}

Py Emitter::snapshot(const ast::Expr& e, Py value) const {
    if (!fn_ || fn_->assigned_fields.empty()) return value;
    // What a view of a field can be written as: the field, a slice or an
    // index of it, an `as` of it, a rearrange of it (piped or not).
    const ast::Expr* root = &e;
    for (;;) {
        if (auto* s = std::get_if<ast::Subscript>(&root->node)) root = s->value.get();
        else if (auto* a = std::get_if<ast::As>(&root->node)) root = a->value.get();
        else if (auto* p = std::get_if<ast::Pipe>(&root->node)) root = p->input.get();
        else if (auto* c = std::get_if<ast::PatternCallPtr>(&root->node); c && !(*c)->operands.empty())
            root = (*c)->operands[0].get();
        else break;
    }
    if (!std::holds_alternative<ast::Attribute>(root->node)) return value;
    auto path = field_path(*root);
    if (!path) return value;
    bool assigned = fn_->assigned_fields.count(*path) != 0;
    for (size_t dot = path->rfind('.'); !assigned && dot != std::string::npos && dot > 0;
         dot = path->rfind('.', dot - 1))
        assigned = fn_->assigned_fields.count(path->substr(0, dot) + ".*") != 0;
    if (!assigned) return value;
    return {operand(value, kAtom) + ".clone()", kAtom};
}

// `m.w = value`: through the runtime, which keeps the field a parameter of
// its shape.
std::string Emitter::set_field(const ast::Attribute& field, const std::string& value) {
    return "_ss_rt.set_field(" + expr(*field.object).text + ", " +
           py_string(py_name(field.attribute.text, NameRole::ModelField)) + ", " + value + ")";
}

void Emitter::statement(const ast::Stmt& s, int indent, std::ostringstream& out) {
    std::string in = pad(indent);
    if (s.has_syntax_error || std::holds_alternative<ast::ErrorStmt>(s.node))
        fail(s.range, "a statement with a syntax error");
    out << in << "# " << py_comment(where(s.range)) << "\n";
    if (auto* e = std::get_if<ast::ExprStmt>(&s.node)) out << in << expr(*e->expr).text << "\n";
    else if (auto* a = std::get_if<ast::Assign>(&s.node)) assignment(*a, in, out);
    else if (auto* a = std::get_if<ast::AugAssign>(&s.node)) aug_assignment(*a, in, out);
    else if (auto* r = std::get_if<ast::Return>(&s.node)) return_statement(*r, in, out);
    else if (auto* i = std::get_if<ast::If>(&s.node)) if_statement(*i, indent, out);
    else if (auto* f = std::get_if<ast::For>(&s.node)) for_statement(*f, indent, out);
}

// `x = v`, `a, b = v`; `m.w = e` changes a model's field in place.
void Emitter::assignment(const ast::Assign& assignment, const std::string& in, std::ostringstream& out) {
    const ast::Assign* a = &assignment;
    Py value = expr(*a->value);
    // `m.w = e` changes a model's field in place.
    if (a->targets.size() == 1)
        if (auto* attr = std::get_if<ast::Attribute>(&a->targets[0]->node)) {
            out << in << set_field(*attr, value.text) << "\n";
            return;
        }
    std::string targets;
    const check::Type* value_type = type_of(*a->value);
    for (size_t i = 0; i < a->targets.size(); ++i) {
        const ast::Expr& t = *a->targets[i];
        auto* n = std::get_if<ast::NameExpr>(&t.node);
        if (!n) fail(t.range, "only names can be assigned here");
        locals_.insert(n->name.text);
        fn_->defined.insert(n->name.text);
        targets += (i ? ", " : "") + variable_name(n->name.text);
        note_local_shape(n->name.text, target_type(value_type, a->targets.size(), i));
    }
    // A field set in place later would change a local that holds it.
    if (auto* tuple = std::get_if<ast::TupleExpr>(&a->value->node)) {
        std::vector<std::string> items;
        for (const auto& x : tuple->elements) items.push_back(operand(snapshot(*x, expr(*x)), kOr));
        value = {py_tuple(items), kAtom};
    } else {
        value = snapshot(*a->value, value);
    }
    out << in << targets << " = " << value.text << "\n";
}

// `x += y` as `x = x + y`: tensors keep value semantics (no in-place change
// of a value another name may hold). The value is laid out as the target,
// as for `x = x + y`; a field is set through the runtime, as for `m.w = ...`.
void Emitter::aug_assignment(const ast::AugAssign& assignment, const std::string& in, std::ostringstream& out) {
    const ast::AugAssign* a = &assignment;
    Py target = expr(*a->target);
    Py value = expr(*a->value);
    const check::Type *target_type = type_of(*a->target), *value_type = type_of(*a->value);
    if (is_tensor(target_type) && is_tensor(value_type)) value = align(value, value_type, target_type);
    std::string op = a->op.substr(0, a->op.size() - 1);
    int prec = op == "+" || op == "-" ? kAdd : op == "**" ? kPower : kMul;
    std::string changed = operand(target, prec) + " " + op + " " + operand(value, prec + 1);
    if (auto* attr = std::get_if<ast::Attribute>(&a->target->node)) {
        out << in << set_field(*attr, changed) << "\n";
        return;
    }
    out << in << target.text << " = " << changed << "\n";
}

void Emitter::return_statement(const ast::Return& ret, const std::string& in, std::ostringstream& out) {
    const ast::Return* r = &ret;
    std::string value = r->value ? expr(*r->value).text : "";
    if (r->value && fn_ && !fn_->result_signature.empty()) {
        // Checked as computed, then given back as the caller keeps it.
        std::string back = given_back(*r->value, "_ss_result");
        out << in << "_ss_result = " << value << "\n"
            << in << "if " << kAnyChecks << ":\n"
            << in << "    _ss_rt.check_result(" << fn_->result_signature << ", _ss_result, _ss_bound)\n"
            << in << "return " << (back.empty() ? "_ss_result" : back) << "\n";
        return;
    }
    if (std::string back = r->value ? given_back(*r->value, value) : ""; !back.empty()) value = back;
    out << in << "return" << (r->value ? " " + value : "") << "\n";
}

void Emitter::if_statement(const ast::If& branches, int indent, std::ostringstream& out) {
    const ast::If* i = &branches;
    std::string in = pad(indent);
    if (traced_if(*i, indent, out)) return;
    // What one branch assigns isn't there in another, nor the sizes its
    // shapes give; after the `if`, a name every path assigns has the shape
    // the first branch gave it (the checker joined the paths' types).
    const std::set<std::string> defined = fn_ ? fn_->defined : std::set<std::string>{};
    const LocalShapes shapes = fn_ ? fn_->locals : LocalShapes{};
    std::map<std::string, check::Type> first_types;
    auto close_branch = [&] {
        if (!fn_) return;
        if (first_types.empty()) first_types = fn_->locals.types;
        fn_->defined = defined;
        fn_->locals = shapes;
    };
    for (size_t k = 0; k < i->branches.size(); ++k) {
        out << in << (k ? "elif " : "if ") << expr(*i->branches[k].condition).text << ":\n";
        block(i->branches[k].body, indent + 1, out);
        close_branch();
    }
    if (i->else_body) {
        out << in << "else:\n";
        block(*i->else_body, indent + 1, out);
        close_branch();
    }
    if (fn_)
        for (const std::string& name : check::assigned_after(*i)) {
            fn_->defined.insert(name);
            auto type = first_types.find(name);
            note_local_shape(name, type == first_types.end() ? nullptr : &type->second);
        }
}

// `name` now holds a value of `type`: the sizes its shape gives (`k.shape[1]`
// for `m`), for later statements, in place of those its old value gave;
// a size only the old value gave is read off another local that has it.
void Emitter::note_local_shape(const std::string& name, const check::Type* type) {
    if (!fn_) return;
    LocalShapes& shapes = fn_->locals;
    bool lost = false;
    for (auto it = shapes.from.begin(); it != shapes.from.end();)
        if (it->second == name) {
            shapes.read.erase(it->first);
            it = shapes.from.erase(it);
            lost = true;
        } else {
            ++it;
        }
    shapes.types.erase(name);
    auto give = [&](const std::string& local, const check::Type& t) {
        for (size_t j = 0; j < t.tensor.axes.size(); ++j) {
            if (t.tensor.axes[j].variadic) break;  // the axes after a group are at no fixed place
            auto linear = t.tensor.axes[j].size.as_linear();
            if (!linear || linear->coefficient != 1 || linear->offset != 0 ||
                fn_->parameter_source.count(linear->symbol))
                continue;
            if (shapes.read.emplace(linear->symbol, variable_name(local) + ".shape[" + std::to_string(j) + "]").second)
                shapes.from[linear->symbol] = local;
        }
    };
    if (type && type->kind == check::TypeKind::Tensor) {
        give(name, *type);
        shapes.types[name] = *type;
    }
    if (lost)
        for (const auto& [other, t] : shapes.types)
            if (other != name) give(other, t);
}

void Emitter::for_statement(const ast::For& loop, int indent, std::ostringstream& out) {
    const ast::For* f = &loop;
    std::string in = pad(indent);
    if (traced_for(*f, indent, out)) return;
    std::string targets;
    for (size_t k = 0; k < f->targets.size(); ++k) {
        locals_.insert(f->targets[k].text);
        targets += (k ? ", " : "") + variable_name(f->targets[k].text);
        note_local_shape(f->targets[k].text, nullptr);  // an index or a batch: no shape to read sizes off
    }
    // With `enumerate` (For::counted), targets[0] counts the passes and
    // the item is the one after it (the checker allows no other).
    const ast::Name& item = f->targets[f->counted ? 1 : 0];
    Py iterable = expr(*f->iterable);
    const check::Type* t = type_of(*f->iterable);
    // A padded loop's batches carry the mask of their real examples.
    auto padded = padded_loops_.find(f->iterable->range.begin);
    bool batches = t && t->kind == check::TypeKind::Batches;
    bool pads = batches && padded != padded_loops_.end() && f->targets.size() == (f->counted ? 2 : 1);
    if (batches)
        iterable.text = "_ss_rt.batch_loop(" + iterable.text + (pads ? ", True, " : ", False, ") +
                        py_string(where(f->iterable->range)) + ")";
    if (f->counted) iterable.text = "enumerate(" + iterable.text + ")";
    out << in << "for " << targets << " in " << iterable.text << ":\n";
    if (pads) {
        fn_->reads_pads = true;
        out << in << "    _ss_pads[" << padded->second << "] = " << variable_name(item.text) << ".pad_mask\n";
    }
    // `for i in a..b` (enumerate of a range is E0418).
    bool counted = std::holds_alternative<ast::RangeExpr>(f->iterable->node) && f->targets.size() == 1;
    if (counted) fn_->loop_indices.push_back(variable_name(f->targets[0].text));
    // A loop may run no times: what it assigns isn't there after it.
    const std::set<std::string> defined = fn_ ? fn_->defined : std::set<std::string>{};
    if (fn_)
        for (const ast::Name& t : f->targets) fn_->defined.insert(t.text);
    block(f->body, indent + 1, out);
    if (fn_) fn_->defined = defined;
    if (counted) fn_->loop_indices.pop_back();
}

}  // namespace ss::codegen
