// The checked program's call sites and effects: what the checker found while
// it checked each function body, kept as plain facts by source range so that
// analyses (server/analysis) and the code generator read them instead of
// walking syntax and resolving names again.
//
// They are recorded as bodies are checked (calls.cpp, statements.cpp,
// expressions.cpp) and are part of what a cached body replays
// (statements.cpp), so an edit elsewhere keeps them, moved.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check/size.hpp"
#include "check/types.hpp"
#include "diag/diagnostic.hpp"

namespace ss::check {

enum class CalleeKind {
    Function,        // a `fn` of this file
    ExternFunction,  // an `extern fn` of this file
    Builtin,         // a built-in (the prelude's or one the checker types itself)
    ModelInit,       // `Mlp.init(seed=...)`
    Python,          // `torch.foo(...)`, through an `import python`
    Unresolved,      // a local, an undefined name, an expression
};

// How one argument (or default) reached one parameter.
enum class ArgumentSource { Piped, Positional, Keyword, Default };
struct ArgumentBinding {
    std::string parameter;  // empty where the callee has no signature the checker knows
    ArgumentSource source = ArgumentSource::Positional;
    ByteRange range;  // the argument as written; empty for a default
};

// One of the callee's generic axes and what the caller bound it to at this
// call, as structure, so an analysis can follow a caller's size symbol into
// the callee (describe.hpp renders it for people):
// - a plain axis `n`: `symbol` is n's SymbolId in the callee's signature
//   scope, `size` the caller's size, a polynomial over the caller's symbols
//   (`b`, `3*D` evaluated to a constant, a body's `?k`);
// - a variadic group `..s`: `variadic` is set, `symbol` unused, and
//   `covered` is a tensor type whose axes are the caller's axes the group
//   took (names and sizes; interned, as facts' types are).
// Every SymbolId is in CheckResult::symbol_names; a replayed body's own
// symbols are renumbered in these sizes as in its types (statements.cpp).
struct AxisBinding {
    std::string axis;  // the callee's name for it: `n`, or `s` for `..s`
    SymbolId symbol = 0;
    Size size;
    bool variadic = false;
    TypeRef covered;  // variadic only; never null there
};

struct CallSite {
    std::string caller;  // the function whose body holds the call
    std::string callee;  // as resolved: `gelu`, `Mlp.init`, `torch.sort`
    CalleeKind kind = CalleeKind::Unresolved;
    ByteRange range;                         // the call (for a pipe stage, the stage)
    ByteRange callee_range;                  // the callee's name
    std::vector<ArgumentBinding> arguments;  // in the callee's parameter order when it has a signature
    std::vector<AxisBinding> axes;           // by axis name; empty unless every argument fit
    // The sizes of the callee's declared result that no argument binds (a
    // `?k`): `symbol` is the callee's, `size` the fresh symbol the caller's
    // result has there at this call. A kept selection the callee returns
    // comes back as that size (analysis/padding.hpp).
    std::vector<AxisBinding> results;
    // A function passed as a value: called by the call it is an argument
    // of. `value_and_grad(loss, m, x)` binds `m, x` to loss's parameters;
    // elsewhere it has no arguments. `range` is the name as passed.
    bool passed_as_value = false;
};

enum class EffectKind {
    DeviceWork,           // value_and_grad, update, or a field change: work a step is made of
    ChangesField,         // `m.w = e`; detail: `m.w`
    ChangesMutParameter,  // a `mut` parameter changed here (a field, or passed to a callee's `mut`); detail: its name
    Print,
    Log,
    Save,
    Load,
    PythonCall,         // an extern fn or a Python module's function; detail: the callee
    DatasetLoop,        // `for batch in data |> batches(n)`; size: the batch axis (a loop over a dataset: none)
    TensorIf,           // `if` (or `elif`) on a tensor
    DataDependentSize,  // a size known only from the data (`x[mask]`, `topk`, `?k`); size: that size
    // An operation that mixes values along an axis (size: the axis's), so a
    // padded position there would reach other positions: what the padding
    // analysis asks about (analysis/padding.hpp). detail: the operation as
    // messages show it (`` `sort` ``, `indexing`). Masked: it has a version
    // that ignores padding.
    AcrossAxis,
    AcrossAxisMasked,
    // An operation that reads an axis's positions in order (`causal`, true
    // where m <= n); size: the axis's. A padded axis keeps its positions in
    // order (the padding comes last), a kept selection doesn't (its
    // positions are the mask's), so this keeps a selection from being kept
    // (seed 000), never a loop or a function from padding.
    InOrder,
    // `x[keep]` with a Mask of one axis; size: the selection's `?k`, which
    // the padding analysis may keep at the mask's size (seed 000, FAST-4).
    Selection,
    // A name from `import python`, or anything reached through it
    // (`torch.pi`, the callee of `torch.sort(x)`); detail: as written.
    PythonValue,
    // `e as T` where `e` is a Python value (`torch.load(p) as [n D]`);
    // detail: `e` as written.
    PythonAs,
    // `return` inside an `if` (or `elif`, `else`) on a tensor.
    ReturnInTensorIf,
    // `return` of a value with a size made from the data here (a
    // selection's, or a callee's `?k` result); size: that size, and
    // `returned_as` the declared result's `?k` it is returned as, which
    // each call site binds (CallSite::results); detail: that `?k`'s name,
    // as a call site's AxisBinding::axis names it.
    Returned,
};

// Whose body an effect is in: the FunctionFacts whose effects span holds it.
struct Effect {
    EffectKind kind = EffectKind::DeviceWork;
    ByteRange range;
    std::string detail;
    Size size;  // DatasetLoop, AcrossAxis, AcrossAxisMasked: the axis it is about (body_cache renumbers it)
    SymbolId returned_as = 0;  // Returned: a symbol of the signature (not renumbered)
};

// A function's parameter as its signature says (what the export analysis
// asks of an exported function's inputs).
struct ParamFacts {
    std::string name;
    ByteRange range;
    TypeRef type;  // never null
    bool has_default = false;
};

// A read of a field of a model parameter: `m.w`, also where it is indexed
// (`m.w[l]`) or passed on.
struct FieldRead {
    std::string parameter;  // the model parameter, as named in this function
    std::string model;      // its model type
    std::string field;
    ByteRange range;  // `m.w`
    TypeRef type;     // the field's declared type; never null
};

// How a function that takes a model first is written, in the terms of the
// serving form (seed 001, "Serving engines"): what the serving analysis
// (analysis/serving.hpp) checks and the serving export compiles. Read from
// the syntax at each check, as elementwise_syntax is.
struct EmbeddingCall {
    ByteRange call;         // `embedding(ids, m.E)`
    std::string parameter;  // `ids`: a parameter, read as the first argument
    ByteRange parameter_range;
    FieldRead table;  // `m.E`
};
struct ReturnForm {
    ByteRange value;  // what is returned
    // A returned `linear(h, m.W)` or `h |> linear(m.W)`: the call (or the
    // pipe), `h`, the weight when it is a field read whole, and whether a
    // bias is given.
    std::optional<ByteRange> output;
    ByteRange hidden;
    std::optional<FieldRead> weight;
    bool bias = false;
};
struct ServingForm {
    std::vector<EmbeddingCall> embeddings;  // each `embedding(p, m.f)`, p a parameter
    std::vector<ReturnForm> returns;        // each `return` with a value
    // Each read of a parameter by its name, and each assignment to one
    // (which makes the name another value from there on).
    std::vector<std::pair<std::string, ByteRange>> parameter_uses;
};

// One checked function body and where its facts are in ProgramFacts.
struct FunctionFacts {
    std::string name;
    ByteRange range;  // the whole item
    // What the body cache keys on (the file's interface, and the function's
    // text hashed); empty when the check keeps no cache. Analyses cache
    // their per-function summaries under it (server/analysis/analysis.hpp).
    std::string key;
    // Its `mut` parameters that are a model or an optimizer: the state a
    // step changes.
    std::vector<std::string> mut_state_parameters;
    // Its signature's generic axes (not groups), by name: what
    // `shapescript.padded` may pad (analysis/padding.hpp).
    std::vector<std::pair<std::string, SymbolId>> generic_axes;
    size_t calls_begin = 0, calls_end = 0;
    size_t effects_begin = 0, effects_end = 0;
    // Its body, as written, only does maths position by position: no
    // subscript, pattern, `@`, `as`, `causal`, range, `if` or `for`, and each
    // call names its callee. With its calls (all to elementwise built-ins)
    // and no effects, a value may pass through its variadic group padded.
    bool elementwise_syntax = false;
    bool exported = false;  // `export fn`
    ByteRange name_range;
    std::vector<ParamFacts> params;
    std::vector<FieldRead> field_reads;  // of its model parameters, in source order
    // Its calls of `scaled_dot_product_attention` given `attn_mask=causal[n n]`
    // as written (one axis twice): each call's range.
    std::vector<ByteRange> causal_attentions;
    std::optional<ServingForm> serving;  // when it takes a model first
};

// Every range of `f` moved `by` bytes: a body cache's replay moves a
// function's facts to where the function is now.
void shift(FunctionFacts& f, int64_t by);

// An `extern fn` of this file and the Python function it types.
struct ExternFacts {
    std::string name;
    std::string target;  // `torch.erf`, as written
    ByteRange target_range;
};

struct ProgramFacts;

// A function of another .ss file that this file calls (docs/modules.md):
// the analyses follow a call of it into its file's facts, by what their
// own conclusions there are (analysis/imported.hpp).
// One file's facts as its importers' analyses read them. The module
// graph keeps one per file and updates it in place at each check of the
// file (and its key when a file it imports changes), so an importer kept
// as it was reads the bodies as they are now, at no copy.
struct ModuleFacts {
    std::shared_ptr<const ProgramFacts> program;  // as its last check found them
    std::string own_key;                          // its bodies' keys
    std::string key;                              // and its imports' facts' keys: changes with any body it reaches
};

struct ImportedFunction {
    std::string module;                        // its module's path as this file writes it: `layers`
    std::string name;                          // its name in that file
    std::shared_ptr<const ModuleFacts> facts;  // that file's facts
};

struct ProgramFacts {
    std::vector<CallSite> calls;  // in order of checking: bodies in source order, outer calls first
    std::vector<Effect> effects;
    std::vector<FunctionFacts> functions;  // every checked body, in source order
    std::vector<ExternFacts> externs;      // in source order
    // By the name this file's calls give it (`layers.block`, or `block`
    // after `from layers import block`): set after each check from what
    // the imports found then (check/document.cpp), so a module's body edit,
    // which keeps this file's checker as it was, is seen here.
    std::map<std::string, ImportedFunction> imported;
};

std::string_view effect_name(EffectKind kind);
// The `extern fn` the file calls `name`, its own or one of another file
// (`layers.erf`), or null.
const ExternFacts* extern_named(const ProgramFacts& program, std::string_view name);

// The callee's generic axes (plain or variadic) that `site` binds to a size
// mentioning the caller's symbol `caller_symbol`: where a size the caller
// has flows into the callee, in the site's order.
std::vector<const AxisBinding*> callee_axes_of(const CallSite& site, SymbolId caller_symbol);
// Whether `size` is a polynomial in which the symbol `id` appears.
bool mentions(const Size& size, SymbolId id);
// Whether an axis of `value` (a tensor's, a batch's, a tuple element's) does.
bool mentions(const Type& value, SymbolId id);
std::string_view callee_kind_name(CalleeKind kind);

// The call graph over a program's call sites (between this file's `fn`s).
// A path is the call sites from the first function to the last.
struct CallPath {
    std::vector<const CallSite*> sites;
};

class CallGraph {
public:
    explicit CallGraph(const ProgramFacts& program);
    // Every function `from` reaches through calls (itself excluded unless
    // recursive), each with one shortest path, sorted by name.
    std::vector<std::pair<std::string, CallPath>> reaches(const std::string& from) const;
    // `from` itself (by its index in program.functions, with an empty
    // path) and then every function of this file it reaches, each with one
    // shortest path, sorted by name; nothing when it isn't a body here.
    std::vector<std::pair<size_t, CallPath>> with_reached(const std::string& from) const;
    // Every function that reaches `to`, each with one shortest path from it
    // to `to`, sorted by name.
    std::vector<std::pair<std::string, CallPath>> reached_by(const std::string& to) const;
    // "reached from `forward` through `block`": the path's functions as a phrase.
    static std::string describe(const CallPath& path);

private:
    const ProgramFacts& program_;
};

}  // namespace ss::check
