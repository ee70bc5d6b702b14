// The entries of the table of built-ins (builtin_table.hpp). Each says, in
// order: how it is typed, its editor signature and doc, how it is written in
// Python, and its properties (docs/types.md, "Properties of the built-ins",
// gives the reasons). A prelude entry's signature and Python target are its
// declaration in prelude/prelude.ss; its `doc` follows the declaration's
// comment. The order is the one "did you mean" tries names in.
#include "check/builtin_table.hpp"

#include <cctype>
#include <unordered_map>

#include "check/prelude.hpp"

namespace ss::check {

namespace {

using T = BuiltinTyping;
using R = BuiltinRule;
using E = BuiltinEmit;
using A = BuiltinAcross;

const std::vector<Builtin>& entries() {
    static const std::vector<Builtin> table = {
        // ------------------------------------------------ tensors
        {.name = "embedding",
         .typing = T::Prelude,
         .doc = "The rows of `table` at the positions `ids`: each index gains the axis `D`. The indices' bound must "
                "be the table's first axis.",
         .exportable = true},
        {.name = "linear",
         .typing = T::Rule,
         .rule = R::Linear,
         .params = {"x: [..s I]", "w: [O I]", "bias?: [O]"},
         .result = "[..s O]",
         .doc = "`x @ w` transposed, plus `bias`, as torch's: `w` is `[out in]` and contracts `x`'s last axis, which "
                "must have `w`'s second axis's size (E0504); `bias` has `w`'s first axis's size.",
         .python = "torch.nn.functional.linear",
         .across = A::Signature,
         .exportable = true},
        {.name = "matmul",
         .typing = T::Rule,
         .rule = R::Matmul,
         .params = {"x: [..s k]", "w: [k m]"},
         .result = "[..s m]",
         .doc = "`x |> matmul(w)` is `x @ w`: it contracts the last axis of `x` with the first of `w`, whose sizes "
                "must be equal (E0411).",
         .emit = E::Matmul,
         .python = "torch.tensordot",
         .across = A::Signature,
         .exportable = true},
        {.name = "rms_norm",
         .typing = T::Rule,
         .rule = R::Norm,
         .params = {"x: [..s]", "over: axis", "weight?: [over]", "eps?: float"},
         .result = "[..s]",
         .doc = "Root-mean-square normalisation along the axis `over` names (E0419 if `x` has none). `weight=` must "
                "have that axis's size (E0504). Keeps the type of `x`.",
         .emit = E::Norm,
         .python = "_ss_rt.rms_norm",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "layer_norm",
         .typing = T::Rule,
         .rule = R::Norm,
         .params = {"x: [..s]", "over: axis", "weight?: [over]", "bias?: [over]", "eps?: float"},
         .result = "[..s]",
         .doc = "Layer normalisation along the axis `over` names (E0419). `weight=` and `bias=` must have that "
                "axis's size (E0504). Keeps the type of `x`.",
         .emit = E::Norm,
         .python = "_ss_rt.layer_norm",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "scaled_dot_product_attention",
         .typing = T::Rule,
         .rule = R::Attention,
         .params = {"q: [..s n d]", "k: [..s m d]", "v: [..s m e]", "attn_mask?: [..s n m] Mask", "dropout_p?: float",
                    "is_causal?: bool", "scale?: float", "enable_gqa?: bool", "mode?: Mode"},
         .result = "[..s n e]",
         .doc = "Attention of the queries `q` over the keys `k` and values `v`; `attn_mask=causal[n n]` or "
                "`is_causal=true` makes it causal. `attn_mask` is a Mask (where attention may look) or a float bias "
                "whose axes are axes of the scores `[..s n m]` by name, as a key padding mask `[b m]`; it is laid "
                "out as the scores. As torch's: `scale=` instead of `1 / sqrt(d)`; `enable_gqa=true` lets keys "
                "and values have fewer heads than the queries (a divisor of theirs); `dropout_p=` with `mode=`, "
                "the attention weights' dropout, drawn as `dropout`'s.",
         .emit = E::Attention,
         .python = "torch.nn.functional.scaled_dot_product_attention",
         .across = A::Signature,
         .exportable = true},
        {.name = "cross_entropy",
         .typing = T::Prelude,
         .doc = "The mean over the examples of the cross-entropy of logits `z` against the classes `y`: `z` is a "
                "`Logit over C` with one more axis than `y`, an `Index[C]`. As torch's: `ignore_index=` a class whose "
                "examples are left out (a padding token), `label_smoothing=` the share of the target spread over "
                "every class.",
         .emit = E::CrossEntropy,
         .across = A::Signature,
         .masked = true,
         .exportable = true},
        {.name = "softmax",
         .typing = T::Prelude,
         .doc = "The softmax along the axis `over` names: `att |> softmax(over=m)`. Keeps the shape; E0419 if `x` "
                "has no such axis. Of an `f32` value or of logits, the result is a `Prob over m`.",
         .emit = E::AlongAxis,
         .distribution = ElementKind::Prob,
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "log_softmax",
         .typing = T::Prelude,
         .doc = "The log of the softmax along the axis `over` names. Keeps the shape (E0419). Of an `f32` value or of "
                "logits, the result is a `LogProb over m`.",
         .emit = E::AlongAxis,
         .distribution = ElementKind::LogProb,
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "cumsum",
         .typing = T::Prelude,
         .doc = "The running sum along the axis `over` names: position i holds the sum of positions 0..i. Keeps "
                "the shape; E0419 if `x` has no such axis.",
         .emit = E::AlongAxis,
         .across = A::Over,
         .exportable = true},
        {.name = "cumprod",
         .typing = T::Prelude,
         .doc = "The running product along the axis `over` names: position i holds the product of positions 0..i. "
                "Keeps the shape; E0419 if `x` has no such axis.",
         .emit = E::AlongAxis,
         .across = A::Over,
         .exportable = true},
        {.name = "gelu",
         .typing = T::Prelude,
         .doc = "The GELU activation, elementwise. Keeps the shape and the element type of `x`.",
         .exportable = true},
        {.name = "silu",
         .typing = T::Prelude,
         .doc = "The SiLU (swish) activation, `x * sigmoid(x)`, elementwise. Keeps the type of `x`.",
         .exportable = true},
        {.name = "relu",
         .typing = T::Prelude,
         .doc = "`max(x, 0)`, elementwise. Keeps the type of `x`, integers too.",
         .any_element = true,
         .exportable = true},
        {.name = "tanh",
         .typing = T::Prelude,
         .doc = "The hyperbolic tangent, elementwise. Keeps the type of `x`.",
         .python_number = "math.tanh",
         .exportable = true},
        {.name = "sigmoid",
         .typing = T::Prelude,
         .doc = "The logistic function `1 / (1 + exp(-x))`, elementwise. Keeps the type of `x`.",
         .exportable = true},
        {.name = "dropout",
         .typing = T::Prelude,
         .doc = "Zeroes each value with probability `p` in `Train` mode (scaling the others by `1 / (1 - p)`), and "
                "is the identity in `Eval`. The draw's seed comes from the mode and the call's path.",
         .exportable = true},
        {.name = "softplus",
         .typing = T::Prelude,
         .doc = "`log(1 + exp(beta * x)) / beta`, elementwise (linear above `threshold`), as torch's. Keeps the "
                "type of `x`.",
         .exportable = true},
        {.name = "leaky_relu",
         .typing = T::Prelude,
         .doc = "`x` where it is positive, `negative_slope * x` elsewhere (0.01 unless given), elementwise, as "
                "torch's. Keeps the type of `x`.",
         .exportable = true},
        {.name = "elu",
         .typing = T::Prelude,
         .doc = "`x` where it is positive, `alpha * (exp(x) - 1)` elsewhere (alpha 1 unless given), elementwise, "
                "as torch's. Keeps the type of `x`.",
         .exportable = true},
        {.name = "log1p",
         .typing = T::Prelude,
         .doc = "`log(1 + x)`, elementwise, exact for small `x`, as torch's. Keeps the type of `x`.",
         .python_number = "math.log1p",
         .exportable = true},
        {.name = "rsqrt",
         .typing = T::Prelude,
         .doc = "`1 / sqrt(x)`, elementwise, as torch's. Keeps the type of `x`.",
         .exportable = true},
        {.name = "floor",
         .typing = T::Prelude,
         .doc = "The greatest whole number at most `x`, elementwise, as torch's (still a float). Keeps the type of "
                "`x`.",
         .exportable = true},
        {.name = "ceil",
         .typing = T::Prelude,
         .doc = "The least whole number at least `x`, elementwise, as torch's (still a float). Keeps the type of "
                "`x`.",
         .exportable = true},
        {.name = "round",
         .typing = T::Prelude,
         .doc = "The nearest whole number, halves to even, elementwise, as torch's (still a float). Keeps the type "
                "of `x`.",
         .exportable = true},
        {.name = "clamp",
         .typing = T::Prelude,
         .doc = "`x` with each value brought within `min` and `max` (either may be left out), as torch's. Keeps the "
                "type of `x`.",
         .exportable = true},
        {.name = "minimum",
         .typing = T::Prelude,
         .doc =
             "The lesser of `a` and `b` at each position, as torch's (a NaN on either side gives NaN). The two align "
             "by name, or `b` is a number; the result has the larger layout and the element type torch promotes the "
             "two to.",
         .emit = E::Aligned,
         .exportable = true,
         .promotes_choices = true},
        {.name = "maximum",
         .typing = T::Prelude,
         .doc =
             "The greater of `a` and `b` at each position, as torch's (a NaN on either side gives NaN). The two align "
             "by name, or `b` is a number; the result has the larger layout and the element type torch promotes the "
             "two to.",
         .emit = E::Aligned,
         .exportable = true,
         .promotes_choices = true},
        {.name = "detach",
         .typing = T::Prelude,
         .doc = "`x` with no gradient: a stop-gradient, as in a straight-through estimator (`x + detach(q - x)`) or "
                "a baseline. Keeps the type of `x`.",
         .any_element = true,
         .exportable = true},
        {.name = "zeros_like",
         .typing = T::Prelude,
         .doc = "Zeros of the shape, element type and device of `x`.",
         .any_element = true,
         .exportable = true},
        {.name = "ones_like",
         .typing = T::Prelude,
         .doc = "Ones of the shape, element type and device of `x`.",
         .any_element = true,
         .exportable = true},
        {.name = "full_like",
         .typing = T::Prelude,
         .doc = "`value` everywhere, in the shape, element type and device of `x`.",
         .any_element = true,
         .exportable = true},
        {.name = "rand_like",
         .typing = T::Prelude,
         .doc = "Values drawn uniformly in [0, 1), in the shape of `x`; 0.5 in `Eval`. The draw's seed comes from "
                "the mode and the call's path.",
         .exportable = true},
        {.name = "randn_like",
         .typing = T::Prelude,
         .doc = "Values drawn from the standard normal distribution, in the shape of `x`; 0 in `Eval`. The draw's "
                "seed comes from the mode and the call's path.",
         .exportable = true},
        {.name = "sample",
         .typing = T::Prelude,
         .doc = "A class drawn from the categorical distribution of the logits `z` (softmax over `C`), for each "
                "position: a sampler's or a policy's draw. The most likely class in `Eval`; the draw's seed comes "
                "from the mode and the call's path.",
         .exportable = true},
        {.name = "where",
         .typing = T::Prelude,
         .doc = "`a` where `condition` is true, `b` elsewhere. The three align by name; the result has the larger "
                "layout and `a`'s element type.",
         .emit = E::Aligned,
         .any_element = true,
         .exportable = true,
         .promotes_choices = true},
        {.name = "masked_fill",
         .typing = T::Prelude,
         .doc = "`value` where `mask` is true, `x` elsewhere. The mask's axes align with `x`'s by name (a `[n m]` "
                "mask fits a `[b H n m]` value); an axis `x` doesn't have is E0504.",
         .emit = E::Aligned,
         .exportable = true,
         .fills_masked = true},
        {.name = "scale",
         .typing = T::Prelude,
         .doc = "`x * factor`, as a pipeline stage: `att |> scale(1 / sqrt(Dh))`.",
         .exportable = true},
        {.name = "sqrt",
         .typing = T::Prelude,
         .doc = "The square root, elementwise. Keeps the type of `x`.",
         .python_number = "math.sqrt",
         .exportable = true},
        {.name = "exp",
         .typing = T::Prelude,
         .doc = "`e` to the power `x`, elementwise. Keeps the type of `x`.",
         .python_number = "math.exp",
         .exportable = true},
        // `log(x)` is the logarithm (elementwise, traceable); the properties
        // are those of `log(key=value)`, the record for the sinks.
        {.name = "log",
         .typing = T::Rule,
         .rule = R::Log,
         .params = {"x?: [..s]", "key=value ..."},
         .doc = "Records values under their keys to the run's sinks (terminal, JSON lines, CSV, TensorBoard): "
                "`log(epoch=epoch, loss=l)`. Host-side: the result is not a tensor. Given one value instead, "
                "`log(x)` is the natural logarithm.",
         .emit = E::Log,
         .python = "torch.log",
         .python_number = "math.log",
         .host_only = true,
         .effect = EffectKind::Log,
         .gives_nothing = true},
        {.name = "sin",
         .typing = T::Prelude,
         .doc = "The sine, elementwise. Keeps the type of `x`.",
         .python_number = "math.sin",
         .exportable = true},
        {.name = "cos",
         .typing = T::Prelude,
         .doc = "The cosine, elementwise. Keeps the type of `x`.",
         .python_number = "math.cos",
         .exportable = true},
        {.name = "abs",
         .typing = T::Prelude,
         .doc = "The absolute value, elementwise. Keeps the type of `x`.",
         .python_number = "abs",
         .any_element = true,
         .exportable = true},
        {.name = "sort",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "over: axis", "descending?: bool", "stable?: bool"},
         .result = "[..s]",
         .doc = "`x` sorted along the axis `over` names (E0419), smallest first unless `descending=true`; "
                "`stable=true` keeps equal values in their order. Keeps its type.",
         .emit = E::Sort,
         .python = "torch.sort",
         .across = A::Over,
         .exportable = true},
        {.name = "argsort",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "over: axis", "descending?: bool", "stable?: bool"},
         .result = "[..s] Index[over]",
         .doc = "The positions that would sort `x` along the axis `over` names: `Index`es into that axis, of `x`'s "
                "shape.",
         .emit = E::AlongAxis,
         .python = "torch.argsort",
         .across = A::Over,
         .exportable = true},
        {.name = "topk",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "k: int", "over: axis", "largest?: bool"},
         .result = "([..s with over: k], [..s with over: k] Index[over])",
         .doc = "The `k` largest values along the axis `over` names (the smallest with `largest=false`) and their "
                "positions, with that axis cut to `k`.",
         .emit = E::Topk,
         .python = "shapescript.rt.topk",
         .across = A::Over,
         .exportable = true},
        {.name = "argmax",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over] Index[over]",
         .doc = "The position of the largest value along the axis `over` names, an `Index` into that axis, which "
                "goes away (E0419); the first of equal ones (of a Mask, the first true).",
         .emit = E::Reduction,
         .python = "torch.argmax",
         .across = A::Over,
         .exportable = true},
        {.name = "argmin",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over] Index[over]",
         .doc = "The position of the smallest value along the axis `over` names, an `Index` into that axis, which "
                "goes away (E0419); the first of equal ones (of a Mask, the first false).",
         .emit = E::Reduction,
         .python = "torch.argmin",
         .across = A::Over,
         .exportable = true},
        {.name = "gather",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "index: [..r] Index[over]", "over: axis"},
         .result = "[..r]",
         .doc = "The values of `x` at the positions `index` gives along the axis `over` names. `index` has as many "
                "axes as `x` (E0505); the result has its shape and `x`'s element type.",
         .emit = E::Indexing,
         .python = "torch.gather",
         .across = A::Over,
         .exportable = true},
        {.name = "scatter",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "index: [..r] Index[over]", "src: [..r]", "over: axis"},
         .result = "[..s]",
         .doc = "`x` with `src` written at the positions `index` gives along the axis `over` names. `src` has the "
                "index's shape (E0504).",
         .emit = E::Indexing,
         .python = "torch.scatter",
         .across = A::Over,
         .exportable = true},
        {.name = "scatter_add",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "index: [..r] Index[over]", "src: [..r]", "over: axis"},
         .result = "[..s]",
         .doc = "`x` with `src` added at the positions `index` gives along the axis `over` names, positions that "
                "repeat adding up (torch's scatter_add). `src` has the index's shape (E0504).",
         .emit = E::Indexing,
         .python = "torch.scatter_add",
         .across = A::Over,
         .exportable = true},
        {.name = "index_add",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "index: [k] Index[over]", "src: [..s]", "over: axis"},
         .result = "[..s]",
         .doc = "`x` with the slices of `src` along the axis `over` names added at the positions `index` gives, "
                "positions that repeat adding up (torch's index_add: messages summed into their nodes). `src` is "
                "`x` with that axis as long as `index` (E0504).",
         .emit = E::Indexing,
         .python = "torch.index_add",
         .across = A::Over,
         .exportable = true},
        {.name = "select_scatter",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"x: [..s]", "src: [..r]", "index: int", "over: axis"},
         .result = "[..s]",
         .doc = "`x` with the slice at position `index` along the axis `over` names replaced by `src`, which is "
                "`x` without that axis (E0504): how a loop collects its outputs, `ys = select_scatter(ys, h, i, "
                "over=T)`. A new value, as torch's select_scatter; `x` is left as it was.",
         .emit = E::Indexing,
         .python = "_ss_rt.select_scatter",
         .across = A::Over,
         .exportable = true},
        {.name = "cat",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"parts: [..s] ...", "over: axis"},
         .result = "[..s with over: the sum]",
         .doc = "Joins tensors along the axis `over` names, whose sizes add up. Every other axis must be equal "
                "(E0504).",
         .emit = E::Join,
         .python = "torch.cat",
         .across = A::Over,
         .exportable = true},
        {.name = "stack",
         .typing = T::Rule,
         .rule = R::Ordering,
         .params = {"parts: [..s] ...", "over: axis"},
         .result = "[over ..s], over the number of parts",
         .doc = "Stacks tensors of one shape (the same axes, by name and size) along a new first axis, which "
                "`over` names and whose size is the number of parts: `stack(a, b, over=k)` of two `[n D]` is "
                "`[k n D]` with k = 2.",
         .emit = E::Join,
         .python = "torch.stack",
         .exportable = true},
        {.name = "sum",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "The sum along the axis `over` names, which goes away (E0419 if `x` has none); without `over`, of "
                "every value, a `[]`.",
         .emit = E::Reduction,
         .python = "torch.sum",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "mean",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "The mean along the axis `over` names, which goes away (E0419); without `over`, of every value. The "
                "mean of a `Mask` is the fraction that is true, an `f32`.",
         .emit = E::Reduction,
         .python = "torch.mean",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "max",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "The largest value along the axis `over` names, which goes away (E0419); without `over`, of every "
                "value.",
         .emit = E::Reduction,
         .python = "torch.amax",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "min",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "The smallest value along the axis `over` names, which goes away (E0419); without `over`, of every "
                "value.",
         .emit = E::Reduction,
         .python = "torch.amin",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "logsumexp",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "`log(sum(exp(x)))` along the axis `over` names, computed stably; the axis goes away (E0419).",
         .emit = E::Reduction,
         .python = "torch.logsumexp",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "prod",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool"},
         .result = "[..s without over]",
         .doc = "The product along the axis `over` names, which goes away (E0419); without `over`, of every value.",
         .emit = E::Reduction,
         .python = "torch.prod",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "var",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool", "correction?: int"},
         .result = "[..s without over] f32",
         .doc = "The variance along the axis `over` names, which goes away (E0419); without `over`, of every value. "
                "As torch's: the squared deviations' sum over `n - correction`, so the unbiased estimate unless "
                "`correction=0`. Of a `Mask` or integers, an `f32`.",
         .emit = E::Reduction,
         .python = "torch.var",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "std",
         .typing = T::Rule,
         .rule = R::Reduction,
         .params = {"x: [..s]", "over?: axis", "keepdim?: bool", "correction?: int"},
         .result = "[..s without over] f32",
         .doc = "The standard deviation along the axis `over` names, which goes away (E0419); without `over`, of "
                "every value: the square root of `var` with the same `correction` (1 unless given), as torch's.",
         .emit = E::Reduction,
         .python = "torch.std",
         .across = A::Over,
         .masked = true,
         .exportable = true},
        {.name = "arange",
         .typing = T::Rule,
         .rule = R::Arange,
         .params = {"start: int", "end: int", "step?: int"},
         .result = "[(end - start) / step] i64",
         .doc = "The numbers from `start` up to `end` (excluded); `arange(n)` counts from 0. The size is known when "
                "the ends are numbers, dims or the signature's axes (`arange(0, Dh, 2)` is `[Dh/2]`), and is `?k` "
                "otherwise.",
         .emit = E::Arange,
         .python = "_ss_rt.arange",
         .exportable = true},

        // ------------------------------------------------ initialisers of model fields
        {.name = "normal",
         .typing = T::Initializer,
         .params = {"std: float"},
         .result = "initializer",
         .doc = "A model field's initialiser: values drawn from a normal distribution with mean 0 and standard "
                "deviation `std`: `w: [D D] = normal(0.02)`.",
         .emit = E::Initializer,
         .host_only = true},
        {.name = "uniform",
         .typing = T::Initializer,
         .params = {"low: float", "high: float"},
         .result = "initializer",
         .doc = "A model field's initialiser: values drawn uniformly between `low` and `high`: `w: [D D] = "
                "uniform(-0.1, 0.1)`.",
         .emit = E::Initializer,
         .host_only = true},
        // The initialisers `zeros` and `ones` are constructors too in a body,
        // `zeros([b H])` (check/constructors.cpp), as are the entries below.
        {.name = "zeros",
         .typing = T::Initializer,
         .result = "initializer",
         .doc = "All zeros: a model field's initialiser written without a call, `b: [H] = zeros`; in a body, a "
                "tensor of the type written, `zeros([b H])`.",
         .is_call = false,
         .emit = E::Initializer,
         .exportable = true},
        {.name = "ones",
         .typing = T::Initializer,
         .result = "initializer",
         .doc = "All ones: a model field's initialiser written without a call, `g: [D] = ones`; in a body, a "
                "tensor of the type written, `ones([b H])`.",
         .is_call = false,
         .emit = E::Initializer,
         .exportable = true},
        {.name = "full",
         .typing = T::Rule,
         .rule = R::Constructor,
         .params = {"shape: type", "value: float"},
         .result = "shape",
         .doc = "A tensor of the type written, every value `value`: `full([b H], 0.5)`. Without an element type "
                "written, an int value gives `i64` and a bool a `Mask`, as torch.full.",
         .python = "torch.full",
         .exportable = true},
        {.name = "eye",
         .typing = T::Rule,
         .rule = R::Constructor,
         .params = {"shape: type"},
         .result = "shape",
         .doc = "The identity matrix of the two axes written: ones where the positions are equal, `eye([n m])`.",
         .python = "torch.eye",
         .exportable = true},
        {.name = "rand",
         .typing = T::Rule,
         .rule = R::Constructor,
         .params = {"shape: type", "mode: Mode"},
         .result = "shape",
         .doc = "Values drawn uniformly in [0, 1): `rand([b H], mode)`. The draw's seed comes from the mode and the "
                "call's path; in `Eval` every value is 0.5, the mean.",
         .python = "_ss_rt.rand",
         .exportable = true},
        {.name = "randn",
         .typing = T::Rule,
         .rule = R::Constructor,
         .params = {"shape: type", "mode: Mode"},
         .result = "shape",
         .doc = "Values drawn from the standard normal distribution: `randn([b H], mode)`. The draw's seed comes "
                "from the mode and the call's path; in `Eval` every value is 0, the mean.",
         .python = "_ss_rt.randn",
         .exportable = true},
        {.name = "randint",
         .typing = T::Rule,
         .rule = R::Constructor,
         .params = {"shape: type", "low?: int", "high?: int", "mode: Mode"},
         .result = "shape",
         .doc = "Integers drawn uniformly in `low..high` (`low` 0 when left out), `i64`: `randint([b n], V, mode)`; "
                "with an `Index[V]` element and no bounds, in 0..V. In `Eval` every value is the middle one, "
                "`(low + high - 1) // 2`.",
         .python = "_ss_rt.randint",
         .exportable = true},

        // ------------------------------------------------ training
        {.name = "value_and_grad",
         .typing = T::Rule,
         .rule = R::ValueAndGrad,
         .params = {"loss: fn", "m: M", "args ..."},
         .result = "([] f32, gradients of M)",
         .doc = "Calls `loss(m, args...)`, which must give a `[] f32`, and gives that value with the gradients of "
                "the model `loss` takes first: `l, grads = value_and_grad(loss, m, batch, mode)`.",
         .python = "_ss_rt.value_and_grad",
         .effect = EffectKind::DeviceWork},
        {.name = "update",
         .typing = T::Rule,
         .rule = R::Update,
         .params = {"mut m: M", "opt: Optimizer[M]", "grads: gradients of M"},
         .doc = "One optimizer step: changes the fields of `m`, which must be a `mut` parameter (E0507). The "
                "optimizer and the gradients must be of the same model (E0505).",
         .python = "_ss_rt.update",
         .effect = EffectKind::DeviceWork,
         .gives_nothing = true},
        {.name = "sgd",
         .typing = T::Rule,
         .rule = R::Optimizer,
         .params = {"m: M", "lr?: schedule", "momentum?: float", "dampening?: float", "weight_decay?: float",
                    "nesterov?: bool"},
         .result = "Optimizer[M]",
         .doc = "The state of stochastic gradient descent for the model `m`, with learning rate `lr` (a number or a "
                "schedule). The parameters and defaults are torch.optim.SGD's: `lr=1e-3`, `momentum=0`, "
                "`dampening=0`, `weight_decay=0`, `nesterov=false`.",
         .python = "_ss_rt.sgd",
         .host_only = true},
        {.name = "adamw",
         .typing = T::Rule,
         .rule = R::Optimizer,
         .params = {"m: M", "lr?: schedule", "betas?: (float, float)", "eps?: float", "weight_decay?: float",
                    "amsgrad?: bool"},
         .result = "Optimizer[M]",
         .doc = "The state of AdamW for the model `m`: `adamw(m, lr=3e-4, weight_decay=0.01)`; `lr` may be a "
                "schedule. The parameters, their order and defaults are torch.optim.AdamW's: `lr=1e-3`, "
                "`betas=(0.9, 0.999)`, `eps=1e-8`, `weight_decay=0.01`, `amsgrad=false`.",
         .python = "_ss_rt.adamw",
         .host_only = true},
        {.name = "cosine",
         .params = {"peak: float", "steps: int"},
         .result = "schedule",
         .doc = "A learning-rate schedule that decays from `peak` to 0 over `steps` steps along a cosine. Host-side: "
                "not typed.",
         .python = "_ss_rt.cosine",
         .host_only = true},
        {.name = "warmup",
         .params = {"steps: int", "then: schedule"},
         .result = "schedule",
         .doc = "A learning-rate schedule that rises linearly for `steps` steps, then follows `then`. Host-side: not "
                "typed.",
         .python = "_ss_rt.warmup",
         .host_only = true},
        {.name = "clip_norm",
         .typing = T::Rule,
         .rule = R::ClipNorm,
         .params = {"grads: gradients of M", "max: float"},
         .result = "gradients of M",
         .doc = "The gradients scaled down so that their global norm is at most `max`: `grads |> clip_norm(1.0)`.",
         .python = "_ss_rt.clip_norm"},
        {.name = "save",
         .params = {"path: str", "values: M | Optimizer[M] | [..s] ..."},
         .doc = "Writes models, optimizer states and tensors to the file `path`: `save(\"digits.safetensors\", m, "
                "opt)`.",
         .python = "_ss_rt.save",
         .host_only = true,
         .effect = EffectKind::Save,
         .gives_nothing = true},
        {.name = "load",
         .params = {"path: str"},
         .result = "?",
         .doc = "Reads what `save` wrote. Its result is a Python value until `as` types it: `load(path) as Mlp`.",
         .python = "_ss_rt.load",
         .host_only = true,
         .effect = EffectKind::Load},
        {.name = "print",
         .params = {"values ..."},
         .doc = "Prints the values on the terminal, as Python's `print`.",
         .python = "_ss_rt.print",
         .host_only = true,
         .effect = EffectKind::Print,
         .gives_nothing = true},
        {.name = "shuffle",
         .typing = T::Rule,
         .rule = R::Shuffle,
         .params = {"data: Dataset[T]", "seed: int"},
         .result = "Dataset[T]",
         .doc = "The examples of `data` in an order drawn from `seed`: `train |> shuffle(seed=epoch)`.",
         .python = "_ss_rt.shuffle",
         .host_only = true},
        {.name = "batches",
         .typing = T::Rule,
         .rule = R::Batches,
         .params = {"data: Dataset[T]", "size: int"},
         .result = "batches of T",
         .doc = "What a `for` loop takes `Batch[T]`s of `size` examples from: `for batch in data |> batches(64):`. "
                "Each field of a batch gains a leading axis `b`; the last batch is padded.",
         .python = "_ss_rt.batches",
         .host_only = true},
        {.name = "Train",
         .typing = T::Rule,
         .rule = R::TrainMode,
         .params = {"seed: int"},
         .result = "Mode",
         .doc = "The training mode: random draws (`dropout`) are on, seeded from `seed`, the steps the mode has run "
                "and the draw's path.",
         .python = "_ss_rt.Train",
         .host_only = true},
        {.name = "Sample",
         .typing = T::Rule,
         .rule = R::TrainMode,
         .params = {"seed: int"},
         .result = "Mode",
         .doc = "The sampling mode, for inference that draws (a sampler, an agent acting): random draws (`randn`, "
                "`sample`) are on, seeded as in `Train`, and `dropout` is the identity, as in `Eval`.",
         .python = "_ss_rt.Sample",
         .host_only = true},
        {.name = "Eval",
         .typing = T::Rule,
         .rule = R::EvalMode,
         .result = "Mode",
         .doc = "The evaluation mode: random draws (`dropout`) are the identity. Written without a call.",
         .is_call = false,
         .emit = E::Value,
         .python = "_ss_rt.Eval",
         .exportable = true},
    };
    return table;
}

}  // namespace

const std::vector<Builtin>& builtin_table() { return entries(); }

bool call_has_effect(const Builtin& b, bool piped, bool any_positional) {
    return b.rule != BuiltinRule::Log || (!piped && !any_positional);
}

const Builtin* find_builtin(std::string_view name) {
    // Looked up for every call and name in a body: hashed, not scanned.
    static const std::unordered_map<std::string_view, const Builtin*> by_name = [] {
        std::unordered_map<std::string_view, const Builtin*> out;
        for (const Builtin& b : entries()) out.emplace(b.name, &b);
        return out;
    }();
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
}

BuiltinLabel builtin_label(std::string_view s) {
    BuiltinLabel out;
    size_t start = s.rfind("mut ", 0) == 0 ? 4 : 0;
    size_t end = start;
    while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_' ||
                              static_cast<unsigned char>(s[end]) >= 0x80))
        ++end;
    out.variadic = s.size() >= 3 && s.substr(s.size() - 3) == "...";
    out.any_keywords = out.variadic && end < s.size() && s[end] == '=';
    out.name = out.any_keywords ? "" : std::string(s.substr(start, end - start));
    out.keyword_only = s.size() >= 6 && s.substr(s.size() - 6) == ": axis";
    out.optional = out.any_keywords || s.find("?:") != std::string_view::npos || s.find('=') != std::string_view::npos;
    if (size_t colon = s.find(':'); colon != std::string_view::npos && !out.any_keywords) {
        std::string_view type = s.substr(colon + 1);
        type = type.substr(std::min(type.find_first_not_of(' '), type.size()));
        out.type = std::string(type.substr(0, type.find(" = ")));
    }
    return out;
}

const std::vector<BuiltinLabel>& builtin_labels(const Builtin& b) {
    static const std::unordered_map<std::string_view, std::vector<BuiltinLabel>> parsed = [] {
        std::unordered_map<std::string_view, std::vector<BuiltinLabel>> out;
        for (const Builtin& entry : entries()) {
            bool after_axis = false;
            for (std::string_view label : entry.params) {
                // A torch flag after `over: axis` is named too, as after
                // Python's `*`: `topk(x, k, over=n, largest=false)`, so
                // `topk(x, 2, n)` is still "takes 2 by position".
                BuiltinLabel parsed_label = builtin_label(label);
                if (after_axis && parsed_label.optional && parsed_label.type == "bool")
                    parsed_label.keyword_only = true;
                after_axis = after_axis || parsed_label.type == "axis";
                out[entry.name].push_back(std::move(parsed_label));
            }
        }
        return out;
    }();
    static const std::vector<BuiltinLabel> none;
    auto it = parsed.find(b.name);
    return it == parsed.end() ? none : it->second;
}

const std::vector<BuiltinLabel>& call_labels(const Builtin& b) {
    if (b.typing != BuiltinTyping::Prelude) return builtin_labels(b);
    static const std::unordered_map<std::string, std::vector<BuiltinLabel>> declared = [] {
        std::unordered_map<std::string, std::vector<BuiltinLabel>> out;
        for (const ast::Item& item : prelude_ast().items)
            if (auto* ext = std::get_if<ast::ExternFn>(&item.node))
                for (const ast::Param& p : ext->params) {
                    auto* named = p.type ? std::get_if<ast::NamedType>(&p.type->node) : nullptr;
                    out[ext->name.text].push_back({.name = p.name.text,
                                                   .optional = p.default_value != nullptr,
                                                   .keyword_only = named && named->name.text == "axis",
                                                   .type = {}});  // the prelude's types are checked as its signatures
                }
        return out;
    }();
    static const std::vector<BuiltinLabel> none;
    auto it = declared.find(std::string(b.name));
    return it == declared.end() ? none : it->second;
}

const std::vector<std::string>& builtin_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const Builtin& b : entries()) out.emplace_back(b.name);
        return out;
    }();
    return names;
}

const ast::ExternFn* prelude_declaration(std::string_view name) {
    for (const ast::Item& item : prelude_ast().items)
        if (auto* fn = std::get_if<ast::ExternFn>(&item.node); fn && !fn->name.missing && fn->name.text == name)
            return fn;
    return nullptr;
}

std::string builtin_python(const Builtin& b) {
    if (b.typing != BuiltinTyping::Prelude) return std::string(b.python);
    const ast::ExternFn* fn = prelude_declaration(b.name);
    return fn ? fn->target.text : "";
}

}  // namespace ss::check
