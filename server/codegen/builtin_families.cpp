// Calls of built-ins, one function per family of the table's `emit`
// (check/builtin_table.hpp): each becomes a torch function with its `dim=`
// resolved from the axis name, or a runtime function (docs/generated-code.md).
#include "check/attention.hpp"
#include "codegen/builtin_call.hpp"

namespace ss::codegen {

namespace {

std::string keyword(const LoweredArgs& args, const std::string& name, const std::string& otherwise) {
    for (const auto& [k, v] : args.keywords)
        if (k == name) return operand(v, kOr);
    return otherwise;
}

// `, name=value` for each keyword given (torch's options: descending=...).
std::string keywords_given(const LoweredArgs& args) {
    std::string out;
    for (const auto& [k, v] : args.keywords) out += ", " + k + "=" + operand(v, kOr);
    return out;
}

bool is_mask(const check::Type* t) { return t && check::is_mask(*t); }

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

// Elementwise functions: on a number, Python's math.
Py Emitter::builtin_call(const BuiltinCall& c) {
    const std::string_view number = c.entry.python_number;
    // A draw from a padded value (dropout's mask, sample's noise): told which
    // dims are padded, so a worker's part of a split batch draws its part
    // of the whole batch's.
    if (c.name == "dropout" || c.name == "rand_like" || c.name == "randn_like" || c.name == "sample")
        if (std::string dims = padded_dims(c.first_type()); !dims.empty()) {
            c.args.keywords.emplace_back("pads", Py{"_ss_pads"});
            c.args.keywords.emplace_back("padded", Py{dims});
        }
    return c.called(is_number(c.first_type()) && !number.empty() ? std::string(number) : c.python);
}

Py Emitter::builtin_log(const BuiltinCall& c) {
    if (!c.args.positional.empty())
        return c.called(is_number(c.first_type()) ? std::string(c.entry.python_number) : c.python);
    return c.called("_ss_rt.log");  // `log(loss=l)`: a record for the sinks
}

// Every tensor argument laid out as the result: masked_fill's mask as its
// `x`, where's condition and values as the largest of them.
Py Emitter::builtin_aligned(const BuiltinCall& c) {
    LoweredArgs& args = c.args;
    const check::Type* target = type_of(c.whole);
    if (!target || target->kind != check::TypeKind::Tensor) target = c.first_type();
    for (size_t i = 0; i < args.positional.size(); ++i)
        if (target && target->kind == check::TypeKind::Tensor && args.positional_types[i] &&
            args.positional_types[i]->kind == check::TypeKind::Tensor &&
            args.positional_types[i]->tensor.axes.size() <= target->tensor.axes.size())
            args.positional[i] = align(args.positional[i], args.positional_types[i], target);
    return c.called(c.python);
}

Py Emitter::builtin_along_axis(const BuiltinCall& c) {
    std::string dim = dim_of_over(c.args, 0, c.whole);
    // softmax and log_softmax across a padded axis: the runtime's masked
    // forms, given every padded axis of the value, so that a padded row
    // that sees no real position (under `causal`) is kept finite.
    if (c.entry.masked && !masked_arguments(c.first_type(), dim).empty())
        return Py{"_ss_rt." + c.name + "(" + operand(c.first(), kOr) + ", " + dim + masked_arguments(c.first_type()) +
                      ")",
                  kAtom};
    return Py{c.python + "(" + operand(c.first(), kOr) + ", dim=" + dim + keywords_given(c.args) + ")", kAtom};
}

Py Emitter::builtin_matmul(const BuiltinCall& c) {
    const LoweredArgs& args = c.args;
    if (args.positional.size() != 2) fail(c.whole.range, "`matmul` takes a value and a matrix");
    return matmul(args.positional[0], args.positional[1], args.positional_types[0], args.positional_types[1]);
}

Py Emitter::builtin_cross_entropy(const BuiltinCall& c) {
    // The class axis: the one the logits are `over`, else the last.
    const check::Type* z = c.first_type();
    std::string dim = "-1";
    if (z && z->kind == check::TypeKind::Tensor && !z->tensor.element.over.empty())
        if (auto pos = axis_position(z, z->tensor.element.over)) dim = std::to_string(*pos);
    if (c.args.positional.size() < 2) fail(c.whole.range, "`cross_entropy` takes logits and labels");
    // torch's options, given by position or by name.
    std::string options;
    const char* names[] = {"ignore_index", "label_smoothing"};
    for (size_t i = 0; i < 2; ++i)
        if (std::string given =
                keyword(c.args, names[i], c.args.positional.size() > i + 2 ? c.args.positional[i + 2].text : "");
            !given.empty())
            options += std::string(", ") + names[i] + "=" + given;
    // Its mean over the examples is masked (the class axis is never padded).
    return Py{c.python + "(" + c.args.positional[0].text + ", " + c.args.positional[1].text + ", " + dim +
                  masked_arguments(z) + options + ")",
              kAtom};
}

Py Emitter::builtin_norm(const BuiltinCall& c) {
    const LoweredArgs& args = c.args;
    std::string x = operand(c.first(), kOr), dim = dim_of_over(args, 0, c.whole);
    // After x, in the table's order without `over` (an axis, by keyword):
    // weight, then layer_norm's bias, then eps.
    auto given = [&](const char* param, size_t at, const char* otherwise) {
        return keyword(args, param, args.positional.size() > at ? args.positional[at].text : otherwise);
    };
    bool rms = c.name == "rms_norm";
    std::string weight = given("weight", 1, "None"), eps = given("eps", rms ? 2 : 3, "1e-05");
    std::string masked = masked_arguments(c.first_type(), dim);  // statistics of the real positions
    if (rms) return Py{c.python + "(" + x + ", " + dim + ", " + weight + ", " + eps + masked + ")", kAtom};
    std::string bias = given("bias", 2, "None");
    return Py{c.python + "(" + x + ", " + dim + ", " + weight + ", " + bias + ", " + eps + masked + ")", kAtom};
}

// `keepdim=true` (a literal: the checker's rule): the reduction, then its
// axis back as a `1` in its place, which is torch's keepdim for each form
// below (the runtime's masked ones too).
Py Emitter::builtin_reduction(const BuiltinCall& c) {
    Py reduced = reduction(c);
    for (size_t i = 0; i < c.args.keywords.size(); ++i) {
        const ast::Expr* value = c.args.keyword_exprs[i];
        const auto* keep = value ? std::get_if<ast::BoolLiteral>(&value->node) : nullptr;
        if (c.args.keywords[i].first == "keepdim" && keep && keep->value)
            return Py{operand(reduced, kAtom) + ".unsqueeze(" + dim_of_over(c.args, 0, c.whole) + ")", kAtom};
    }
    return reduced;
}

Py Emitter::reduction(const BuiltinCall& c) {
    const std::string &name = c.name, &python = c.python;
    std::string x = operand(c.first(), kOr);
    // torch has no argmax of bools: of the Mask as 0s and 1s, which finds
    // the first true (false) position as numpy's does.
    if ((name == "argmax" || name == "argmin") && is_mask(c.first_type()))
        x = operand(c.first(), kAtom) + ".to(torch.uint8)";
    std::string dim = c.args.over ? dim_of_over(c.args, 0, c.whole) : "";
    // Across a padded axis: the runtime's masked reduction, of the real
    // positions, named as the torch function it stands for (`torch.amax`).
    std::string masked = masked_arguments(c.first_type(), dim);
    // var's and std's `correction=` as written (torch's default, 1, if not).
    std::string correction;
    for (size_t i = 0; i < c.args.keywords.size(); ++i)
        if (c.args.keywords[i].first == "correction") correction = ", correction=" + c.args.keywords[i].second.text;
    if (!masked.empty())
        return Py{"_ss_rt." + python.substr(python.rfind('.') + 1) + "(" + x + ", " + (dim.empty() ? "None" : dim) +
                      masked + correction + ")",
                  kAtom};
    const bool counts = is_mask(c.first_type()) || is_integer_tensor(c.first_type());
    if (((name == "mean" || name == "sum") && is_mask(c.first_type())) ||
        ((name == "mean" || name == "var" || name == "std") && counts))
        return Py{"_ss_rt." + name + "(" + x + ", " + (dim.empty() ? "None" : dim) + correction + ")", kAtom};
    if (dim.empty()) {
        // logsumexp needs its axes named: all of them.
        if (name == "logsumexp") return Py{python + "(" + x + ".flatten(), dim=0)", kAtom};
        return Py{python + "(" + x + correction + ")", kAtom};
    }
    return Py{python + "(" + x + ", dim=" + dim + correction + ")", kAtom};
}

Py Emitter::builtin_sort(const BuiltinCall& c) {
    return Py{c.python + "(" + operand(c.first(), kOr) + ", dim=" + dim_of_over(c.args, 0, c.whole) +
                  keywords_given(c.args) + ").values",
              kAtom};
}

Py Emitter::builtin_topk(const BuiltinCall& c) {
    const LoweredArgs& args = c.args;
    if (args.positional.size() < 2) fail(c.whole.range, "`topk` takes a value and k");
    return Py{c.python + "(" + args.positional[0].text + ", " + args.positional[1].text + ", " +
                  dim_of_over(args, 0, c.whole) + keywords_given(args) + ")",
              kAtom};
}

Py Emitter::builtin_join(const BuiltinCall& c) {
    const LoweredArgs& args = c.args;
    std::vector<std::string> parts;
    for (const Py& p : args.positional) parts.push_back(operand(p, kOr));
    // stack's new axis is the first (the checker's rule).
    if (c.name == "stack") return Py{c.python + "(" + py_tuple(parts) + ", dim=0)", kAtom};
    // The joined axis is where the first part that has it has it
    // (a class token `[b 1 D]` may come before `[b N D]`).
    size_t named = 0;
    if (auto* over = args.over ? std::get_if<ast::NameExpr>(&args.over->node) : nullptr)
        for (size_t i = 0; i < args.positional_types.size(); ++i)
            if (axis_position(args.positional_types[i], over->name.text)) {
                named = i;
                break;
            }
    return Py{c.python + "(" + py_tuple(parts) + ", dim=" + dim_of_over(args, named, c.whole) + ")", kAtom};
}

Py Emitter::builtin_indexing(const BuiltinCall& c) {
    std::string dim = dim_of_over(c.args, 0, c.whole);
    std::string rest;
    for (size_t i = 1; i < c.args.positional.size(); ++i) rest += ", " + operand(c.args.positional[i], kOr);
    return Py{c.python + "(" + operand(c.first(), kOr) + ", " + dim + rest + ")", kAtom};
}

Py Emitter::builtin_arange(const BuiltinCall& c) {
    std::vector<std::string> a;
    for (const Py& p : c.args.positional) a.push_back(operand(p, kOr));
    if (a.empty()) fail(c.whole.range, "`arange` needs an end");
    if (a.size() == 1) a.insert(a.begin(), "0");
    if (a.size() == 2) a.push_back("1");
    return Py{c.python + "(" + a[0] + ", " + a[1] + ", " + a[2] + ", " + device() + ")", kAtom};
}

// The mask laid out as the scores `[..s n m]`, its axes placed by name as
// the checker placed them (a key padding mask `[b m]` becomes `[b 1 1 m]`).
Py Emitter::builtin_attention(const BuiltinCall& c) {
    LoweredArgs& args = c.args;
    const check::Type* mask_type = nullptr;
    Py* mask = nullptr;
    for (size_t i = 0; i < args.keywords.size(); ++i)
        if (args.keywords[i].first == "attn_mask")
            mask = &args.keywords[i].second, mask_type = type_of(*args.keyword_exprs[i]);
    if (!mask && args.positional.size() > 3) mask = &args.positional[3], mask_type = args.positional_types[3];
    if (args.positional.size() < 3) fail(c.whole.range, "attention takes queries, keys and values");
    const check::Type* q = args.positional_types[0];
    const check::Type* k = args.positional_types[1];
    if (mask && mask_type && mask_type->kind == check::TypeKind::Tensor && q && k &&
        q->kind == check::TypeKind::Tensor && k->kind == check::TypeKind::Tensor && q->tensor.axes.size() >= 2 &&
        k->tensor.axes.size() >= 2) {
        check::TensorType scores = check::attention_scores(q->tensor, k->tensor);
        check::MaskPlacement placed = check::place_attention_mask(scores, mask_type->tensor);
        if (!placed.fits) fail(c.whole.range, "the attention mask doesn't fit the scores: " + placed.why);
        *mask = lay_out(*mask, placed.positions, scores);
        // torch's attention wants a mask of two axes at least: a key
        // padding mask `[m]` left as it is has one, a `[]` Mask none
        // (one value for every score, broadcast).
        if (placed.positions.size() == 1 && placed.positions[0] + 1 == scores.axes.size())
            *mask = Py{operand(*mask, kAtom) + "[None]", kAtom};
        else if (placed.positions.empty()) *mask = Py{operand(*mask, kAtom) + "[None, None]", kAtom};
    }
    // The weights' dropout, drawn as `dropout`'s from the mode: the
    // runtime's attention (a worker's part of a split batch's draw).
    bool drawn = std::any_of(args.keywords.begin(), args.keywords.end(),
                             [](const auto& k) { return k.first == "dropout_p" || k.first == "mode"; });
    if (drawn) {
        if (std::string dims = padded_dims(q); !dims.empty()) {
            args.keywords.emplace_back("pads", Py{"_ss_pads"});
            args.keywords.emplace_back("padded", Py{dims});
        }
        return c.called("_ss_rt.attention");
    }
    // In a Hugging Face model, the model's attention layers run it (hf_module.cpp).
    bool routed = (serving_ || options_.embedded_module) && routed_attention(c.whole.range);
    return c.called(routed ? "_ss_attention" : c.python);
}

}  // namespace ss::codegen
