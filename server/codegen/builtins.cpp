// Calls of built-ins: each becomes a torch function with its `dim=`
// resolved from the axis name, or a runtime function (docs/generated-code.md).
// Which Python function and which of these forms is the table's
// (check/builtin_table.cpp).
#include "check/attention.hpp"
#include "check/builtin_table.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

std::string keyword(const LoweredArgs& args, const std::string& name, const std::string& otherwise) {
    for (const auto& [k, v] : args.keywords)
        if (k == name) return operand(v, kOr);
    return otherwise;
}

bool is_mask(const check::Type* t) {
    return t && t->kind == check::TypeKind::Tensor && t->tensor.element.kind == check::ElementKind::Mask;
}

// An integer tensor (Index, i32, i64): torch.mean takes none.
bool is_integer_tensor(const check::Type* t) {
    if (!t || t->kind != check::TypeKind::Tensor) return false;
    check::ElementKind e = t->tensor.element.kind;
    return e == check::ElementKind::Index || e == check::ElementKind::I32 || e == check::ElementKind::I64;
}

bool is_number(const check::Type* t) {
    return t && (t->kind == check::TypeKind::Int || t->kind == check::TypeKind::Float);
}

}  // namespace

// The arguments where the table's labels put them, as Python would bind
// them: a required one given by name at the next place goes there (`sum(x=v,
// over=E)`; the emitters read those by position), and for a torch function
// called as it is, an optional one given by position goes by name (torch
// makes `gelu`'s `approximate` keyword-only).
void Emitter::place_by_label(const check::Builtin& b, LoweredArgs& args) {
    const std::vector<check::BuiltinLabel>& labels = check::call_labels(b);
    // The runtime's functions take the labels' names (test_builtin_keywords):
    // `Train(seed=0)` stays as written when nothing reads it by position.
    std::string_view target = check::builtin_python(b);
    bool by_name_is_fine = b.emit == check::BuiltinEmit::Call &&
                           (target.rfind("_ss_rt.", 0) == 0 || target.rfind("shapescript.rt.", 0) == 0);
    for (bool moved = !by_name_is_fine; moved;) {
        moved = false;
        size_t next = args.positional.size();
        if (next >= labels.size() || labels[next].optional || labels[next].keyword_only || labels[next].variadic ||
            labels[next].any_keywords)
            break;
        for (size_t i = 0; i < args.keywords.size() && i < args.keyword_exprs.size(); ++i)
            if (args.keywords[i].first == labels[next].name) {
                args.positional.push_back(args.keywords[i].second);
                args.positional_exprs.push_back(args.keyword_exprs[i]);
                args.positional_types.push_back(type_of(*args.keyword_exprs[i]));
                args.keywords.erase(args.keywords.begin() + static_cast<std::ptrdiff_t>(i));
                args.keyword_exprs.erase(args.keyword_exprs.begin() + static_cast<std::ptrdiff_t>(i));
                moved = true;
                break;
            }
    }
    if (b.emit != check::BuiltinEmit::Call) return;
    for (size_t i = args.positional.size(); i-- > 0;)
        if (i < labels.size() && labels[i].optional && !labels[i].variadic && !labels[i].name.empty()) {
            args.keywords.insert(args.keywords.begin(), {labels[i].name, args.positional[i]});
            args.keyword_exprs.insert(args.keyword_exprs.begin(), args.positional_exprs[i]);
            args.positional.erase(args.positional.begin() + static_cast<std::ptrdiff_t>(i));
            args.positional_exprs.erase(args.positional_exprs.begin() + static_cast<std::ptrdiff_t>(i));
            args.positional_types.erase(args.positional_types.begin() + static_cast<std::ptrdiff_t>(i));
        }
}

std::optional<Py> Emitter::builtin(const std::string& name, LoweredArgs& args, const ast::Expr& whole) {
    auto first = [&]() -> const Py& {
        if (args.positional.empty()) fail(whole.range, "`" + name + "` needs an argument");
        return args.positional[0];
    };
    auto first_type = [&]() -> const check::Type* {
        return args.positional_types.empty() ? nullptr : args.positional_types[0];
    };
    auto call = [&](const std::string& f) { return Py{call_text(f, args), kAtom}; };
    // A mode passed to a built-in (dropout, value_and_grad's loss) grows the
    // draw path by this call site.
    for (size_t i = 0; i < args.positional.size(); ++i)
        if (args.positional_types[i] && args.positional_types[i]->kind == check::TypeKind::Mode)
            args.positional[i] = mode_at(args.positional[i], name);
    for (size_t i = 0; i < args.keywords.size(); ++i)
        if (const check::Type* t = type_of(*args.keyword_exprs[i]); t && t->kind == check::TypeKind::Mode)
            args.keywords[i].second = mode_at(args.keywords[i].second, name);

    const check::Builtin* b = check::find_builtin(name);
    if (!b) return std::nullopt;
    place_by_label(*b, args);
    const std::string python = python_path(check::builtin_python(*b));
    // value_and_grad calls its loss: it passes the loss the masks a call would.
    if (b->rule == check::BuiltinRule::ValueAndGrad && !args.positional_exprs.empty() && args.positional_exprs[0])
        if (auto* loss = std::get_if<ast::NameExpr>(&args.positional_exprs[0]->node))
            if (const check::CallSite* site = passed_function_site(loss->name.range.begin))
                if (std::string masks = pad_keyword(*site); !masks.empty())
                    args.keywords.emplace_back("_ss_pad", Py{masks});
    switch (b->emit) {
        case check::BuiltinEmit::Call:
            // Elementwise functions: on a number, Python's math.
            return call(is_number(first_type()) && !b->python_number.empty() ? std::string(b->python_number) : python);
        case check::BuiltinEmit::Log:
            if (!args.positional.empty()) return call(is_number(first_type()) ? std::string(b->python_number) : python);
            return call("_ss_rt.log");  // `log(loss=l)`: a record for the sinks
        case check::BuiltinEmit::Aligned: {
            // Every tensor argument laid out as the result: masked_fill's mask as
            // its `x`, where's condition and values as the largest of them.
            const check::Type* target = type_of(whole);
            if (!target || target->kind != check::TypeKind::Tensor) target = first_type();
            for (size_t i = 0; i < args.positional.size(); ++i)
                if (target && target->kind == check::TypeKind::Tensor && args.positional_types[i] &&
                    args.positional_types[i]->kind == check::TypeKind::Tensor &&
                    args.positional_types[i]->tensor.axes.size() <= target->tensor.axes.size())
                    args.positional[i] = align(args.positional[i], args.positional_types[i], target);
            return call(python);
        }
        case check::BuiltinEmit::AlongAxis: {
            std::string dim = dim_of_over(args, 0, whole);
            // softmax and log_softmax across a padded axis: the runtime's masked
            // forms, given every padded axis of the value, so that a padded row
            // that sees no real position (under `causal`) is kept finite.
            if (b->masked && !masked_arguments(first_type(), dim).empty())
                return Py{"_ss_rt." + name + "(" + operand(first(), kOr) + ", " + dim + masked_arguments(first_type()) +
                              ")",
                          kAtom};
            return Py{python + "(" + operand(first(), kOr) + ", dim=" + dim + ")", kAtom};
        }
        case check::BuiltinEmit::Matmul:
            if (args.positional.size() != 2) fail(whole.range, "`matmul` takes a value and a matrix");
            return matmul(args.positional[0], args.positional[1], args.positional_types[0], args.positional_types[1]);
        case check::BuiltinEmit::CrossEntropy: {
            // The class axis: the one the logits are `over`, else the last.
            const check::Type* z = first_type();
            std::string dim = "-1";
            if (z && z->kind == check::TypeKind::Tensor && !z->tensor.element.over.empty())
                if (auto pos = axis_position(z, z->tensor.element.over)) dim = std::to_string(*pos);
            if (args.positional.size() < 2) fail(whole.range, "`cross_entropy` takes logits and labels");
            // Its mean over the examples is masked (the class axis is never padded).
            return Py{python + "(" + args.positional[0].text + ", " + args.positional[1].text + ", " + dim +
                          masked_arguments(z) + ")",
                      kAtom};
        }
        case check::BuiltinEmit::Norm: {
            std::string x = operand(first(), kOr), dim = dim_of_over(args, 0, whole);
            // After x, in the table's order without `over` (an axis, by keyword):
            // weight, then layer_norm's bias, then eps.
            auto given = [&](const char* param, size_t at, const char* otherwise) {
                return keyword(args, param, args.positional.size() > at ? args.positional[at].text : otherwise);
            };
            bool rms = name == "rms_norm";
            std::string weight = given("weight", 1, "None"), eps = given("eps", rms ? 2 : 3, "1e-05");
            std::string masked = masked_arguments(first_type(), dim);  // statistics of the real positions
            if (rms) return Py{python + "(" + x + ", " + dim + ", " + weight + ", " + eps + masked + ")", kAtom};
            std::string bias = given("bias", 2, "None");
            return Py{python + "(" + x + ", " + dim + ", " + weight + ", " + bias + ", " + eps + masked + ")", kAtom};
        }
        case check::BuiltinEmit::Reduction: {
            std::string x = operand(first(), kOr);
            std::string dim = args.over ? dim_of_over(args, 0, whole) : "";
            // Across a padded axis: the runtime's masked reduction, of the real
            // positions, named as the torch function it stands for (`torch.amax`).
            std::string masked = masked_arguments(first_type(), dim);
            if (!masked.empty())
                return Py{"_ss_rt." + python.substr(python.rfind('.') + 1) + "(" + x + ", " +
                              (dim.empty() ? "None" : dim) + masked + ")",
                          kAtom};
            if (((name == "mean" || name == "sum") && is_mask(first_type())) ||
                (name == "mean" && is_integer_tensor(first_type())))
                return Py{"_ss_rt." + name + "(" + x + ", " + (dim.empty() ? "None" : dim) + ")", kAtom};
            if (dim.empty()) {
                // logsumexp needs its axes named: all of them.
                if (name == "logsumexp") return Py{python + "(" + x + ".flatten(), dim=0)", kAtom};
                return Py{python + "(" + x + ")", kAtom};
            }
            return Py{python + "(" + x + ", dim=" + dim + ")", kAtom};
        }
        case check::BuiltinEmit::Sort:
            return Py{python + "(" + operand(first(), kOr) + ", dim=" + dim_of_over(args, 0, whole) + ").values",
                      kAtom};
        case check::BuiltinEmit::Topk:
            if (args.positional.size() < 2) fail(whole.range, "`topk` takes a value and k");
            return Py{python + "(" + args.positional[0].text + ", " + args.positional[1].text + ", " +
                          dim_of_over(args, 0, whole) + ")",
                      kAtom};
        case check::BuiltinEmit::Join: {
            std::vector<std::string> parts;
            for (const Py& p : args.positional) parts.push_back(operand(p, kOr));
            // stack's new axis is the first (the checker's rule).
            if (name == "stack") return Py{python + "(" + py_tuple(parts) + ", dim=0)", kAtom};
            // The joined axis is where the first part that has it has it
            // (a class token `[b 1 D]` may come before `[b N D]`).
            size_t named = 0;
            if (auto* over = args.over ? std::get_if<ast::NameExpr>(&args.over->node) : nullptr)
                for (size_t i = 0; i < args.positional_types.size(); ++i)
                    if (axis_position(args.positional_types[i], over->name.text)) {
                        named = i;
                        break;
                    }
            return Py{python + "(" + py_tuple(parts) + ", dim=" + dim_of_over(args, named, whole) + ")", kAtom};
        }
        case check::BuiltinEmit::Indexing: {
            std::string dim = dim_of_over(args, 0, whole);
            std::string rest;
            for (size_t i = 1; i < args.positional.size(); ++i) rest += ", " + operand(args.positional[i], kOr);
            return Py{python + "(" + operand(first(), kOr) + ", " + dim + rest + ")", kAtom};
        }
        case check::BuiltinEmit::Arange: {
            std::vector<std::string> a;
            for (const Py& p : args.positional) a.push_back(operand(p, kOr));
            if (a.empty()) fail(whole.range, "`arange` needs an end");
            if (a.size() == 1) a.insert(a.begin(), "0");
            if (a.size() == 2) a.push_back("1");
            return Py{python + "(" + a[0] + ", " + a[1] + ", " + a[2] + ", " + (fn_ ? fn_->device : "None") + ")",
                      kAtom};
        }
        case check::BuiltinEmit::Attention: {
            // The mask laid out as the scores `[..s n m]`, its axes placed by
            // name as the checker placed them (a key padding mask `[b m]`
            // becomes `[b 1 1 m]`).
            const check::Type* mask_type = nullptr;
            Py* mask = nullptr;
            for (size_t i = 0; i < args.keywords.size(); ++i)
                if (args.keywords[i].first == "attn_mask")
                    mask = &args.keywords[i].second, mask_type = type_of(*args.keyword_exprs[i]);
            if (!mask && args.positional.size() > 3) mask = &args.positional[3], mask_type = args.positional_types[3];
            if (args.positional.size() < 3) fail(whole.range, "attention takes queries, keys and values");
            const check::Type* q = args.positional_types[0];
            const check::Type* k = args.positional_types[1];
            if (mask && mask_type && mask_type->kind == check::TypeKind::Tensor && q && k &&
                q->kind == check::TypeKind::Tensor && k->kind == check::TypeKind::Tensor &&
                q->tensor.axes.size() >= 2 && k->tensor.axes.size() >= 2) {
                check::TensorType scores = check::attention_scores(q->tensor, k->tensor);
                check::MaskPlacement placed = check::place_attention_mask(scores, mask_type->tensor);
                if (!placed.fits) fail(whole.range, "the attention mask doesn't fit the scores: " + placed.why);
                *mask = lay_out(*mask, placed.positions, scores);
                // torch's attention wants a mask of two axes at least: a key
                // padding mask `[m]` left as it is has one.
                if (placed.positions.size() == 1 && placed.positions[0] + 1 == scores.axes.size())
                    *mask = Py{operand(*mask, kAtom) + "[None]", kAtom};
            }
            return call(python);
        }
        case check::BuiltinEmit::Value: return Py{python, kAtom};
        case check::BuiltinEmit::NotGenerated:
            fail(whole.range, "`" + name + "` can't be built: " + std::string(b->not_generated));
            return std::nullopt;
        case check::BuiltinEmit::Initializer: break;  // a model field's (module.cpp); elsewhere a plain call
    }
    return std::nullopt;
}

}  // namespace ss::codegen
