// The checker's types: tensors with named, sized axes and an element type;
// scalars and the host-side types of models, data and training.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/size.hpp"
#include "diag/diagnostic.hpp"

namespace ss::ast {
struct Axis;
}

namespace ss::check {

enum class ElementKind { F32, F16, BF16, F64, I32, I64, Mask, Index, Logit, Prob, LogProb };

struct Element {
    ElementKind kind = ElementKind::F32;  // f32 when none is written
    std::optional<Size> index_bound;      // Index[V]: values in 0..V
    std::string bound_written;            // V, as written
    std::string over;                     // Logit/Prob/LogProb over this axis
    bool written = false;                 // false: the f32 default
};

// One axis of a tensor type. `name` is set when the axis was written as a
// single name (`b`, `D`); `written` is the size as the user wrote it, and
// `size` its normal form (dims evaluated).
struct AxisType {
    std::optional<std::string> name;
    Size size;
    std::string written;
    ByteRange origin;       // where the axis got its name and size
    bool variadic = false;  // `..s`: any number of axes
    // A group written `(b T)` or `(h 2)`: its factors in order, b's outside
    // and T's inside, as einops lays them out; empty for any other axis
    // (groups.cpp). Kept as data so no check reads it back from `written`.
    std::vector<std::string> factors;
    // The dim this axis is when its name doesn't say: a pattern's `h` for
    // an operand's axis W keeps W's identity (dim_identity.cpp), so
    // `rearrange(b c w h -> b h w c)` of `[b C H W]` is never `[b H W C]`.
    std::optional<std::string> dim;
};

struct TensorType {
    std::vector<AxisType> axes;
    Element element;
};

enum class TypeKind {
    Tensor,
    Int,
    Float,
    Bool,
    Str,
    Mode,
    Model,      // `ref` names the model
    Data,       // one example of the data record `ref`
    Dataset,    // Dataset[ref]
    Batch,      // Batch[ref]
    Optimizer,  // Optimizer[ref]
    AxisName,   // `over: axis`: the name of an axis of the first tensor argument
    Batches,    // `data |> batches(64)`: what a for loop takes Batch[ref]s from
    Grads,      // the gradients of the model `ref` (value_and_grad)
    Schedule,   // a learning rate by update count: what cosine and warmup give
    Tuple,
    List,     // `[a, b]`: Python's list, of items nothing types
    Unknown,  // after an error: accepted everywhere, so errors don't cascade
};

struct Type {
    TypeKind kind = TypeKind::Unknown;
    TensorType tensor;           // Tensor; for a Batch, its one axis is the batch axis
    std::string ref;             // Model, Data, Dataset, Batch, Optimizer
    std::vector<Type> elements;  // Tuple
    // Unknown: a Python value's (`torch.f(x)`, arithmetic of one), which no
    // error made unknown: what needs its axes is refused (E0512), not let
    // through to fail in the code generator.
    bool python = false;
};

// The unknown type of a Python value.
inline Type python_value() {
    Type t;
    t.python = true;
    return t;
}

// An operation's result when `a` or `b` is unknown: a Python value's,
// unless one is unknown after an error (or is no value).
inline Type unknown_of(const Type& a, const Type& b) {
    bool other = (a.kind == TypeKind::Unknown && !a.python) || (b.kind == TypeKind::Unknown && !b.python);
    return other ? Type{} : python_value();
}

// An immutable type kept in the checker's facts, shared by the copies a
// replayed body makes.
using TypeRef = std::shared_ptr<const Type>;

// The names of element kinds as written (`f32`, `Mask`, `Index`, ...).
std::string element_name(ElementKind kind);

// Whether a type name is the language's own (`f32`, `Mask`, `axis`,
// `Dataset`, ...): a model or data record of that name could never be named.
bool is_builtin_type_name(std::string_view name);

// Whether a value with element `found` may stand where `expected` is
// declared (docs/types.md, "Element types"). `any_float` accepts every float
// kind: an extern fn's parameter that doesn't write its element type.
bool element_fits(const Element& expected, const Element& found, bool any_float);

// Whether a distribution is over the axis `expected` declares (`Prob over m`
// is not `Prob over n`), by the axis's place, since a call renames axes.
// True when either isn't a distribution over a named axis.
bool distribution_fits(const TensorType& expected, const TensorType& found);

inline bool is_distribution(ElementKind kind) {
    return kind == ElementKind::Logit || kind == ElementKind::Prob || kind == ElementKind::LogProb;
}

// A floating-point element: the float kinds and the distributions over them.
inline bool is_floating(ElementKind kind) {
    return kind == ElementKind::F32 || kind == ElementKind::F16 || kind == ElementKind::BF16 ||
           kind == ElementKind::F64 || is_distribution(kind);
}

// The element as torch stores it: an `Index` an int64, a distribution a
// float32. Torch's matrix products (`@`, einsum) take operands of one.
inline ElementKind stored_kind(ElementKind kind) {
    if (kind == ElementKind::Index) return ElementKind::I64;
    return is_distribution(kind) ? ElementKind::F32 : kind;
}

// A distribution whose axis went away (a reduction over it, `@`) is plain f32.
inline Element plain_if_distribution(Element e) { return is_distribution(e.kind) ? Element{} : e; }

inline Type of_kind(TypeKind kind, std::string ref = "") {
    Type t;
    t.kind = kind;
    t.ref = std::move(ref);
    return t;
}

// A tensor of Mask elements (torch's bools).
inline bool is_mask(const Type& t) { return t.kind == TypeKind::Tensor && t.tensor.element.kind == ElementKind::Mask; }

// Where a type's variadic group `..s` (any number of axes) is, if it has one.
inline std::optional<size_t> group_position(const TensorType& t) {
    for (size_t i = 0; i < t.axes.size(); ++i)
        if (t.axes[i].variadic) return i;
    return std::nullopt;
}

inline bool has_variadic(const TensorType& t) { return group_position(t).has_value(); }

// The factors of a group of names and numbers, `(b T)`, `(h 2)`, as
// written; none for any other axis or a group with a factor such as `3*D`
// (groups.cpp).
std::vector<std::string> group_factors(const ast::Axis& axis);

// A group's factors as its value lays them out, `(b T)`, for messages and
// fixes (groups.cpp).
std::string group_text(const AxisType& group);

// Whether two axes are one group's factors in another order: `(b T)` and
// `(T b)` lay the same numbers out differently, so neither stands for the
// other (E0426; groups.cpp).
bool reordered_group(const AxisType& a, const AxisType& b);

// How many axes of `t` (outside a group `..s`) are named `name`: `over=t`
// of a `[b H t t]` can't say which of two it means (E0419).
inline size_t axes_named(const TensorType& t, const std::string& name) {
    size_t n = 0;
    for (const AxisType& a : t.axes) n += !a.variadic && a.name == name;
    return n;
}

// The phrase for an axis name that two axes have, in messages.
inline std::string named_twice(const std::string& name, const TensorType& t) {
    std::string axes = "[";
    for (size_t i = 0; i < t.axes.size(); ++i) axes += (i ? " " : "") + t.axes[i].written;
    return "`" + name + "`, which names two of the axes of " + axes + "]: give one another name with a pattern";
}

// For a message about a value with a group `..s`: its axes have no names
// where the group stands for them, so `over=` can't name one of them.
inline std::string variadic_note(const TensorType& t) {
    return has_variadic(t) ? " (the axes of a group `..s` have no names here)" : "";
}

// `[b n D]`, as written, for messages.
inline std::string axes_text(const TensorType& t) {
    std::string out = "[";
    for (size_t i = 0; i < t.axes.size(); ++i) out += (i ? " " : "") + t.axes[i].written;
    return out + "]";
}

}  // namespace ss::check
