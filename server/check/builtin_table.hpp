// The one table of built-ins: every name a file can use without defining
// it, with how the checker types it, its documentation, how the code
// generator writes it, and the properties the analyses ask about
// (docs/types.md, "Properties of the built-ins"). The checker, the code
// generator and the editor read it; none keeps a list of built-in names of
// its own. The entries are in builtin_table.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/program.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

// How the checker types a call.
enum class BuiltinTyping : uint8_t {
    Prelude,      // an extern fn of prelude/prelude.ss, which also gives its signature and doc comment
    Rule,         // a C++ rule of builtin_rules.cpp, named by `rule`
    Arguments,    // its arguments only; the result is unknown until `as` types it
    Initializer,  // a model field's initialiser (items.cpp); in a body, as Arguments
};

// The rules of builtin_rules.cpp (and expressions.cpp for `Eval`).
enum class BuiltinRule : uint8_t {
    None,
    Reduction,  // the axis `over` names goes away
    Log,        // the logarithm, or a record for the sinks
    Matmul,
    Norm,      // rms_norm, layer_norm
    Linear,    // linear(x, w, bias?), torch's layout
    Ordering,  // sort, argsort, topk, cat, gather, scatter
    Arange,
    Attention,
    ValueAndGrad,
    TrainMode,    // Train(seed=...), Sample(seed=...): a Mode
    Constructor,  // full, eye, rand, randn, randint: written with a type (constructors.cpp)
    EvalMode,     // the name Eval: a Mode
    Shuffle,
    Batches,
    Optimizer,  // sgd, adamw
    ClipNorm,
    Update,
};

// How codegen/builtins.cpp writes a call (docs/generated-code.md).
enum class BuiltinEmit : uint8_t {
    Call,          // `python(args)`; on a number, `python_number(args)` when there is one
    Aligned,       // as Call, the later tensor arguments laid out as the first (masked_fill, where)
    AlongAxis,     // `python(x, dim=over)`
    Reduction,     // `python(x, dim=over)`, of every value without `over`; a Mask's (mean: integers'), the runtime's
    Log,           // `log(x)`: as Call; `log(key=value)`: `_ss_rt.log(...)`
    Matmul,        // `x @ w`, or `python(x, w, dims=1)` for a weight of more axes
    CrossEntropy,  // `python(z, y, class axis)`
    Norm,          // `python(x, dim, weight, [bias,] eps)`
    Sort,          // `python(x, dim=over).values`
    Topk,          // `tuple(python(x, k, dim=over))`
    Join,          // `python((parts...), dim=over)`
    Indexing,      // `python(x, dim, index[, src])`
    Arange,        // `python(start, end, step, device)`
    Attention,     // `python(q, k, v, attn_mask=...)`, the mask laid out as the scores (check/attention.hpp)
    Value,         // a name, not a call: `python`
    Initializer,   // `_ss_init.NAME(field, shape, args..., element)` in a model's constructor (module.cpp)
    NotGenerated,  // the build reports `not_generated`
};

// Which axes a built-in mixes values along: what padding (a batch's padded
// positions) must know about it.
enum class BuiltinAcross : uint8_t {
    Nothing,    // position by position, or no tensor: a padded position harms no other
    Over,       // along the axis `over` names (every axis without `over`)
    Signature,  // along axes its signature fixes (a contracted axis, the examples, the keys)
};

struct Builtin {
    std::string_view name;
    BuiltinTyping typing = BuiltinTyping::Arguments;
    BuiltinRule rule = BuiltinRule::None;
    // The editor's signature of a built-in the prelude doesn't declare, in
    // the notation of docs/types.md ("Built-in signatures in the editor"):
    // parameter labels and the result ("" for none).
    std::vector<std::string_view> params = {};
    std::string_view result = "";
    std::string_view doc = "";  // one short Markdown paragraph (after the prelude's comment)
    bool is_call = true;        // false for names used bare: `zeros`, `Eval`
    BuiltinEmit emit = BuiltinEmit::Call;
    std::string_view python = "";         // empty for a prelude entry: its `= target`
    std::string_view python_number = "";  // on a number argument (`math.exp`)
    std::string_view not_generated = "";  // why, for NotGenerated
    // Its tensors whose parameters write no element take integers too, as
    // torch's do (abs, where); else such a parameter takes the floats.
    bool any_element = false;
    // The result is this distribution over the axis `over=` names, when the
    // value is f32 (`softmax(x, over=m)` is `Prob over m`; docs/types.md).
    std::optional<ElementKind> distribution = std::nullopt;
    // Properties for the analyses (docs/types.md gives each built-in's).
    BuiltinAcross across = BuiltinAcross::Nothing;
    bool masked = false;      // across an axis, with a masked version: padding along it can be ignored
    bool host_only = false;   // runs on the host only (I/O, data, schedules, optimiser state): never in a graph
    bool exportable = false;  // a call can be traced by torch.export
    // The effect a call is (program.hpp), besides being a call: DeviceWork for
    // a training step's work (language.md section 6), Print, Log, Save, Load.
    std::optional<EffectKind> effect = std::nullopt;
    // A call gives Python's None (print, save, update, `log(key=value)`):
    // it is a statement of its own, never a value (E0511).
    bool gives_nothing = false;
    // The result's element type is the promotion of the last two
    // arguments' (where's two choices, minimum's two values), as torch's
    // (an i64 and an f32 give f32), not the first's.
    bool promotes_choices = false;
    // Writes `value` where `mask` is true (masked_fill): a `-inf` fill is
    // followed into a softmax over an axis the mask doesn't cover (E0425).
    bool fills_masked = false;
};

// Whether a call of `b` is what the entry's `effect` and `gives_nothing`
// say. Always, but for `log`, which is two things: given a value (`log(x)`,
// `x |> log`) the logarithm; given keywords only (`log(loss=l)`) the record
// for the sinks.
bool call_has_effect(const Builtin& b, bool piped, bool any_positional);

// What one of a built-in's `params` labels says about the argument it
// stands for (the notation is builtin_docs.hpp's): `lr?: float` may be left
// out, `parts: [..s] ...` takes any number of positional arguments, and
// `key=value ...` any keywords.
struct BuiltinLabel {
    std::string name;           // "x", "over"; "" for `key=value ...`
    bool optional = false;      // `lr?: float`, `q: U = 1`
    bool variadic = false;      // `parts: [..s] ...`, `values ...`
    bool any_keywords = false;  // `key=value ...`
    bool keyword_only = false;  // `over: axis`: an axis is named, `over=n`, never given by position
    std::string type;           // as written after `:`, without a default: "float", "[..s]", "(float, float)"
};
BuiltinLabel builtin_label(std::string_view label);

// The entry's `params`, parsed once for the whole table.
const std::vector<BuiltinLabel>& builtin_labels(const Builtin& b);

// The labels a call binds its arguments to: the table's, or for a prelude
// built-in its declaration's (`approximate: str = "none"`), read once.
const std::vector<BuiltinLabel>& call_labels(const Builtin& b);

// Every built-in, in the table's order.
const std::vector<Builtin>& builtin_table();

// The entry of `name`, or nullptr.
const Builtin* find_builtin(std::string_view name);

inline bool is_builtin(std::string_view name) { return find_builtin(name) != nullptr; }

// Every built-in's name, in the table's order.
const std::vector<std::string>& builtin_names();

// The prelude's declaration of `name`, or nullptr.
const ast::ExternFn* prelude_declaration(std::string_view name);

// The Python a Call-like entry calls: its `python`, or for a prelude entry
// the target its declaration names (`torch.tanh`, `shapescript.rt.scale`).
std::string builtin_python(const Builtin& b);

}  // namespace ss::check
