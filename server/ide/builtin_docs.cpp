// Built-in docs: the prelude's declarations read from its AST and text, the
// others from the table below (notation: builtin_docs.hpp, docs/types.md).
#include "ide/builtin_docs.hpp"

#include <algorithm>
#include <map>
#include <variant>

#include "check/builtins.hpp"
#include "check/prelude.hpp"

namespace ss::ide {

namespace {

struct Entry {
    const char* name;
    std::vector<const char*> params;  // labels; empty for a prelude entry (its own)
    const char* result;               // "" for none
    const char* doc;
    bool is_call = true;
};

// One short paragraph per built-in, and a signature for those the prelude
// doesn't declare (the checker's rules are in check/builtin_rules.cpp).
const std::vector<Entry>& table() {
    static const std::vector<Entry> entries = {
        // ------------------------------------------------ in the prelude
        {"gelu", {}, "", "The GELU activation, elementwise. Keeps the shape and the element type of `x`."},
        {"silu", {}, "", "The SiLU (swish) activation, `x * sigmoid(x)`, elementwise. Keeps the type of `x`."},
        {"relu", {}, "", "`max(x, 0)`, elementwise. Keeps the type of `x`."},
        {"tanh", {}, "", "The hyperbolic tangent, elementwise. Keeps the type of `x`."},
        {"sigmoid", {}, "", "The logistic function `1 / (1 + exp(-x))`, elementwise. Keeps the type of `x`."},
        {"exp", {}, "", "`e` to the power `x`, elementwise. Keeps the type of `x`."},
        {"sqrt", {}, "", "The square root, elementwise. Keeps the type of `x`."},
        {"sin", {}, "", "The sine, elementwise. Keeps the type of `x`."},
        {"cos", {}, "", "The cosine, elementwise. Keeps the type of `x`."},
        {"abs", {}, "", "The absolute value, elementwise. Keeps the type of `x`."},
        {"scale", {}, "", "`x * factor`, as a pipeline stage: `att |> scale(1 / sqrt(Dh))`."},
        {"masked_fill", {}, "",
         "`value` where `mask` is true, `x` elsewhere. The mask's axes align with `x`'s by name (a `[n m]` mask "
         "fits a `[b H n m]` value); an axis `x` doesn't have is E0504."},
        {"where", {}, "",
         "`a` where `condition` is true, `b` elsewhere. The three align by name; the result has the larger layout "
         "and `a`'s element type."},
        {"softmax", {}, "",
         "The softmax along the axis `over` names: `att |> softmax(over=m)`. Keeps the shape; E0419 if `x` has no "
         "such axis."},
        {"log_softmax", {}, "", "The log of the softmax along the axis `over` names. Keeps the shape (E0419)."},
        {"embedding", {}, "",
         "The rows of `table` at the positions `ids`: each index gains the axis `D`. The indices' bound must be "
         "the table's first axis."},
        {"linear", {}, "",
         "`x @ w` transposed, as torch's: `w` is `[out in]` and contracts `x`'s last axis, which must have `w`'s "
         "second axis's size."},
        {"cross_entropy", {}, "",
         "The mean over the examples of the cross-entropy of logits `z` against the classes `y`: `z` is a "
         "`Logit over C` with one more axis than `y`, an `Index[C]`."},
        {"dropout", {}, "",
         "Zeroes each value with probability `p` in `Train` mode (scaling the others by `1 / (1 - p)`), and is "
         "the identity in `Eval`. The draw's seed comes from the mode and the call's path."},

        // ------------------------------------------------ layers and normalisations
        {"matmul", {"x: [..s k]", "w: [k m]"}, "[..s m]",
         "`x |> matmul(w)` is `x @ w`: it contracts the last axis of `x` with the first of `w`, whose sizes must be "
         "equal (E0411)."},
        {"rms_norm", {"x: [..s]", "over: axis", "weight?: [over]", "eps?: float"}, "[..s]",
         "Root-mean-square normalisation along the axis `over` names (E0419 if `x` has none). `weight=` must have "
         "that axis's size (E0504). Keeps the type of `x`."},
        {"layer_norm", {"x: [..s]", "over: axis", "weight?: [over]", "bias?: [over]", "eps?: float"}, "[..s]",
         "Layer normalisation along the axis `over` names (E0419). `weight=` and `bias=` must have that axis's "
         "size (E0504). Keeps the type of `x`."},
        {"scaled_dot_product_attention", {"q: [..s n d]", "k: [..s m d]", "v: [..s m e]", "attn_mask?: [n m] Mask"},
         "[..s n e]",
         "Attention of the queries `q` over the keys `k` and values `v`; `attn_mask=causal[n n]` makes it causal. "
         "Not typed yet: the checker checks the arguments, and the result's type is unknown."},

        // ------------------------------------------------ reductions
        {"sum", {"x: [..s]", "over?: axis"}, "[..s without over]",
         "The sum along the axis `over` names, which goes away (E0419 if `x` has none); without `over`, of every "
         "value, a `[]`."},
        {"mean", {"x: [..s]", "over?: axis"}, "[..s without over]",
         "The mean along the axis `over` names, which goes away (E0419); without `over`, of every value. The mean "
         "of a `Mask` is the fraction that is true, an `f32`."},
        {"max", {"x: [..s]", "over?: axis"}, "[..s without over]",
         "The largest value along the axis `over` names, which goes away (E0419); without `over`, of every value."},
        {"min", {"x: [..s]", "over?: axis"}, "[..s without over]",
         "The smallest value along the axis `over` names, which goes away (E0419); without `over`, of every "
         "value."},
        {"logsumexp", {"x: [..s]", "over?: axis"}, "[..s without over]",
         "`log(sum(exp(x)))` along the axis `over` names, computed stably; the axis goes away (E0419)."},
        {"argmax", {"x: [..s]", "over?: axis"}, "[..s without over] Index[over]",
         "The position of the largest value along the axis `over` names, an `Index` into that axis, which goes "
         "away (E0419)."},
        {"argmin", {"x: [..s]", "over?: axis"}, "[..s without over] Index[over]",
         "The position of the smallest value along the axis `over` names, an `Index` into that axis, which goes "
         "away (E0419)."},

        // ------------------------------------------------ ordering, joining, indexing
        {"sort", {"x: [..s]", "over: axis"}, "[..s]", "`x` sorted along the axis `over` names (E0419). Keeps its type."},
        {"argsort", {"x: [..s]", "over: axis"}, "[..s] Index[over]",
         "The positions that would sort `x` along the axis `over` names: `Index`es into that axis, of `x`'s shape."},
        {"topk", {"x: [..s]", "k: int", "over: axis"}, "([..s with over: k], [..s with over: k] Index[over])",
         "The `k` largest values along the axis `over` names and their positions, with that axis cut to `k`."},
        {"cat", {"parts: [..s] ...", "over: axis"}, "[..s with over: the sum]",
         "Joins tensors along the axis `over` names, whose sizes add up. Every other axis must be equal (E0504)."},
        {"stack", {"parts: [..s] ...", "over: axis"}, "?",
         "Stacks tensors of one shape along a new axis. Not typed yet: the checker checks the arguments, and the "
         "result's type is unknown."},
        {"gather", {"x: [..s]", "index: [..r] Index[over]", "over: axis"}, "[..r]",
         "The values of `x` at the positions `index` gives along the axis `over` names. `index` has as many axes "
         "as `x` (E0505); the result has its shape and `x`'s element type."},
        {"scatter", {"x: [..s]", "index: [..r] Index[over]", "src: [..r]", "over: axis"}, "[..s]",
         "`x` with `src` written at the positions `index` gives along the axis `over` names. `src` has the index's "
         "shape (E0504)."},
        {"arange", {"start: int", "end: int", "step?: int"}, "[(end - start) / step] i64",
         "The numbers from `start` up to `end` (excluded); `arange(n)` counts from 0. The size is known when the "
         "ends are numbers, dims or the signature's axes (`arange(0, Dh, 2)` is `[Dh/2]`), and is `?k` otherwise."},
        {"log", {"key=value ..."}, "",
         "Records values under their keys to the run's sinks (terminal, JSON lines, CSV, TensorBoard): "
         "`log(epoch=epoch, loss=l)`. Host-side: the result is not a tensor."},

        // ------------------------------------------------ initialisers of model fields
        {"normal", {"std: float"}, "initializer",
         "A model field's initialiser: values drawn from a normal distribution with mean 0 and standard deviation "
         "`std`: `w: [D D] = normal(0.02)`."},
        {"zeros", {}, "initializer", "A model field's initialiser: all zeros. Written without a call: `b: [H] = zeros`.",
         false},
        {"ones", {}, "initializer", "A model field's initialiser: all ones. Written without a call: `g: [D] = ones`.",
         false},

        // ------------------------------------------------ training
        {"value_and_grad", {"loss: fn", "m: M", "args ..."}, "([] f32, gradients of M)",
         "Calls `loss(m, args...)`, which must give a `[] f32`, and gives that value with the gradients of the "
         "model `loss` takes first: `l, grads = value_and_grad(loss, m, batch, mode)`."},
        {"update", {"mut m: M", "opt: Optimizer[M]", "grads: gradients of M"}, "",
         "One optimizer step: changes the fields of `m`, which must be a `mut` parameter (E0507). The optimizer "
         "and the gradients must be of the same model (E0505)."},
        {"sgd", {"m: M", "lr: float"}, "Optimizer[M]",
         "The state of stochastic gradient descent for the model `m`, with learning rate `lr` (a number or a "
         "schedule)."},
        {"adamw", {"m: M", "lr: float", "weight_decay?: float"}, "Optimizer[M]",
         "The state of AdamW for the model `m`: `adamw(m, lr=3e-4, weight_decay=0.01)`; `lr` may be a schedule."},
        {"cosine", {"peak: float", "steps: int"}, "schedule",
         "A learning-rate schedule that decays from `peak` to 0 over `steps` steps along a cosine. Host-side: "
         "not typed."},
        {"warmup", {"steps: int", "then: schedule"}, "schedule",
         "A learning-rate schedule that rises linearly for `steps` steps, then follows `then`. Host-side: not "
         "typed."},
        {"clip_norm", {"grads: gradients of M", "max: float"}, "gradients of M",
         "The gradients scaled down so that their global norm is at most `max`: `grads |> clip_norm(1.0)`."},
        {"save", {"path: str", "values ..."}, "",
         "Writes models, optimizer states and tensors to the file `path`: `save(\"digits.safetensors\", m, opt)`."},
        {"load", {"path: str"}, "?",
         "Reads what `save` wrote. Its result is a Python value until `as` types it: `load(path) as Mlp`."},
        {"print", {"values ..."}, "", "Prints the values on the terminal, as Python's `print`."},
        {"shuffle", {"data: Dataset[T]", "seed: int"}, "Dataset[T]",
         "The examples of `data` in an order drawn from `seed`: `train |> shuffle(seed=epoch)`."},
        {"batches", {"data: Dataset[T]", "size: int"}, "batches of T",
         "What a `for` loop takes `Batch[T]`s of `size` examples from: `for batch in data |> batches(64):`. Each "
         "field of a batch gains a leading axis `b`; the last batch is padded."},
        {"Train", {"seed: int"}, "Mode",
         "The training mode: random draws (`dropout`) are on, seeded from `seed`, the steps the mode has run and "
         "the draw's path."},
        {"Eval", {}, "Mode", "The evaluation mode: random draws (`dropout`) are the identity. Written without a call.",
         false},
    };
    return entries;
}

const std::vector<Entry>& pattern_table() {
    static const std::vector<Entry> entries = {
        {"rearrange", {"pattern", "name=size ..."}, "",
         "Moves, merges and splits axes by name: `x |> rearrange(b n (H Dh) -> b H n Dh)`. Every input name is on "
         "the output (E0413); `h=16` gives a name a size."},
        {"split", {"pattern"}, "",
         "As `rearrange`, with one number on the input that is the count of results: `q, k, v = x |> split(b n (3 "
         "H Dh) -> b H n Dh)`."},
        {"repeat", {"pattern", "name=size ..."}, "",
         "Adds axes, each a dim, a number or a name given a size: `x |> repeat(b n -> b n k, k=4)`."},
        {"reduce", {"pattern", "reducer"}, "",
         "Reduces the input axes the output leaves out with `mean`, `sum`, `max`, `min` or `prod`: `x |> reduce(b "
         "n D -> b D, mean)`."},
        {"einsum", {"operands ...", "pattern"}, "",
         "Multiplies its operands and sums the names the output leaves out, one input side per operand: "
         "`einsum(q, k: b H n Dh, b H m Dh -> b H n m)`."},
    };
    return entries;
}

size_t identifier_end(std::string_view s, size_t i) {
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' ||
                            static_cast<unsigned char>(s[i]) >= 0x80))
        ++i;
    return i;
}

BuiltinParam param_of_label(std::string label) {
    BuiltinParam p;
    std::string_view s = label;
    size_t start = s.rfind("mut ", 0) == 0 ? 4 : 0;
    p.name = std::string(s.substr(start, identifier_end(s, start) - start));
    p.optional = s.find("?:") != std::string_view::npos || s.find('=') != std::string_view::npos;
    p.variadic = s.size() >= 3 && s.substr(s.size() - 3) == "...";
    p.label = std::move(label);
    return p;
}

std::string slice(std::string_view text, ByteRange range) {
    if (range.begin >= range.end || range.end > text.size()) return "";
    return std::string(text.substr(range.begin, range.end - range.begin));
}

BuiltinDoc doc_of_entry(const Entry& e) {
    BuiltinDoc d;
    d.name = e.name;
    d.is_call = e.is_call;
    d.doc = e.doc;
    if (!e.is_call) {
        d.signature = d.name + (*e.result ? std::string(": ") + e.result : "");
        return d;
    }
    d.signature = d.name + "(";
    for (size_t i = 0; i < e.params.size(); ++i) {
        d.params.push_back(param_of_label(e.params[i]));
        d.signature += (i ? ", " : "") + d.params.back().label;
    }
    d.signature += ")";
    if (*e.result) d.signature += std::string(" -> ") + e.result;
    return d;
}

// The prelude's extern fns, with their signatures as the prelude writes them.
std::map<std::string, BuiltinDoc> prelude_docs() {
    std::map<std::string, BuiltinDoc> out;
    std::string_view text = check::prelude_text();
    for (const ast::Item& item : check::prelude_ast().items) {
        auto* fn = std::get_if<ast::ExternFn>(&item.node);
        if (!fn || fn->name.missing) continue;
        BuiltinDoc d;
        d.name = fn->name.text;
        d.in_prelude = true;
        d.signature = d.name + "(";
        for (size_t i = 0; i < fn->params.size(); ++i) {
            BuiltinParam p;
            p.name = fn->params[i].name.text;
            p.label = collapse_spaces(slice(text, fn->params[i].range));
            p.optional = fn->params[i].default_value != nullptr;
            d.signature += (i ? ", " : "") + p.label;
            d.params.push_back(std::move(p));
        }
        d.signature += ")";
        if (fn->return_type) d.signature += " -> " + collapse_spaces(slice(text, fn->return_type->range));
        d.doc = doc_comment_above(text, item.range.begin);
        out.emplace(d.name, std::move(d));
    }
    return out;
}

std::vector<BuiltinDoc> make_docs() {
    std::map<std::string, BuiltinDoc> docs = prelude_docs();
    std::map<std::string, const Entry*> entries;
    for (const Entry& e : table()) entries.emplace(e.name, &e);
    for (auto& [name, d] : docs) {
        auto e = entries.find(name);
        if (e == entries.end()) continue;
        d.doc = d.doc.empty() ? std::string(e->second->doc) : d.doc + "\n\n" + e->second->doc;
    }
    for (const std::string& name : check::builtin_names()) {
        if (docs.count(name)) continue;
        auto e = entries.find(name);
        if (e != entries.end()) {
            docs.emplace(name, doc_of_entry(*e->second));
        } else {
            // A built-in this table doesn't know yet (tests catch it): its name.
            BuiltinDoc d;
            d.name = name;
            d.signature = name + "(...)";
            d.doc = "A built-in.";
            docs.emplace(name, std::move(d));
        }
    }
    std::vector<BuiltinDoc> out;
    for (auto& [name, d] : docs) out.push_back(std::move(d));
    return out;  // sorted by name: a std::map's order
}

const BuiltinDoc* find(const std::vector<BuiltinDoc>& docs, std::string_view name) {
    auto it = std::lower_bound(docs.begin(), docs.end(), name,
                               [](const BuiltinDoc& d, std::string_view n) { return d.name < n; });
    return it != docs.end() && it->name == name ? &*it : nullptr;
}

}  // namespace

const std::vector<BuiltinDoc>& builtin_docs() {
    static const std::vector<BuiltinDoc> docs = make_docs();
    return docs;
}

const BuiltinDoc* builtin_doc(std::string_view name) { return find(builtin_docs(), name); }

const std::vector<BuiltinDoc>& pattern_function_docs() {
    static const std::vector<BuiltinDoc> docs = [] {
        std::vector<BuiltinDoc> out;
        for (const Entry& e : pattern_table()) out.push_back(doc_of_entry(e));
        std::sort(out.begin(), out.end(), [](const BuiltinDoc& a, const BuiltinDoc& b) { return a.name < b.name; });
        return out;
    }();
    return docs;
}

const BuiltinDoc* pattern_function_doc(std::string_view name) { return find(pattern_function_docs(), name); }

std::string doc_comment_above(std::string_view text, uint32_t offset) {
    if (offset > text.size()) offset = static_cast<uint32_t>(text.size());
    size_t line_start = text.rfind('\n', offset == 0 ? std::string_view::npos : offset - 1);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    std::vector<std::string> lines;
    while (line_start > 0) {
        size_t prev_end = line_start - 1;  // the '\n' ending the line above
        size_t prev_start = prev_end == 0 ? 0 : text.rfind('\n', prev_end - 1);
        prev_start = prev_start == std::string_view::npos || prev_end == 0 ? 0 : prev_start + 1;
        std::string_view line = text.substr(prev_start, prev_end - prev_start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] != '#') break;
        std::string_view body = line.substr(first + 1);
        if (!body.empty() && body[0] == ' ') body.remove_prefix(1);
        lines.emplace_back(body);
        line_start = prev_start;
    }
    std::string out;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) out += (out.empty() ? "" : "\n") + *it;
    return out;
}

std::string collapse_spaces(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

}  // namespace ss::ide
