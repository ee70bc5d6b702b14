// Expressions: literals, names, operators with their operands aligned by
// axis name, `as`, indexing, calls of the file's functions and of Python,
// and sizes as Python numbers.
#include <algorithm>
#include <set>

#include "check/builtin_table.hpp"
#include "check/matmul.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

const char* dtype_of(check::ElementKind kind) {
    using check::ElementKind;
    switch (kind) {
        case ElementKind::F16: return "torch.float16";
        case ElementKind::BF16: return "torch.bfloat16";
        case ElementKind::F64: return "torch.float64";
        case ElementKind::I32: return "torch.int32";
        case ElementKind::I64:
        case ElementKind::Index: return "torch.int64";
        case ElementKind::Mask: return "torch.bool";
        default: return "torch.float32";
    }
}

bool same_size_tuples(const check::Type* a, const check::Type* b) {
    return a && b && a->kind == check::TypeKind::Tuple && b->kind == check::TypeKind::Tuple &&
           a->elements.size() == b->elements.size();
}

// Whether `e as to` takes a value that already has its type (every item a
// tensor), which `expect` checks, rather than a Python value `cast` converts.
bool typed_throughout(const check::Type* from, const check::Type* to) {
    if (is_tensor(from) && is_tensor(to)) return true;
    if (!same_size_tuples(from, to)) return false;
    for (size_t i = 0; i < to->elements.size(); ++i)
        if (!typed_throughout(&from->elements[i], &to->elements[i])) return false;
    return true;
}

// The dtype a tensor item of `e as to` converts to, as `_ss_rt.to_dtypes`
// takes them (None: kept; a tuple for a tuple), or "" when none converts.
std::string converted_dtypes(const check::Type* from, const check::Type* to) {
    if (is_tensor(from) && is_tensor(to))
        return dtype_of(from->tensor.element.kind) == std::string_view(dtype_of(to->tensor.element.kind))
                   ? ""
                   : dtype_of(to->tensor.element.kind);
    if (!same_size_tuples(from, to)) return "";
    std::vector<std::string> items;
    bool any = false;
    for (size_t i = 0; i < to->elements.size(); ++i) {
        items.push_back(converted_dtypes(&from->elements[i], &to->elements[i]));
        any = any || !items.back().empty();
        if (items.back().empty()) items.back() = "None";
    }
    return any ? py_tuple(items) : "";
}

}  // namespace

// The value of `value as to` before it is checked: each tensor, or tensor
// item of a tuple, converted to the element type `to` gives it.
Py Emitter::as_converted(const ast::Expr& value, const check::Type* to) {
    if (auto* t = std::get_if<ast::TupleExpr>(&value.node);
        t && to && to->kind == check::TypeKind::Tuple && t->elements.size() == to->elements.size()) {
        std::vector<std::string> parts;
        for (size_t i = 0; i < t->elements.size(); ++i)
            parts.push_back(operand(as_converted(*t->elements[i], &to->elements[i]), kOr));
        return {py_tuple(parts), kAtom};
    }
    Py out = expr(value);
    const check::Type* from = type_of(value);
    std::string dtypes = converted_dtypes(from, to);
    if (dtypes.empty()) return out;
    if (is_tensor(from)) return {operand(out, kAtom) + ".to(" + dtypes + ")", kAtom};
    return {"_ss_rt.to_dtypes(" + out.text + ", " + dtypes + ")", kAtom};
}

const check::Type* Emitter::type_of(const ast::Expr& e) const {
    auto it = typed_.expression_types.find(&e);
    return it == typed_.expression_types.end() ? nullptr : &it->second;
}

std::string Emitter::size(const check::Size& s) {
    if (auto c = s.as_constant()) return std::to_string(*c);
    std::string missing;
    std::string text = s.to_string([&](check::SymbolId id) -> std::string {
        std::string name = id < symbol_names_.size() ? symbol_names_[id] : "?";
        if (fn_) {
            if (fn_->parameter_source.count(id)) {
                auto [it, fresh] = fn_->variable.emplace(id, "");
                if (fresh) {
                    std::string base = "_ss_";
                    for (char c : name) base += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                    // An axis called `rt` or `pads` must not hide the generated `_ss_rt`, `_ss_pads`.
                    if (generated_name(base)) base = "_ss_ax" + base.substr(3);
                    std::string v = base;
                    for (int k = 2; fn_->variable_names.count(v); ++k) v = base + std::to_string(k);
                    fn_->variable_names.insert(v);
                    it->second = v;
                }
                fn_->needed.insert(id);
                return it->second;
            }
            if (auto src = fn_->local_source.find(id); src != fn_->local_source.end()) return src->second;
        }
        missing = name;
        return name;
    });
    if (!missing.empty())
        throw CodegenError{{}, "the size `" + missing + "` is used as a number where no value's shape gives it"};
    size_t caret;
    while ((caret = text.find('^')) != std::string::npos) text.replace(caret, 1, "**");
    return text.find_first_of(" *") == std::string::npos ? text : "(" + text + ")";
}

// The size symbol of the function's generic axis (or an axis an `as`
// named) called `name`, when a parameter's or a local's shape gives it.
std::optional<check::SymbolId> Emitter::axis_named(const std::string& name) const {
    if (!fn_) return std::nullopt;
    for (const auto* sources : {&fn_->parameter_source, &fn_->local_source})
        for (const auto& [id, source] : *sources)
            if (id < symbol_names_.size() && symbol_names_[id] == name) return id;
    return std::nullopt;
}

Py Emitter::mode_at(const Py& mode, const std::string& callee) {
    if (mode.text == "_ss_rt.Eval") return mode;
    int k = fn_ ? fn_->call_counts[callee]++ : 0;
    std::string site = callee + "#" + std::to_string(k);
    // Inside `for i in a..b`, each iteration is a call site of its own, so
    // a draw in a loop differs from one iteration to the next.
    if (fn_ && !fn_->loop_indices.empty()) {
        std::string indices;
        for (const std::string& i : fn_->loop_indices) indices += (indices.empty() ? "{" : ",{") + i + "}";
        return {operand(mode, kAtom) + ".at(f\"" + site + "[" + indices + "]\")", kAtom};
    }
    return {operand(mode, kAtom) + ".at(" + py_string(site) + ")", kAtom};
}

LoweredArgs Emitter::lower_args(const std::vector<ast::Argument>& arguments, const Py* piped,
                                const check::Type* piped_type) {
    LoweredArgs out;
    if (piped) {
        out.positional.push_back(*piped);
        out.positional_exprs.push_back(nullptr);
        out.positional_types.push_back(piped_type);
    }
    for (const ast::Argument& a : arguments) {
        if (a.keyword && a.keyword->text == "over") {
            out.over = a.value.get();
            continue;
        }
        if (a.keyword) {
            out.keywords.emplace_back(a.keyword->text, expr(*a.value));
            out.keyword_exprs.push_back(a.value.get());
        } else {
            out.positional.push_back(expr(*a.value));
            out.positional_exprs.push_back(a.value.get());
            out.positional_types.push_back(type_of(*a.value));
        }
    }
    return out;
}

std::string call_text(const std::string& callee, const LoweredArgs& args) {
    std::vector<std::string> parts;
    for (const Py& p : args.positional) parts.push_back(operand(p, kOr));
    for (const auto& [k, v] : args.keywords) parts.push_back(keyword_argument(k, operand(v, kOr)));
    return callee + "(" + py_join(parts) + ")";
}

// `x @ w`: torch's `@` for a matrix or a batched product (the right laid
// out as the left's batch axes, check/matmul.hpp), a tensordot for a weight
// of more axes (`[b D] @ [D H Dh]`).
Py Emitter::matmul(const Py& left, const Py& right, const check::Type* lt, const check::Type* rt) const {
    if (is_tensor(lt) && is_tensor(rt))
        if (auto batched = check::batched_matmul(lt->tensor, rt->tensor))
            return {operand(left, kMul) + " @ " +
                        operand(lay_out(right, batched->positions, batched->right_layout), kMul + 1),
                    kMul};
    int rank = is_tensor(rt) ? static_cast<int>(rt->tensor.axes.size()) : 2;
    bool broadcast = is_tensor(lt) && is_tensor(rt) && check::broadcast_left(lt->tensor, rt->tensor);
    if (rank > 2 && !broadcast) return {"torch.tensordot(" + left.text + ", " + right.text + ", dims=1)", kAtom};
    return {operand(left, kMul) + " @ " + operand(right, kMul + 1), kMul};
}

const check::CallSite* Emitter::call_site(uint32_t at) const {
    auto it = call_sites_.find(at);
    return it == call_sites_.end() ? nullptr : it->second;
}

// A parameter an extern fn declares with a default is passed by name, given
// or not: torch makes such parameters keyword-only (`F.gelu(x, "tanh")` is a
// TypeError), and the target's own default may differ from the declared one
// (`approximate: str = "tanh"` for torch's gelu, whose default is "none").
void Emitter::add_extern_defaults(const std::string& name, const check::CallSite& site, LoweredArgs& args) {
    auto ext = externs_.find(name);
    if (ext == externs_.end()) return;
    const std::vector<ast::Param>& params = ext->second->params;
    std::vector<std::pair<std::string, Py>> by_name;
    size_t keep = args.positional.size();
    for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
        if (params[i].default_value) {
            keep = std::min(keep, i);
            by_name.emplace_back(params[i].name.text, args.positional[i]);
        }  // and none without a default after one (E0306)
    if (keep < args.positional.size()) {
        args.positional.resize(keep);
        args.positional_exprs.resize(std::min(keep, args.positional_exprs.size()));
        args.positional_types.resize(std::min(keep, args.positional_types.size()));
        args.keywords.insert(args.keywords.begin(), by_name.begin(), by_name.end());
    }
    for (const check::ArgumentBinding& a : site.arguments) {
        if (a.source != check::ArgumentSource::Default) continue;
        for (const ast::Param& p : ext->second->params)
            if (p.name.text == a.parameter && p.default_value)
                args.keywords.emplace_back(p.name.text, expr(*p.default_value));
    }
}

Py Emitter::call(const ast::Expr& callee, const std::vector<ast::Argument>& arguments, const Py* piped,
                 const check::Type* piped_type, const ast::Expr& whole) {
    // A causal mask among masked_fill's or where's arguments may name axes
    // only the first argument has (`masked_fill(att, !causal[n m], v)`).
    const check::Type* saved_context = causal_context_;
    if (auto* n = std::get_if<ast::NameExpr>(&callee.node);
        n &&
        (n->name.text == "masked_fill" || n->name.text == "where" || n->name.text == "scaled_dot_product_attention")) {
        causal_context_ = piped_type;
        if (!piped && !arguments.empty()) causal_context_ = type_of(*arguments[0].value);
    }
    LoweredArgs args = lower_args(arguments, piped, piped_type);
    causal_context_ = saved_context;
    if (auto* n = std::get_if<ast::NameExpr>(&callee.node)) {
        const std::string& name = n->name.text;
        // What the callee is, as the checker resolved it (check/program.hpp).
        const check::CallSite* site = call_site(n->name.range.begin);
        auto kind = site ? site->kind : check::CalleeKind::Unresolved;
        auto fn = typed_.functions.find(name);
        if (kind == check::CalleeKind::Function && fn != typed_.functions.end()) {
            // A mode passed on grows the draw path by this call site.
            const auto& params = fn->second.params;
            for (size_t i = 0; i < args.positional.size() && i < params.size(); ++i)
                if (params[i].type.kind == check::TypeKind::Mode)
                    args.positional[i] = mode_at(args.positional[i], name);
            for (auto& [k, v] : args.keywords)
                for (const auto& p : params)
                    if (p.name == k && p.type.kind == check::TypeKind::Mode) v = mode_at(v, name);
            for (auto& keyword : args.keywords) keyword.first = variable_name(keyword.first);
            if (std::string masks = pad_keyword(*site); !masks.empty())
                args.keywords.emplace_back("_ss_pad", Py{masks});
            LoweredArgs keeping = args;
            keeping.keywords.emplace_back("_ss_keep", Py{"True"});
            if (std::string kept = kept_result(*site, call_text(py_name(name, NameRole::Global), keeping));
                !kept.empty())
                return {kept, kAtom};
            return {call_text(py_name(name, NameRole::Global), args), kAtom};
        }
        if (kind == check::CalleeKind::ExternFunction) {
            if (args.over) args.keywords.emplace_back("dim", Py{dim_of_over(args, 0, whole)});
            add_extern_defaults(name, *site, args);
        }
        if (kind == check::CalleeKind::Builtin)
            if (auto b = builtin(name, args, whole)) return *b;
        return {call_text(value_name(name), args), kAtom};
    }
    return {call_text(operand(expr(callee), kAtom), args), kAtom};
}

Py Emitter::expr(const ast::Expr& e) {
    const auto& node = e.node;
    // A bound's `/` is the size division the checker proved exact, in the
    // bound's own arithmetic only: not in a call or subscript inside it.
    if (in_slice_bounds_ && !std::holds_alternative<ast::Binary>(node) && !std::holds_alternative<ast::Unary>(node)) {
        in_slice_bounds_ = false;
        Py out = expr(e);
        in_slice_bounds_ = true;
        return out;
    }
    if (auto* i = std::get_if<ast::IntLiteral>(&node)) {
        // The checker lets only -9223372036854775808 through (E0307): its digits.
        if (!i->value) return {"9223372036854775808", kAtom};
        return {std::to_string(*i->value), *i->value < 0 ? kUnary : kAtom};
    }
    if (auto* f = std::get_if<ast::FloatLiteral>(&node)) {
        std::string t = py_float(f->value);
        return {t, t[0] == '-' ? kUnary : kAtom};
    }
    if (std::holds_alternative<ast::InfLiteral>(node)) return {"math.inf", kAtom};
    if (auto* b = std::get_if<ast::BoolLiteral>(&node)) return {b->value ? "True" : "False", kAtom};
    if (auto* s = std::get_if<ast::StringLiteral>(&node)) return {py_string(s->value), kAtom};
    if (auto* n = std::get_if<ast::NameExpr>(&node)) {
        const std::string& name = n->name.text;
        if (const check::Builtin* b = check::find_builtin(name);
            b && b->emit == check::BuiltinEmit::Value && !is_local(name))
            return {std::string(b->python), kAtom};
        // `import python torch`: the module under the name it was imported as.
        if (auto module = python_modules_.find(name); !is_local(name) && module != python_modules_.end())
            return {module->second, kAtom};
        // A batch's size can be read off the batch where the name is used.
        if (const check::Type* t = type_of(e); fn_ && t && t->kind == check::TypeKind::Batch && !t->tensor.axes.empty())
            if (auto linear = t->tensor.axes[0].size.as_linear();
                linear && !fn_->parameter_source.count(linear->symbol))
                if (auto field = first_fields_.find(t->ref); field != first_fields_.end())
                    fn_->local_source.emplace(linear->symbol, value_name(name) + "." +
                                                                  py_name(field->second, NameRole::DataField) +
                                                                  ".shape[0]");
        // A generic axis used as a number (`x[1..n]`, `arange(0, n, 1)`):
        // its size, read off the shape that gives it.
        if (!is_local(name) && !typed_.dims.count(name))
            if (auto axis = axis_named(name)) return {size(check::Size::symbol(*axis)), kAtom};
        return {value_name(name), kAtom};
    }
    if (auto* u = std::get_if<ast::Unary>(&node)) {
        Py x = expr(*u->operand);
        if (u->op == "not") return {"not " + operand(x, kNot), kNot};
        if (u->op == "!") return {"~" + operand(x, kUnary), kUnary};
        return {u->op + operand(x, kUnary), kUnary};
    }
    if (auto* b = std::get_if<ast::Binary>(&node)) {
        Py left = expr(*b->left), right = expr(*b->right);
        const check::Type *lt = type_of(*b->left), *rt = type_of(*b->right), *out = type_of(e);
        const std::string& op = b->op;
        if (op == "@") return matmul(left, right, lt, rt);
        if (op == "and" || op == "or") {
            // The checker types it a bool; Python's gives back an operand, so
            // one that isn't a bool (an int, a `[]` tensor) is made one.
            int prec = op == "and" ? kAnd : kOr;
            auto as_bool = [](Py side, const check::Type* t) {
                return t && t->kind == check::TypeKind::Bool ? side : Py{"bool(" + side.text + ")", kAtom};
            };
            left = as_bool(left, lt), right = as_bool(right, rt);
            return {operand(left, prec) + " " + op + " " + operand(right, prec + 1), prec};
        }
        // Elementwise: each operand laid out as the result.
        if (is_tensor(out)) {
            if (is_tensor(lt)) left = align(left, lt, out);
            if (is_tensor(rt)) right = align(right, rt, out);
        }
        int prec = op == "+" || op == "-"                              ? kAdd
                   : op == "*" || op == "/" || op == "//" || op == "%" ? kMul
                   : op == "**"                                        ? kPower
                   : op == "&"                                         ? kBitAnd
                   : op == "|"                                         ? kBitOr
                                                                       : kCompare;
        if (prec == kPower) return {operand(left, kPower + 1) + " ** " + operand(right, kUnary), kPower};
        // A bound the checker read as a size has no types recorded: ints.
        auto int_or_size = [](const check::Type* t) { return !t || t->kind == check::TypeKind::Int; };
        bool ints = int_or_size(lt) && int_or_size(rt);
        if (op == "/" && in_slice_bounds_ && ints)
            return {operand(left, prec) + " // " + operand(right, prec + 1), prec};
        // Python chains comparisons (`a > b > c` is `a > b and b > c`): the
        // source's `(a > b) > c` keeps its parentheses.
        int left_prec = prec == kCompare ? kCompare + 1 : prec;
        return {operand(left, left_prec) + " " + op + " " + operand(right, prec + 1), prec};
    }
    if (auto* r = std::get_if<ast::RangeExpr>(&node)) {
        if (!r->start || !r->end) fail(e.range, "a range outside a subscript needs both ends");
        return {"range(" + expr(*r->start).text + ", " + expr(*r->end).text + ")", kAtom};
    }
    if (auto* p = std::get_if<ast::Pipe>(&node)) {
        Py input = expr(*p->input);
        const check::Type* input_type = type_of(*p->input);
        const ast::Expr& stage = *p->stage;
        // The call is the whole pipe: the checker typed it, not the stage.
        if (auto* c = std::get_if<ast::Call>(&stage.node)) return call(*c->callee, c->arguments, &input, input_type, e);
        if (auto* pc = std::get_if<ast::PatternCall>(&stage.node)) return pattern(*pc, &input, input_type, stage);
        return call(stage, {}, &input, input_type, e);
    }
    if (auto* a = std::get_if<ast::As>(&node)) {
        const check::Type *from = type_of(*a->value), *to = type_of(e);
        if (!to) fail(e.range, "`as` with a type the checker didn't resolve");
        Py value = as_converted(*a->value, to);
        // The function's own sizes that the type names, so `as [b N D]`
        // checks that b is the b of the arguments.
        std::string sizes;
        std::set<check::SymbolId> seen;
        std::vector<const check::Type*> parts = {to};
        for (size_t i = 0; i < parts.size(); ++i) {
            for (const check::Type& t : parts[i]->elements) parts.push_back(&t);
            if (!is_tensor(parts[i])) continue;
            for (const check::AxisType& axis : parts[i]->tensor.axes)
                for (check::SymbolId id : axis.size.symbols())
                    if (fn_ && fn_->parameter_source.count(id) && seen.insert(id).second && id < symbol_names_.size())
                        sizes += (sizes.empty() ? "" : ", ") + py_string(symbol_names_[id]) + ": (" +
                                 size(check::Size::symbol(id)) + ", " + py_string(fn_->source_parameter[id]) + ")";
        }
        std::string known = sizes.empty() ? "" : ", {" + sizes + "}";
        // A tuple is checked as one value, so its items share their sizes.
        if (typed_throughout(from, to))
            return {"_ss_rt.expect(" + value.text + ", " + spec_of(*to) + ", " + py_string(where(e.range)) +
                        ", _ss_checks, _ss_value_checks" + known + ")",
                    kAtom};
        return {"_ss_rt.cast(" + value.text + ", " + spec_of(*to) + ", " + py_string(where(e.range)) + known +
                    (program_device_ ? ", device=_ss_device" : "") + ")",
                kAtom};
    }
    if (auto* c = std::get_if<ast::Call>(&node)) return call(*c->callee, c->arguments, nullptr, nullptr, e);
    if (auto* a = std::get_if<ast::Attribute>(&node)) {
        // A model's or a record's field under its Python name; anything
        // else (a Python module's attribute) as written, or by getattr
        // where Python can't write it.
        std::string object = operand(expr(*a->object), kAtom);
        const std::string& field = a->attribute.text;
        const check::Type* t = type_of(*a->object);
        using check::TypeKind;
        if (t && t->kind == TypeKind::Model) return {object + "." + py_name(field, NameRole::ModelField), kAtom};
        if (t && (t->kind == TypeKind::Data || t->kind == TypeKind::Batch || t->kind == TypeKind::Dataset))
            return {object + "." + py_name(field, NameRole::DataField), kAtom};
        if (plain_python_name(field)) return {object + "." + field, kAtom};
        return {"getattr(" + object + ", " + py_string(field) + ")", kAtom};
    }
    if (auto* s = std::get_if<ast::Subscript>(&node)) {
        Py value = expr(*s->value);
        const check::Type* t = type_of(*s->value);
        if (is_tensor(t) && check::has_variadic(t->tensor)) return subscript_beside_group(*s, value, t);
        // Python's slots are the value's axes; the checker's rule is the
        // value's axes as the indices before leave them: an index without a
        // name is at the axis after the previous index's, an integer takes
        // its axis away, a Mask over k axes makes them one. `left` maps
        // what is left to the value's axes.
        std::vector<std::string> slots;
        std::vector<size_t> left;
        for (size_t i = 0; is_tensor(t) && i < t->tensor.axes.size(); ++i) left.push_back(i);
        size_t position = 0;
        for (const ast::Index& index : s->indices) {
            size_t at = position < left.size() ? left[position] : position;
            if (index.axis) {
                auto pos = axis_position(t, index.axis->text);
                if (!pos || *pos < 0) fail(index.range, "can't find the axis `" + index.axis->text + "` here");
                at = static_cast<size_t>(*pos);
            }
            size_t now = static_cast<size_t>(std::find(left.begin(), left.end(), at) - left.begin());
            const check::Type* it = type_of(*index.value);
            size_t mask_axes = is_tensor(it) && it->tensor.element.kind == check::ElementKind::Mask
                                   ? std::max<size_t>(it->tensor.axes.size(), 1)
                                   : 0;
            if (std::holds_alternative<ast::RangeExpr>(index.value->node)) {
                position = now + 1;
            } else if (mask_axes) {  // Python's mask takes its axes' slots: the next ones are gone
                for (size_t j = 1; j < mask_axes && now + 1 < left.size(); ++j) {
                    if (slots.size() <= left[now + 1]) slots.resize(left[now + 1] + 1, ":");
                    slots[left[now + 1]].clear();
                    left.erase(left.begin() + static_cast<std::ptrdiff_t>(now) + 1);
                }
                position = now + 1;
            } else {
                if (now < left.size()) left.erase(left.begin() + static_cast<std::ptrdiff_t>(now));
                position = now;
            }
            std::string slot;
            if (auto* r = std::get_if<ast::RangeExpr>(&index.value->node)) {
                bool outer = in_slice_bounds_;
                in_slice_bounds_ = true;
                slot =
                    (r->start ? operand(expr(*r->start), kOr) : "") + ":" + (r->end ? operand(expr(*r->end), kOr) : "");
                in_slice_bounds_ = outer;
            } else {
                slot = operand(expr(*index.value), kOr);
            }
            if (slots.size() <= at) slots.resize(at + 1, ":");
            slots[at] = slot;
        }
        slots.erase(std::remove(slots.begin(), slots.end(), std::string()), slots.end());
        while (slots.size() > 1 && slots.back() == ":") slots.pop_back();
        // A selection the padding analysis keeps: at the mask's size, the mask its padding.
        if (s->indices.size() == 1 && slots.size() >= 1)
            if (std::string kept = kept_selection(e, *s->indices[0].value, value, slots.back(), slots.size() - 1);
                !kept.empty())
                return {kept, kAtom};
        return {operand(value, kAtom) + "[" + py_join(slots) + "]", kAtom};
    }
    if (auto* t = std::get_if<ast::TupleExpr>(&node)) {
        std::vector<std::string> parts;
        for (const auto& x : t->elements) parts.push_back(operand(expr(*x), kOr));
        return {py_tuple(parts), kAtom};
    }
    if (auto* l = std::get_if<ast::ListExpr>(&node)) {
        std::vector<std::string> parts;
        for (const auto& x : l->elements) parts.push_back(operand(expr(*x), kOr));
        return {"[" + py_join(parts) + "]", kAtom};
    }
    if (auto* pc = std::get_if<ast::PatternCall>(&node)) return pattern(*pc, nullptr, nullptr, e);
    if (std::holds_alternative<ast::CausalMask>(node)) {
        const check::Type* t = type_of(e);
        std::vector<check::Size> sizes;
        if (is_tensor(t) && t->tensor.axes.size() == 2) {
            sizes = {t->tensor.axes[0].size, t->tensor.axes[1].size};
        } else if (is_tensor(causal_context_)) {
            for (const auto& axis : std::get<ast::CausalMask>(node).axes)
                for (const auto& a : causal_context_->tensor.axes)
                    if (axis->kind == ast::AxisKind::Name && a.name == axis->name.text) {
                        sizes.push_back(a.size);
                        break;
                    }
        }
        if (sizes.size() != 2) fail(e.range, "a causal mask whose axes' sizes aren't known here");
        try {
            return {"_ss_rt.causal(" + size(sizes[0]) + ", " + size(sizes[1]) + ", " + (fn_ ? fn_->device : "None") +
                        ")",
                    kAtom};
        } catch (CodegenError& error) {
            error.range = e.range;
            throw;
        }
    }
    fail(e.range, "an expression with a syntax error");
    return {};
}

// `x[D: 0..D/2]` of `[..s D]`: every index names an axis of its own (the
// checker's rule beside a group), placed from the start before the group
// and from the end after it, with `...` for the group between.
Py Emitter::subscript_beside_group(const ast::Subscript& s, const Py& value, const check::Type* t) {
    std::map<long, std::string> front, back;  // dim -> slot; back's dims are negative
    for (const ast::Index& index : s.indices) {
        auto pos = index.axis ? axis_position(t, index.axis->text) : std::nullopt;
        if (!pos) fail(index.range, "beside a group of axes, an index names its axis (`x[D: 0..D/2]`)");
        std::string slot;
        if (auto* r = std::get_if<ast::RangeExpr>(&index.value->node)) {
            bool outer = in_slice_bounds_;
            in_slice_bounds_ = true;
            slot = (r->start ? operand(expr(*r->start), kOr) : "") + ":" + (r->end ? operand(expr(*r->end), kOr) : "");
            in_slice_bounds_ = outer;
        } else {
            slot = operand(expr(*index.value), kOr);
        }
        (*pos >= 0 ? front : back)[*pos] = slot;
    }
    std::vector<std::string> slots;
    long next = 0;
    for (const auto& [dim, slot] : front) {
        for (; next < dim; ++next) slots.push_back(":");
        slots.push_back(slot);
        next = dim + 1;
    }
    slots.push_back("...");
    if (!back.empty()) {
        for (long dim = back.begin()->first; dim < 0; ++dim) {
            auto it = back.find(dim);
            slots.push_back(it == back.end() ? ":" : it->second);
        }
    }
    return {operand(value, kAtom) + "[" + py_join(slots) + "]", kAtom};
}

}  // namespace ss::codegen
