#include "check/builtin_types.hpp"

#include <string>

namespace ss::check {

namespace {

using F = BuiltinTypeFamily;
using E = ElementKind;
using K = TypeKind;

constexpr BuiltinType kTypes[] = {
    {"f32", F::Element, K::Tensor, E::F32, false, "32-bit floats, the default element type"},
    {"f16", F::Element, K::Tensor, E::F16, false, "16-bit floats"},
    {"bf16", F::Element, K::Tensor, E::BF16, false, "bfloat16 floats"},
    {"f64", F::Element, K::Tensor, E::F64, false, "64-bit floats"},
    {"i32", F::Element, K::Tensor, E::I32, false, "32-bit integers"},
    {"i64", F::Element, K::Tensor, E::I64, false, "64-bit integers"},
    {"Mask", F::Element, K::Tensor, E::Mask, false, "booleans"},
    {"Index", F::Element, K::Tensor, E::Index, false, "`Index[V]`: i64 positions in `0..V`"},
    {"Logit", F::Element, K::Tensor, E::Logit, false,
     "`Logit over A`: floats, the logits of a distribution over the axis `A`"},
    {"Prob", F::Element, K::Tensor, E::Prob, false, "`Prob over A`: floats, a distribution over the axis `A`"},
    {"LogProb", F::Element, K::Tensor, E::LogProb, false,
     "`LogProb over A`: floats, the log of a distribution over the axis `A`"},
    {"int", F::Host, K::Int, std::nullopt, false, "a host integer"},
    {"float", F::Host, K::Float, std::nullopt, false, "a host float"},
    {"bool", F::Host, K::Bool, std::nullopt, false, "a host bool"},
    {"str", F::Host, K::Str, std::nullopt, false, "a string"},
    {"Mode", F::Host, K::Mode, std::nullopt, false, "`Train(seed=...)` or `Eval`"},
    {"axis", F::Host, K::AxisName, std::nullopt, true, "The name of an axis of the first tensor argument"},
    {"Dataset", F::Generic, K::Dataset, std::nullopt, false, "`Dataset[D]`: examples of the data record `D`"},
    {"Batch", F::Generic, K::Batch, std::nullopt, false,
     "`Batch[D]`: a batch of examples of `D`; each field gains a leading axis `b`"},
    {"Optimizer", F::Generic, K::Optimizer, std::nullopt, false,
     "`Optimizer[M]`: the optimizer state of the model `M`"},
};

}  // namespace

std::span<const BuiltinType> builtin_types() { return kTypes; }

const BuiltinType* builtin_type(std::string_view name) {
    for (const BuiltinType& t : kTypes)
        if (t.name == name) return &t;
    return nullptr;
}

std::optional<ElementKind> element_kind(std::string_view name) {
    const BuiltinType* t = builtin_type(name);
    return t ? t->element : std::nullopt;
}

bool is_builtin_type_name(std::string_view name) { return builtin_type(name) != nullptr; }

std::string element_name(ElementKind kind) {
    for (const BuiltinType& t : kTypes)
        if (t.element == kind) return std::string(t.name);
    return "?";
}

}  // namespace ss::check
