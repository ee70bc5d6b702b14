// Calls of built-ins: each becomes a torch function with its `dim=`
// resolved from the axis name, or a runtime function (docs/generated-code.md).
#include <map>

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

bool is_number(const check::Type* t) {
    return t && (t->kind == check::TypeKind::Int || t->kind == check::TypeKind::Float);
}

}  // namespace

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

    // Elementwise functions: on a number, Python's math.
    static const std::map<std::string, std::pair<std::string, std::string>> elementwise = {
        {"gelu", {"torch.nn.functional.gelu", ""}}, {"silu", {"torch.nn.functional.silu", ""}},
        {"relu", {"torch.relu", ""}},   {"tanh", {"torch.tanh", "math.tanh"}}, {"sigmoid", {"torch.sigmoid", ""}},
        {"exp", {"torch.exp", "math.exp"}}, {"sqrt", {"torch.sqrt", "math.sqrt"}}, {"sin", {"torch.sin", "math.sin"}},
        {"cos", {"torch.cos", "math.cos"}}, {"abs", {"torch.abs", "abs"}},
    };
    if (auto it = elementwise.find(name); it != elementwise.end()) {
        first();
        return call(is_number(first_type()) && !it->second.second.empty() ? it->second.second : it->second.first);
    }
    if (name == "log") {
        if (!args.positional.empty()) return call(is_number(first_type()) ? "math.log" : "torch.log");
        return call("_ss_rt.log");  // `log(loss=l)`: a record for the sinks
    }
    if (name == "scale" || name == "clip_norm" || name == "update" || name == "sgd" || name == "adamw" ||
        name == "cosine" || name == "warmup" || name == "save" || name == "print" || name == "shuffle" ||
        name == "batches" || name == "load" || name == "value_and_grad" || name == "Train")
        return call("_ss_rt." + name);
    if (name == "masked_fill" || name == "where") {
        // The mask (masked_fill's second argument, where's others) laid out as
        // the first argument.
        const check::Type* target = first_type();
        for (size_t i = 1; i < args.positional.size(); ++i)
            if (target && target->kind == check::TypeKind::Tensor && args.positional_types[i] &&
                args.positional_types[i]->kind == check::TypeKind::Tensor &&
                args.positional_types[i]->tensor.axes.size() <= target->tensor.axes.size())
                args.positional[i] = align(args.positional[i], args.positional_types[i], target);
        return call(name == "where" ? "torch.where" : "_ss_rt.masked_fill");
    }
    if (name == "dropout") return call("_ss_rt.dropout");
    if (name == "softmax" || name == "log_softmax") {
        first();
        return Py{"torch." + name + "(" + operand(first(), kOr) + ", dim=" + dim_of_over(args, 0, whole) + ")", kAtom};
    }
    if (name == "embedding") return call("torch.nn.functional.embedding");
    if (name == "linear") return call("torch.nn.functional.linear");
    if (name == "scaled_dot_product_attention") return call("torch.nn.functional.scaled_dot_product_attention");
    if (name == "matmul") {
        if (args.positional.size() != 2) fail(whole.range, "`matmul` takes a value and a matrix");
        const check::Type* w = args.positional_types[1];
        if (w && w->kind == check::TypeKind::Tensor && w->tensor.axes.size() > 2)
            return Py{"torch.tensordot(" + args.positional[0].text + ", " + args.positional[1].text + ", dims=1)", kAtom};
        return Py{operand(args.positional[0], kMul) + " @ " + operand(args.positional[1], kMul + 1), kMul};
    }
    if (name == "cross_entropy") {
        // The class axis: the one the logits are `over`, else the last.
        const check::Type* z = first_type();
        std::string dim = "-1";
        if (z && z->kind == check::TypeKind::Tensor && !z->tensor.element.over.empty())
            if (auto pos = axis_position(z, z->tensor.element.over)) dim = std::to_string(*pos);
        if (args.positional.size() < 2) fail(whole.range, "`cross_entropy` takes logits and labels");
        return Py{"_ss_rt.cross_entropy(" + args.positional[0].text + ", " + args.positional[1].text + ", " + dim + ")",
                  kAtom};
    }
    if (name == "rms_norm" || name == "layer_norm") {
        std::string x = operand(first(), kOr), dim = dim_of_over(args, 0, whole);
        std::string weight = keyword(args, "weight", args.positional.size() > 1 ? args.positional[1].text : "None");
        std::string eps = keyword(args, "eps", "1e-05");
        if (name == "rms_norm") return Py{"_ss_rt.rms_norm(" + x + ", " + dim + ", " + weight + ", " + eps + ")", kAtom};
        std::string bias = keyword(args, "bias", "None");
        return Py{"_ss_rt.layer_norm(" + x + ", " + dim + ", " + weight + ", " + bias + ", " + eps + ")", kAtom};
    }
    static const std::map<std::string, std::string> reductions = {
        {"sum", "torch.sum"},      {"mean", "torch.mean"},     {"max", "torch.amax"},        {"min", "torch.amin"},
        {"prod", "torch.prod"},    {"logsumexp", "torch.logsumexp"}, {"argmax", "torch.argmax"}, {"argmin", "torch.argmin"},
    };
    if (auto it = reductions.find(name); it != reductions.end()) {
        std::string x = operand(first(), kOr);
        std::string dim = args.over ? dim_of_over(args, 0, whole) : "";
        if ((name == "mean" || name == "sum") && is_mask(first_type()))
            return Py{"_ss_rt." + name + "(" + x + ", " + (dim.empty() ? "None" : dim) + ")", kAtom};
        if (dim.empty()) {
            // logsumexp needs its axes named: all of them.
            if (name == "logsumexp") return Py{"torch.logsumexp(" + x + ".flatten(), dim=0)", kAtom};
            return Py{it->second + "(" + x + ")", kAtom};
        }
        return Py{it->second + "(" + x + ", dim=" + dim + ")", kAtom};
    }
    if (name == "sort") return Py{"torch.sort(" + operand(first(), kOr) + ", dim=" + dim_of_over(args, 0, whole) + ").values", kAtom};
    if (name == "argsort") return Py{"torch.argsort(" + operand(first(), kOr) + ", dim=" + dim_of_over(args, 0, whole) + ")", kAtom};
    if (name == "topk") {
        if (args.positional.size() < 2) fail(whole.range, "`topk` takes a value and k");
        return Py{"tuple(torch.topk(" + args.positional[0].text + ", " + args.positional[1].text +
                      ", dim=" + dim_of_over(args, 0, whole) + "))",
                  kAtom};
    }
    if (name == "cat" || name == "stack") {
        std::vector<std::string> parts;
        for (const Py& p : args.positional) parts.push_back(operand(p, kOr));
        return Py{"torch." + name + "(" + py_tuple(parts) + ", dim=" + dim_of_over(args, 0, whole) + ")", kAtom};
    }
    if (name == "gather" || name == "scatter") {
        std::string dim = dim_of_over(args, 0, whole);
        std::string rest;
        for (size_t i = 1; i < args.positional.size(); ++i) rest += ", " + operand(args.positional[i], kOr);
        return Py{"torch." + name + "(" + operand(first(), kOr) + ", " + dim + rest + ")", kAtom};
    }
    if (name == "arange") {
        std::vector<std::string> a;
        for (const Py& p : args.positional) a.push_back(operand(p, kOr));
        if (a.empty()) fail(whole.range, "`arange` needs an end");
        if (a.size() == 1) a.insert(a.begin(), "0");
        if (a.size() == 2) a.push_back("1");
        return Py{"_ss_rt.arange(" + a[0] + ", " + a[1] + ", " + a[2] + ", " + (fn_ ? fn_->device : "None") + ")", kAtom};
    }
    if (name == "Eval") return Py{"_ss_rt.Eval", kAtom};
    return std::nullopt;
}

}  // namespace ss::codegen
