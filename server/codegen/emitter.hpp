// Internal to server/codegen: the state of writing one Python module.
// module.cpp writes the module's parts (header, devices, dims, externs,
// models, data records), specs.cpp the specs argument checks use and the
// extern fns' checks, functions.cpp functions and statements,
// expressions.cpp expressions (calls.cpp calls, conversions.cpp `as`,
// subscripts.cpp subscripts), builtins.cpp calls of built-ins (each
// family's in builtin_families.cpp), patterns.cpp einops patterns,
// layout.cpp axis positions and alignment.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/steps.hpp"
#include "check/builtin_table.hpp"
#include "check/checker.hpp"
#include "check/document.hpp"
#include "codegen/codegen.hpp"
#include "codegen/names.hpp"
#include "codegen/python_text.hpp"
#include "diag/line_index.hpp"
#include "syntax/ast.hpp"

namespace ss::codegen {

// The arguments of one call, lowered: a piped value first.
struct LoweredArgs {
    std::vector<Py> positional;
    std::vector<const ast::Expr*> positional_exprs;  // null for the piped value
    std::vector<const check::Type*> positional_types;
    std::vector<std::pair<std::string, Py>> keywords;  // in source order, `over` excluded
    std::vector<const ast::Expr*> keyword_exprs;
    const ast::Expr* over = nullptr;  // the `over=` axis name
};

// The sizes the locals' shapes give, where the statement being written
// stands: each local's last value, as the checker's locals are
// (size_readable), so no size is read off a local that has since been
// given another shape, or that only a branch not taken assigned.
struct LocalShapes {
    std::map<check::SymbolId, std::string> read;  // symbol -> `q.shape[2]`
    std::map<check::SymbolId, std::string> from;  // symbol -> `q`, the local it is read from
    std::map<std::string, check::Type> types;     // each tensor local's type
};

// What writing one function body needs to know.
struct FunctionState {
    // Size symbols the body uses as numbers: bound at the top from a
    // parameter's shape (`_ss_n = x.shape[1]`), or read from a local's.
    std::map<check::SymbolId, std::string> parameter_source;  // symbol -> `x.shape[1]`
    std::map<check::SymbolId, std::string> source_parameter;  // symbol -> `x`, the parameter it is read from
    LocalShapes locals;
    std::map<check::SymbolId, std::string> variable;  // symbol -> `_ss_n`
    std::set<check::SymbolId> needed;
    std::set<std::string> variable_names;
    std::map<std::string, int> call_counts;               // callee -> calls so far (draw paths)
    std::string device;                                   // a Python expression for the device, or "None"
    const check::TypedParam* device_parameter = nullptr;  // the parameter `device` reads, if one
    // `device` as the parameter gave it (`x.device`), bound at the top as
    // `_ss_arg_device` when the body gives that parameter a value of
    // another kind (gives_another_kind); else "".
    std::string device_at_entry;
    bool device_used = false;  // the body read `_ss_arg_device`
    std::set<std::string> mode_params;
    std::vector<std::string> loop_indices;  // the variables of the `for i in a..b` loops around
    std::string result_signature;           // `_ss_sig_f` when a `return` checks its value, else ""
    // Its padded axes' pad ids by size symbol (padding.cpp), or null: then it has no `_ss_pads`.
    const std::map<check::SymbolId, int>* pads = nullptr;
    bool reads_pads = false;  // its body reads `_ss_pads` (a masked operation, a call passing masks, a loop)
    std::string name;         // the `fn`'s
    bool gives_back = false;  // a `return` gives back a kept selection: it takes `_ss_keep`
    // The names assigned on every path to the statement being written,
    // parameters included: what a traced branch or loop body may take.
    std::set<std::string> defined;
    int traced_blocks = 0;  // the branch and loop-body functions written so far (their names' numbers)
    // The model fields the body assigns (`m.w`, `m.enc.w`): set in place, so
    // a local that holds one (or a view of one) holds a copy (snapshot()).
    std::set<std::string> assigned_fields;
    const ast::FnDef* def = nullptr;  // the function being written
};

// `m.enc.w` as a path of names ("m.enc.w"), or nothing for anything else.
std::optional<std::string> field_path(const ast::Expr& e);

// The guard of every check at run time: `--checks` and `--value-checks` are
// independent switches, and with both off a check costs this one test.
inline constexpr const char* kAnyChecks = "_ss_checks or _ss_value_checks";

struct BuiltinCall;  // builtin_call.hpp

// What an operator's arithmetic is of: values, or the sizes of a slice's
// bound, whose `/` of two ints is a size's division (`D/2`), written `//`.
enum class Arithmetic { Values, SliceBound };

inline bool is_tensor(const check::Type* t) { return t && t->kind == check::TypeKind::Tensor; }

// The torch dtype an element type is stored as (`torch.int64` for Index).
const char* torch_dtype(check::ElementKind kind);

class Emitter {
public:
    Emitter(const check::DocumentResult& checked, const analysis::Result& analysed, std::string_view text,
            const Options& options);
    std::string module();
    // stubs.cpp: the module's type stub (.pyi) for Python callers.
    std::string stub();
    std::string header_text(const ast::FnDef& fn) const;  // functions.cpp
    std::string stub_type(const check::Type& type, bool parameter) const;
    void stub_function(const std::string& name, const std::vector<ast::Param>& params, const ast::Type* returns,
                       const std::string& doc, std::ostream& out);

    // module.cpp: the module's parts, in its order.
    void write_header(std::ostream& head);
    std::vector<std::string> devices() const;
    // The device tensors the body makes go to, as Python (`x.device`, "None").
    std::string device();
    void note_local_shape(const std::string& name, const check::Type* type);
    bool gives_another_kind(const ast::FnDef& fn, const check::TypedParam& p) const;
    // The type of the `i`th of `targets` names assigned a value of type `value`.
    static const check::Type* target_type(const check::Type* value, size_t targets, size_t i);
    void write_devices(std::ostream& head);
    void write_ss_imports(std::ostream& head);
    // `layers.block`, `layers.Block`: an attribute chain that is a name of
    // an imported .ss file (TypedProgram::imported), as the file writes it.
    std::optional<std::string> imported_member(const ast::Expr& e) const;
    void write_dims(std::ostream& head);
    void write_externs(std::ostream& body);
    void write_models_and_records(std::ostream& body);
    void write_model(const ast::ModelDef& m, std::ostream& body);
    void write_model_field(const ast::Field& f, const check::Type& type, std::ostream& body);
    void write_record(const ast::DataDef& d, std::ostream& body);
    std::string where(ByteRange range) const;  // "digits.ss:21"

    // specs.cpp
    // A hoisted `_ss_rt.*Spec(...)` constant's name; `any_float` for an extern
    // fn's types, where a tensor without an element type takes any float.
    std::string spec_of(const check::Type& type, bool any_float = false);
    std::string tensor_spec(const check::TensorType& tensor, bool any_float = false);
    bool checks_anything(const check::Type& type);  // false where the spec would be AnySpec
    std::string extern_checks();                    // the extern fns' signatures, each target wrapped

    // export_module.cpp: what `shapescript export` adds (docs/export.md).
    bool exporting() const { return !options_.export_fn.empty(); }
    std::string embedded_runtime_loader() const;  // in place of `import shapescript.rt as _ss_rt`
    std::string export_step() const;              // the program's inputs, its module and `__main__`

    // hf_module.cpp: what `shapescript export --hf` adds (docs/export.md).
    // The exported function in the serving form (analysis/serving.hpp):
    // its body again as the model up to its output layer, from the token
    // embeddings; else why it isn't in that form.
    struct ServingBody {
        const ast::FnDef* fn = nullptr;
        ByteRange embedding;  // `embedding(ids, m.E)`: the embeddings, given in `ids`' place
        ByteRange output;     // the returned output layer, `linear(h, m.W)`: `h` is returned
        std::string embedding_field, output_field, ids;
        bool positions = false;
        std::string positions_bound = "None";
    };
    void find_serving_body();
    void serving_function(std::ostringstream& out);
    std::optional<Py> serving_substitute(const ast::Expr& e);  // in the serving body: the embeddings, `h`
    bool routed_attention(ByteRange call) const;               // an attention the model's layers run
    std::string hf_classes() const;

    // functions.cpp
    void function(const ast::FnDef& fn, std::ostringstream& out);
    // The state of writing `fn`'s body, made current: its pads, the fields
    // it sets, its parameters bound.
    void open_function(const ast::FnDef& fn, const std::vector<check::TypedParam>& params, FunctionState& state);
    void collect_assigned_fields(const ast::FnDef& fn, FunctionState& state);
    void bind_parameters(const std::vector<check::TypedParam>& params, FunctionState& state);
    void function_header(const ast::FnDef& fn, const FunctionState& state, bool step, std::ostringstream& out);
    void function_prologue(const ast::FnDef& fn, const std::vector<check::TypedParam>& params,
                           const FunctionState& state, const std::string& sig, bool check_result, bool step_scope,
                           std::ostringstream& out);
    // `variable = _ss_rt.Signature(...)`: parameters' specs, the result's (null: not checked).
    std::string signature(const std::string& variable, const std::string& name, ByteRange at,
                          const std::vector<std::pair<std::string, const check::Type*>>& params,
                          const check::Type* result, const std::string& extern_target, bool any_float = false,
                          bool follows = false);
    bool result_follows(const std::string& fn) const;
    void block(const ast::Block& block, int indent, std::ostringstream& out);
    std::string set_field(const ast::Attribute& field, const std::string& value);
    void statement(const ast::Stmt& stmt, int indent, std::ostringstream& out);
    void assignment(const ast::Assign& assignment, const std::string& in, std::ostringstream& out);
    void aug_assignment(const ast::AugAssign& assignment, const std::string& in, std::ostringstream& out);
    void return_statement(const ast::Return& ret, const std::string& in, std::ostringstream& out);
    void if_statement(const ast::If& branches, int indent, std::ostringstream& out);
    void for_statement(const ast::For& loop, int indent, std::ostringstream& out);

    // traced_control.cpp: in the export module, an `if` as `_ss_rt.branch`
    // and a `for i in a..b` as `_ss_rt.loop` over functions of the values
    // they change; false where it stays a Python `if` or `for`.
    bool traced_if(const ast::If& stmt, int indent, std::ostringstream& out);
    bool traced_for(const ast::For& loop, int indent, std::ostringstream& out);
    void traced_branches(const ast::If& stmt, size_t from, const std::vector<std::string>& inputs,
                         const std::vector<std::string>& outputs, int indent, std::ostringstream& out);
    // `def name(params):`, the body (none: `pass`), `return (results)`.
    void traced_block(const std::string& name, const std::vector<std::string>& params, const ast::Block* body,
                      const std::vector<std::string>& results, int indent, std::ostringstream& out);
    std::vector<std::string> python_names(const std::vector<std::string>& names) const;

    // expressions.cpp: expr dispatches on the node's kind to one method each.
    Py expr(const ast::Expr& e);
    Py name_expr(const ast::Expr& e, const ast::NameExpr& n);
    Py unary(const ast::Unary& u, Arithmetic of = Arithmetic::Values);
    Py binary(const ast::Expr& e, const ast::Binary& b, Arithmetic of = Arithmetic::Values);
    Py slice_bound(const ast::Expr& e);
    Py logical(const std::string& op, Py left, Py right, const check::Type* lt, const check::Type* rt) const;
    Py range_expr(const ast::Expr& e, const ast::RangeExpr& r);
    Py pipe(const ast::Expr& e, const ast::Pipe& p);
    Py attribute(const ast::Expr& e, const ast::Attribute& a);
    std::vector<std::string> items(const std::vector<ast::ExprPtr>& elements);
    Py causal_mask(const ast::Expr& e);
    Py constructor(const ast::Expr& e, const ast::Call& c);  // constructors.cpp
    Py error_expr(const ast::Expr& e) const;
    const check::Type* type_of(const ast::Expr& e) const;
    std::string size(const check::Size& size);  // a size as a Python int expression

    // calls.cpp
    LoweredArgs lower_args(const std::vector<ast::Argument>& arguments, const Py* piped, const check::Type* piped_type);
    Py call(const ast::Expr& callee, const std::vector<ast::Argument>& arguments, const Py* piped,
            const check::Type* piped_type, const ast::Expr& whole);
    Py file_function_call(const std::string& name, const check::CallSite& site, const check::TypedFunction& fn,
                          LoweredArgs& args);
    Py mode_at(const Py& mode, const std::string& callee);

    // conversions.cpp: `as`.
    Py as_expr(const ast::Expr& e, const ast::As& a);
    Py as_converted(const ast::Expr& value, const check::Type* to);  // `value as to` before its check
    std::string known_sizes(const check::Type* to);

    // subscripts.cpp
    Py subscript(const ast::Expr& e, const ast::Subscript& s);
    std::vector<std::string> subscript_slots(const ast::Subscript& s, const check::Type* t);
    Py subscript_beside_group(const ast::Subscript& s, const Py& value, const check::Type* t);
    std::string index_slot(const ast::Index& index);

    // builtins.cpp: nullopt when `name` isn't a built-in this file didn't redefine.
    std::optional<Py> builtin(const std::string& name, LoweredArgs& args, const ast::Expr& whole);
    void place_by_label(const check::Builtin& b, LoweredArgs& args);
    void builtin_draw_paths(const std::string& name, LoweredArgs& args);
    void loss_masks(const check::Builtin& b, LoweredArgs& args);
    // builtin_families.cpp: one emitter per family of the table's `emit`.
    Py builtin_call(const BuiltinCall& c);
    Py builtin_log(const BuiltinCall& c);
    Py builtin_aligned(const BuiltinCall& c);
    Py builtin_along_axis(const BuiltinCall& c);
    Py builtin_matmul(const BuiltinCall& c);
    Py builtin_cross_entropy(const BuiltinCall& c);
    Py builtin_norm(const BuiltinCall& c);
    Py builtin_reduction(const BuiltinCall& c);
    Py reduction(const BuiltinCall& c);
    Py builtin_sort(const BuiltinCall& c);
    Py builtin_topk(const BuiltinCall& c);
    Py builtin_join(const BuiltinCall& c);
    Py builtin_indexing(const BuiltinCall& c);
    Py builtin_arange(const BuiltinCall& c);
    Py builtin_attention(const BuiltinCall& c);

    // patterns.cpp
    Py pattern(const ast::PatternCall& call, const Py* piped, const check::Type* piped_type, const ast::Expr& whole);

    // views.cpp: a pattern as torch views or one matmul, when it is one.
    std::optional<Py> rearrange_as_views(const Py& x, const ast::PatternSide& in, const ast::PatternSide& out,
                                         const std::map<std::string, std::string>& sizes, int split_count);
    std::optional<Py> einsum_as_matmul(const std::vector<std::string>& operands, const ast::Pattern& pattern);

    // padding.cpp
    void index_padding(const analysis::Result& analysed);
    const std::map<check::SymbolId, int>* pads_of(const std::string& function) const;
    // `((4, 0),)`: the (pad id, dim) pairs of a value's padded dims in the
    // current function, only the dim written `along` ("1") unless it is "".
    std::string padded_dims(const check::Type* type, const std::string& along = "") const;
    // `, _ss_pads, ((4, 0),)` after a masked operation's arguments, or "".
    std::string masked_arguments(const check::Type* type, const std::string& along = "") const;
    // `{2: _ss_pads.get(0)}`: the masks a call passes its callee (`_ss_pad=`), or "".
    std::string pad_keyword(const check::CallSite& site) const;
    // `_ss_rt.paddable(f, ...)`: what `shapescript.padded(f)` can pad, after f's def; "" if it has no generic axes.
    std::string paddable_line(const ast::FnDef& fn) const;
    // `_ss_rt.keep_selected(x, keep, dim, _ss_pads, id)` for a selection `whole` the analysis keeps, or "".
    std::string kept_selection(const ast::Expr& whole, const ast::Expr& mask, const Py& value,
                               const std::string& mask_text, size_t dim);
    // `_ss_rt.give_back(v, _ss_keep, _ss_pads, ((3, None, 0),))` for a `return` of kept selections, or "".
    std::string given_back(const ast::Expr& value, const std::string& text);
    // `_ss_rt.kept_result(f(x, _ss_keep=True), _ss_pads, ((5, None, 0),))` for a call whose `?k`
    // result the caller keeps too, or "" (then the callee gives it back compacted).
    std::string kept_result(const check::CallSite& site, const std::string& call) const;
    // The call site of a function passed as a value whose name starts at `at` (value_and_grad's loss).
    const check::CallSite* passed_function_site(uint32_t at) const;

    // layout.cpp
    // The position of the axis named `name` in a tensor type; counted from
    // the end (negative) when it follows a variadic group.
    std::optional<long> axis_position(const check::Type* type, const std::string& name) const;
    // `value`, the code of `e`, as a copy when `e` is (a view of) a field
    // this function assigns: `old = m.w; m.w = ...` keeps `old` (functions.cpp).
    Py snapshot(const ast::Expr& e, Py value) const;
    Py align(const Py& value, const check::Type* from, const check::Type* to) const;
    Py matmul(const Py& left, const Py& right, const check::Type* lt, const check::Type* rt) const;
    Py lay_out(const Py& value, const std::vector<size_t>& positions, const check::TensorType& to) const;
    std::string dim_of_over(const LoweredArgs& args, size_t tensor_arg, const ast::Expr& whole) const;

    bool is_local(const std::string& name) const;
    // A parameter's, local's or loop variable's Python name.
    std::string variable_name(const std::string& name) const;
    // A name as an expression reads it: a parameter or local, else the file's.
    std::string value_name(const std::string& name) const;
    void fail(ByteRange range, const std::string& message) const;  // throws CodegenError

    std::vector<std::reference_wrapper<const ast::Item>> items_;  // in source order
    std::string_view text_;
    const check::TypedProgram& typed_;
    const check::CheckResult& check_;               // the checker's facts: call sites, effects
    const std::vector<std::string>& symbol_names_;  // a SymbolId's name
    Options options_;
    LineIndex lines_;
    std::string source_name_;  // the file's name without folders
    std::map<std::string, const ast::ExternFn*> externs_;
    std::set<std::string> models_, data_;
    std::set<std::string> globals_;                      // the names the file defines at the top level
    std::map<std::string, std::string> python_modules_;  // `import python` name -> the Python name it binds
    // Each data record's first field, whose leading axis a batch's size is read from.
    std::map<std::string, std::string> first_fields_;
    std::vector<std::string> spec_constants_;          // `_ss_spec_3 = ...` lines
    std::map<std::string, std::string> spec_by_text_;  // spec text -> constant name
    FunctionState* fn_ = nullptr;
    // The file (or --devices) says where the program runs: `_ss_device`.
    bool program_device_ = false;
    std::set<std::string> locals_;  // parameters and assigned names of the current function
    // The functions the steps analysis found to be steps, and those of them it can record.
    std::set<std::string> steps_, recorded_;
    std::optional<ServingBody> serving_;        // --hf, the exported function in the serving form
    std::string unservable_;                    // --hf, else why not: the first rule broken, with its code
    bool writing_serving_ = false;              // while serving_function writes the body
    std::vector<ByteRange> routed_attentions_;  // --hf in the serving form: the causal attentions
    // The checker's call site whose callee's name starts at `at` (how it resolved the call), or null.
    const check::CallSite* call_site(uint32_t at) const;
    std::optional<check::SymbolId> axis_named(const std::string& name) const;
    void add_extern_defaults(const std::string& name, const check::CallSite& site, LoweredArgs& args);
    std::map<uint32_t, const check::CallSite*> call_sites_;  // by callee_range.begin (calls, not functions passed)
    // The padding analysis's pad ids by function and size symbol, and by a padded loop's iterable (its begin).
    std::map<std::string, std::map<check::SymbolId, int>> pad_ids_;
    std::map<uint32_t, int> padded_loops_;
    std::set<std::string> given_pads_;  // the functions a padded caller passes masks (`_ss_pad=`)
    // By function, its kept sizes made in it (selections, kept results of calls): what a `return` gives back.
    std::map<std::string, std::set<check::SymbolId>> made_pads_;
    // The padding analysis's verdict on each function's generic axes (the Result outlives the Emitter).
    std::map<std::string, std::vector<const analysis::PaddableAxis*>> paddable_;
    // What the analyses found in the functions of other files this file
    // calls: the pad ids their code takes masks by (analysis/imported.hpp).
    const analysis::ImportedCalls* imported_ = nullptr;
};

// Each axis of a tensor type but its variadic groups, with the dim torch
// gives it: its position, or counted from the end (negative) after a group.
struct PlacedAxis {
    const check::AxisType* axis;
    long dim;
};
std::vector<PlacedAxis> placed_axes(const check::TensorType& tensor);

// A tensor's element as specs and the export step name it: "f32", "index", "bool", ...
std::string element_code(const check::Element& e, bool any_float = false);

// `f(a, b, k=v)`: the arguments' Python text after `callee`.
std::string call_text(const std::string& callee, const LoweredArgs& args);

}  // namespace ss::codegen
