// The names of the built-ins every file can use (language.md section 4 and
// 6). Until the prelude declares their types in ShapeScript, a call to one
// is checked for its arguments only and gives a value of unknown type, which
// later checks accept silently: no false errors, no cascades.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ss::check {

inline const std::vector<std::string>& builtin_names() {
    static const std::vector<std::string> names = {
        // tensors
        "embedding", "linear", "matmul", "rms_norm", "layer_norm", "scaled_dot_product_attention", "cross_entropy",
        "softmax", "log_softmax", "gelu", "silu", "relu", "tanh", "sigmoid", "dropout", "where", "masked_fill",
        "scale", "sqrt", "exp", "log", "sin", "cos", "abs", "sort", "argsort", "topk", "argmax", "argmin", "gather",
        "scatter", "cat", "stack", "sum", "mean", "max", "min", "logsumexp", "arange",
        // initialisers of model fields
        "normal", "zeros", "ones",
        // training
        "value_and_grad", "update", "sgd", "adamw", "cosine", "warmup", "clip_norm", "save", "load", "print",
        "shuffle", "batches", "Train", "Eval",
    };
    return names;
}

inline bool is_builtin(std::string_view name) {
    // Looked up for every call and name in a body: hashed, not scanned.
    static const std::unordered_set<std::string_view> set(builtin_names().begin(), builtin_names().end());
    return set.count(name) > 0;
}

}  // namespace ss::check
