// Internal to server/check: the state of checking one file, shared by its
// passes: items.cpp (names, items, the environment and its rebinding),
// dims.cpp (dim values), signatures.cpp (types as written), statements.cpp
// (bodies, returns, the body cache), expressions.cpp, calls.cpp (calls,
// pipes, the prelude) and builtin_rules.cpp (built-ins the prelude can't
// say). Patterns are typed through CheckContext (patterns.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "check/alignment.hpp"
#include "check/checker.hpp"
#include "check/context.hpp"
#include "check/describe.hpp"
#include "check/modules.hpp"
#include "check/size.hpp"
#include "check/types.hpp"
#include "diag/catalogue.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

struct Builtin;        // builtin_table.hpp
struct BuiltinLabel;   // builtin_table.hpp
struct ModuleSummary;  // module_summary.hpp

// A top-level name and the item that defines it.
struct ItemRef {
    SymbolKind kind;
    const ast::Item* item = nullptr;  // null for a name imported from another file
    size_t fact = 0;                  // index into result.symbols
    // An imported name: what the checker's tables and types call it, the
    // module path and its name (`layers.Block`), however it is written
    // here (`Block` after `from layers import Block`). Empty: the name.
    std::string key;
};

// The generic axes of one signature, each a size symbol shared by every
// place the name appears in it.
struct SignatureScope {
    std::map<std::string, SymbolId> generics;
    std::set<std::string> variadic_groups;  // `..s` as the parameters name them
    // Set for model and data fields, whose shapes must be fixed: the code
    // (E1301, E1302) and the field's name, reported for a generic axis.
    std::optional<DiagCode> fixed_shape;
    std::string field_name;
    // A parameter's type was missing or wrong: what it would have bound is
    // unknown, so unbound return axes are not reported (no cascade).
    bool incomplete = false;
    // For the editor: each generic axis's fact (index into result.symbols),
    // and whose signature it is.
    std::map<std::string, size_t> axis_facts;
    std::string owner;     // `f`, for messages
    std::string function;  // f, for the axes' facts
};

enum class DimState { Unvisited, Visiting, Done, Failed };

struct ParamSig {
    std::string name;
    Type type;
    bool has_default = false;
    bool is_mut = false;
    ByteRange range;
    size_t fact = SIZE_MAX;  // its SymbolFact, when it has one
};

// A function's or extern function's resolved signature.
struct Signature {
    std::vector<ParamSig> params;
    std::optional<Type> returns;  // absent: not written (inferred later)
    SignatureScope scope;         // the generic axes of the parameters
    // An extern fn's parameter without an element type takes any float
    // (the prelude's rule); a fn's means f32.
    bool is_extern = false;
    ByteRange name_range;
    // A fn with no return type and no `return` of a value: its calls give
    // None and are statements (E0511; no_value.cpp).
    bool gives_nothing = false;
    // The last begin of its ranges, as rebind last left them: an edit after
    // it moves none (unknown until the first rebind).
    uint32_t last_begin = UINT32_MAX;
};

// What one call has bound so far: generic axes to sizes (and the argument
// axis each came from, for its name), variadic groups to axes.
struct CallBindings {
    std::map<SymbolId, Size> sizes;
    std::map<SymbolId, const AxisType*> from;
    // Those bound to a part of a caller's axis (`(h 2)` of an `S`): no
    // caller's axis is theirs, so a result's axis of one has no name.
    std::set<SymbolId> parts;
    // The dim each generic axis was bound to, where it was: one generic for
    // two dims of one size would make them one axis (docs/types.md).
    std::map<SymbolId, std::string> dims;
    std::map<std::string, std::vector<AxisType>> variadic;
    // A lone `[..s]` parameter takes any tensor that aligns by name with the
    // group bound so far, fewer or more axes (masked_fill, where): only for
    // built-ins whose code lays every argument out as the result. Elsewhere a
    // group is the same axes at every use, as a generic axis is one size.
    bool groups_broadcast = false;
    // What the last bind_tensor added or changed: a wrong argument binds
    // nothing, so later ones are checked against the others, not against
    // its mistake. undo_last gives back what it takes away, for messages.
    std::vector<SymbolId> last_sizes;
    std::optional<std::string> last_group;
    std::optional<std::vector<AxisType>> last_group_was;  // a group it grew
    CallBindings undo_last() {
        CallBindings taken;
        for (SymbolId id : last_sizes) {
            taken.sizes.emplace(id, sizes.at(id));
            if (auto f = from.find(id); f != from.end()) taken.from.emplace(id, f->second);
            if (parts.count(id)) taken.parts.insert(id);
            sizes.erase(id), from.erase(id), dims.erase(id), parts.erase(id);
        }
        if (last_group && last_group_was) {
            variadic[*last_group] = *last_group_was;  // only grown: it was bound before
        } else if (last_group) {
            taken.variadic.emplace(*last_group, variadic.at(*last_group));
            variadic.erase(*last_group);
        }
        last_sizes.clear();
        last_group.reset();
        last_group_was.reset();
        return taken;
    }
};

// One call against a signature, as call_signature works it out phase by
// phase (call_signature.cpp).
struct CallMatch {
    const std::string& name;
    const Signature& sig;
    const Type* piped;
    ByteRange piped_range;
    ByteRange range;
    std::vector<const ast::Argument*> given;      // each parameter's argument, if given
    std::vector<bool> has;                        // each parameter given: by its argument, by keyword or piped
    std::vector<const ast::Argument*> unmatched;  // reported: only typed
    bool ok = true;                               // nothing reported about the call
    std::vector<Type> types;                      // each parameter's argument's type
    std::vector<ByteRange> where;                 // and where it is
    bool prelude = false;                         // a prelude built-in's signature
    const Builtin* builtin = nullptr;             // its row of the table
    CallBindings bindings;
    const TensorType* element_source = nullptr;  // the first tensor whose parameter writes no element
    // What an argument of unknown type would have bound: the result mustn't
    // take it from another argument instead.
    std::set<SymbolId> unknown_sizes;
    std::set<std::string> unknown_groups;
    bool unknown_element = false;
    // One of them is unknown after an error (reported), not a Python
    // value's: the result is unknown without a word, not a Python value's.
    bool unknown_after_error = false;
};

// The arguments of a built-in that has a typing rule (builtin_rules.cpp).
struct BuiltinArgument {
    Type type;
    ByteRange range;
    const ast::Argument* argument = nullptr;  // null for a piped value
};
struct BuiltinArguments {
    std::vector<BuiltinArgument> positional;
    std::map<std::string, BuiltinArgument> keywords;
    const ast::Argument* over = nullptr;
};

// Where one function body's facts lie in a CheckResult: [begin, end) of
// each list.
struct FactSpan {
    size_t begin = 0, end = 0;
};
struct BodyFactSpans {
    FactSpan symbols, uses, expressions, calls, effects;
    size_t function = 0;  // its FunctionFacts in program.functions (read from the syntax, not checked)
};

// What checking one function body gave: replayed instead of checking again
// while neither the function's text nor any item's interface (dims,
// records, headers) changes (body_cache.cpp).
//
// Its facts are not copied here: they lie in the last complete result the
// cache's document made (`spans`, as of the function starting at `base`),
// and a replay moves them into the next result, shifted and renumbered. A
// copy per check was most of an edit's cost and doubled the facts' memory.
struct BodyRecord {
    // Relative to the function's start: few, and a result sorts its own.
    std::vector<Diagnostic> diagnostics;
    // References to facts made before the body (items, the signature's
    // axes), by index, relative to the function's start: the environment
    // makes its facts in one order for one interface, and the interface is
    // part of the key.
    std::vector<std::pair<size_t, ByteRange>> references;
    TypeRef inferred;  // the function's inferred return type, when it gave one
    // The size symbols the body made, from `first_symbol` on: a replay
    // appends them to the result's table and renumbers its types' symbols
    // when they land elsewhere.
    SymbolId first_symbol = 0;
    std::vector<std::string> symbol_names;
    uint32_t base = 0;  // where the function started when `spans` were made
    BodyFactSpans spans;
};

// A function's text with its hash, made once per check: the key of its
// record, found by a view (no copy) and moved between maps without
// hashing the text again. A view may name the key it is known to equal
// (its function's text didn't change since that key was found for it):
// then the text is not compared.
struct BodyText {
    std::string text;
    size_t hash;
};
struct BodyTextView {
    std::string_view text;
    size_t hash;
    const BodyText* known = nullptr;
};
inline BodyTextView hashed_view(std::string_view text) { return {text, std::hash<std::string_view>{}(text)}; }
struct BodyTextHash {
    using is_transparent = void;
    size_t operator()(const BodyText& key) const noexcept { return key.hash; }
    size_t operator()(const BodyTextView& key) const noexcept { return key.hash; }
};
struct BodyTextEqual {
    using is_transparent = void;
    bool operator()(const BodyText& a, const BodyText& b) const { return a.hash == b.hash && a.text == b.text; }
    bool operator()(const BodyTextView& a, const BodyText& b) const {
        return a.hash == b.hash && (a.known == &b || a.text == b.text);
    }
    bool operator()(const BodyText& a, const BodyTextView& b) const { return (*this)(b, a); }
};
using BodyEntries = std::unordered_map<BodyText, BodyRecord, BodyTextHash, BodyTextEqual>;

// Keyed by the function's text, for one interface: entries made under
// another interface are never replayed. Each check keeps only the entries
// it used, so the cache never outgrows the document.
struct BodyCache {
    std::string interface;  // interface_key of the check that made `entries`
    BodyEntries entries;
    TypeTable types;  // the facts' types, shared by the records and each check's result
};

// The later function bodies of a run with many to check and none to
// replay, checked by a second checker of the same items on a thread of its
// own, into a cache of its own; the run adopts what it recorded as it
// replays a record (body_helper.cpp).
struct BodyHelper {
    size_t first_item = 0;  // the bodies of items from here on are its
    BodyCache cache;        // its records
    CheckResult result;     // the facts they point at
    std::atomic<bool> cancel{false};
    std::thread thread;
    // Set when the thread is done with the items (its records ready, or
    // stopped): the run waits on it (wait_for_helper). The thread then frees
    // its checker, which no run waits for.
    std::mutex mutex;
    std::condition_variable ready_changed;
    bool ready = false;
    ~BodyHelper();
};

// The text of every item but function bodies, hashed: what a function
// body's check depends on, besides the body itself.
std::string interface_key(const std::vector<const ast::Item*>& items, std::string_view text);

// A value in a function body: a parameter or an assigned name.
struct Local {
    Type type;
    ByteRange definition;
    bool is_mut = false;
    bool is_parameter = false;
    size_t fact = SIZE_MAX;  // its SymbolFact: where uses are recorded
};

// The state of checking one function body (statements.cpp,
// expressions.cpp, calls.cpp).
// What a `masked_fill(x, mask, -inf)` filled (E0425): the mask's axis
// names, and where it is.
struct MaskedRows {
    std::vector<std::string> axes;
    ByteRange at;
};

struct BodyState {
    const ast::FnDef* fn = nullptr;
    Signature* signature = nullptr;
    std::map<std::string, Local> locals;
    std::map<std::string, ByteRange> assigned_anywhere;  // for E0105
    std::set<uint32_t> unreadable_reported;              // E0422 once per use, typed twice or not
    std::set<std::string> undefined_reported;            // E0102 once per name: one misspelling, one error
    // The size `x[keep]` selects, by the mask local's name while it keeps
    // its value: two selections by one mask have one size.
    std::map<std::string, SymbolId> selection_sizes;
    // Names an `if` may leave unassigned (assigned.hpp), with that `if`;
    // reading one is E0105 until it is assigned again.
    std::map<std::string, ByteRange> maybe_unassigned;
    // Locals given a masked_fill with -inf, while they keep that value (E0425).
    std::map<std::string, MaskedRows> masked_locals;
    // Names an `if` leaves with another type on each path (paths.cpp),
    // with that `if` and the two types; reading one is E0607 until it is
    // assigned again.
    struct MixedTypes {
        ByteRange at;
        std::string one, other;
    };
    std::map<std::string, MixedTypes> mixed_types;
    // The batch axes of the loops over batches checked so far: those open
    // around the statement being checked, and those whose loop has ended. A
    // value with an ended loop's axis outlives its loop, so that loop's
    // last batch can't be padded (analysis/padding.hpp).
    std::set<SymbolId> open_batch_axes, ended_batch_axes;
    // The sizes this body makes from the data that may be kept padded: its
    // selections by a Mask of one axis, and its callees' `?k` results. A
    // `return` of one records where it goes (EffectKind::Returned).
    std::set<SymbolId> selection_symbols;
    SignatureScope scope;  // the signature's generics, plus names `as` adds
    // Without a declared return type: what the first known `return` gives
    // (the inferred type on the hover), whose kind every other must give.
    std::optional<Type> first_return;
    int block_depth = 0;           // of the statement being checked (python_limits.cpp)
    int tensor_if_depth = 0;       // how many `if`s on a tensor the statement is inside
    bool blocks_too_deep = false;  // E0604 said once per body
};

// `0`, `0.0`, `-0.0`: a divisor that is zero as written (E0308).
bool literal_zero(const ast::Expr& e);
// An int written as a number, `3` or `-3`.
std::optional<int64_t> literal_int(const ast::Expr& e);

// Whether a body has a `return` of a value anywhere (no_value.cpp).
bool returns_a_value(const ast::Block& body);

// The element torch gives two values of these types together (`where`'s
// choices, `cat`'s and `stack`'s parts), as elementwise arithmetic
// promotes: a Mask, then integers, then floats, the wider within a kind;
// a number only raises the kind (expressions.cpp).
Element promote_elements(const Type& a, const Type& b);
// What `..`, `range()` and a slice take: an int, or a tensor of one integer.
bool is_integer(const Type& t);

class FileChecker : public CheckContext {
public:
    // `items` in source order; `cache` (may be null) keeps what function
    // bodies gave from one check to the next (document.hpp).
    FileChecker(std::vector<const ast::Item*> items, std::string_view text, BodyCache* cache)
        : items_list_(std::move(items)), text_(text), cache_(cache) {}
    CheckResult run();
    // While set, every body is checked (none replayed) and each expression's
    // type is kept in `typed`, with the signatures, records and dims after
    // run_bodies: what the code generator needs (checker.hpp).
    void keep_types(TypedProgram* typed) { typed_ = typed; }

    // run() in two halves, for a document that is checked again after edits
    // (document.hpp): the environment (everything but function bodies) once,
    // then the bodies after each edit; rebind moves a kept environment onto
    // the items of an edited text whose interface didn't change.
    void run_environment();
    // `previous` is the last complete result of a run with this cache (the
    // facts its records point at; null without a cache or before the first
    // run): replayed bodies' facts are moved out of it into the new result.
    // With `stop` given, asked between function bodies: when it says true
    // the run ends early, returns nothing, and leaves the body cache and
    // `previous` as they were (but the references and types of the
    // environment's facts in it, which the next run sets again), so a later
    // run_bodies() starts over correctly.
    CheckResult run_bodies(CheckResult* previous, const std::function<bool()>* stop = nullptr);
    bool stopped() const { return stopped_; }
    void rebind(std::vector<const ast::Item*> items, std::string_view text);
    // Per item (as given to rebind): whether its text is the same as at the
    // last complete run_bodies (its chunk was kept): its body's record is
    // then found without reading its text.
    void set_unchanged_items(std::vector<char> unchanged) { unchanged_items_ = std::move(unchanged); }
    // From how many bytes of function bodies to check (none to replay) a run
    // checks the later ones on a helper thread (body_helper.cpp): 0 always,
    // SIZE_MAX never.
    void set_helper_threshold(size_t bytes) { helper_threshold_ = bytes; }
    static constexpr size_t kHelperThreshold = 64 * 1024;
    // How many bodies the last complete run took from a helper.
    size_t helper_bodies() const { return helper_bodies_; }
    // What each `import a.b` of the file found, by the path as written: set
    // before run_environment (imports.cpp).
    void set_imports(std::map<std::string, ImportOutcome> imports);
    // What importers of this file depend on (module_summary.hpp), from the
    // environment and the last complete result of run_bodies.
    std::shared_ptr<ModuleSummary> summary(const std::string& file, const CheckResult& result) const;
    // The names of imported modules the file uses in `result` (its last
    // complete one): module path as written -> names (modules.hpp).
    std::map<std::string, std::set<std::string>> used_imports(const CheckResult& result) const;
    // The names of other files this file uses, by the name used here.
    const std::map<std::string, ImportedName>& imported_names() const { return imported_; }

private:
    bool stopped_ = false;

public:
    // CheckContext
    void report(DiagCode code, ByteRange range, const std::vector<std::string>& args,
                std::vector<RelatedInfo> related = {}, std::vector<Fix> fixes = {}) override;
    std::optional<int64_t> dim_value_of(const std::string& name, ByteRange used_at) override;
    bool dim_in_error(const std::string& name) override;
    SymbolId fresh_symbol(std::string name) override { return new_symbol(std::move(name)); }
    std::optional<SymbolId> generic_axis(const std::string& name, ByteRange used_at) override;
    std::optional<SymbolId> readable_generic_axis(const std::string& name, ByteRange used_at) override;
    // Can the generated code read this size off a parameter's or a local's
    // shape? check_readable reports E0422 where it can't.
    bool size_readable(SymbolId id) const;
    // While typing masked_fill's or where's later arguments: the first's
    // type, whose axes a causal mask may name (type_of_causal).
    const Type* causal_scope_ = nullptr;
    std::vector<Fix> name_axis_fixes(const Alignment& aligned, const TensorType& small, const TensorType& large);
    void check_readable(const std::string& name, SymbolId id, ByteRange used_at);
    // E0422 where the size `name` can't be read off a shape, once per place.
    void require_readable(const std::string& name, SymbolId id, ByteRange used_at);
    std::string show(const Size& size) const override;
    std::string source_text(ByteRange range) const override { return written(range); }
    std::string_view source_bytes(ByteRange range) const override {
        if (range.begin > text_.size() || range.end < range.begin) return {};
        return text_.substr(range.begin, std::min<size_t>(range.end, text_.size()) - range.begin);
    }

private:
    // items.cpp
    void collect_items();
    SymbolFact* define(const ast::Name& name, SymbolKind kind, const ast::Item& item);
    std::vector<ParamSig> check_parameters(const std::vector<ast::Param>& params, SignatureScope& scope,
                                           std::string_view owner);
    void check_default(const ast::Param& param, const Type& type);    // defaults.cpp
    void check_default_order(const std::vector<ast::Param>& params);  // defaults.cpp
    Signature resolve_signature(const ast::Name& name, const std::vector<ast::Param>& params,
                                const ast::TypePtr& return_type, bool is_extern);
    void check_function(const ast::FnDef& fn);
    void check_extern(const ast::ExternFn& fn);
    void check_record(const ast::Name& name, const std::vector<ast::Field>& fields, bool is_model);
    void check_models_contain_no_cycle();
    void check_devices(const ast::DevicesDecl& devices);
    void check_python_path(const ast::DottedName& path);
    void check_initializer(const ast::Expr& init, bool is_model);
    const ItemRef* lookup(const std::string& name) const;
    // What the tables and types call the item `name` names (ItemRef::key).
    static const std::string& key_of(const ItemRef& ref, const std::string& name) {
        return ref.key.empty() ? name : ref.key;
    }
    void reference(const ItemRef& ref, ByteRange at);
    void reference_fact(size_t fact, ByteRange at);
    std::vector<std::string> names_of(std::initializer_list<SymbolKind> kinds) const;

    // imports.cpp: names of other .ss files.
    void collect_import(const ast::ImportModule& import, const ast::Item& item);
    void import_name(const ModuleSummary& summary, const std::string& module, const std::string& name,
                     const std::string& local, uint16_t module_index, ByteRange used_at);
    // `layers.block`, `nn.attention.Attn`: a name of an imported module,
    // written as attributes of the name the import binds; nothing for any
    // other expression (a local shadows the module).
    std::optional<ast::Name> module_member(const ast::Expr& expr) const;
    // The member named, after E0112 when the module has no such name.
    const ItemRef* lookup_member(const ast::Name& member);
    void add_module(const ModuleSummary& summary, const std::string& module, uint16_t module_index);
    static bool has_name(const ModuleSummary& summary, const std::string& name);
    static std::string missing_name_note(const ModuleSummary& summary, const std::string& name);
    std::map<std::string, ImportOutcome> imports_;
    std::map<std::string, std::string> module_prefixes_;  // a module's file -> the prefix its keys take here
    // What `layers.` (or an alias) names: that import's summary.
    std::map<std::string, std::shared_ptr<const ModuleSummary>> module_bindings_;
    std::set<std::string> added_modules_;  // files whose records and dims are in the tables
    // An imported dim, by each key it has here (`D`, `layers.D`): the dim
    // it is (its module's, renamed) and its value.
    struct ImportedDim {
        std::string identity;
        int64_t value = 0;
    };
    std::map<std::string, ImportedDim> imported_dims_;
    std::map<std::string, ImportedName> imported_;       // by the name used here (TypedProgram::imported)
    std::map<size_t, ImportedName> imported_facts_;      // each imported name's or field's fact: what it is of
    std::map<std::string, std::string> axis_spellings_;  // an imported dim's every key -> its one spelling here
    void settle_axis_spellings();
    void spell_axes(Type& type) const;

public:
    std::string axis_spelling(const std::string& name) const override {
        auto it = axis_spellings_.find(name);
        return it == axis_spellings_.end() ? name : it->second;
    }

private:
    // dims.cpp
    void evaluate_dims();
    std::optional<int64_t> dim_value(const std::string& name, ByteRange used_at);
    std::optional<int64_t> evaluate(const ast::Expr& expr, const std::string& dim_name);
    void report_too_large(ByteRange range);

    // signatures.cpp
    Type resolve_type(const ast::Type& type, SignatureScope& scope);
    std::optional<TensorType> resolve_tensor(const ast::TensorType& tensor, SignatureScope& scope);
    std::optional<Size> resolve_size(const ast::Axis& axis, SignatureScope& scope);
    std::optional<Size> axis_size(const ast::Axis& axis, SignatureScope& scope);
    std::optional<Size> size_of_name(const ast::Name& name, SignatureScope& scope);
    void record_axis_name(const ast::Name& name, SignatureScope& scope);
    std::optional<Element> resolve_element(const ast::NamedType& named, const TensorType& tensor, ByteRange range,
                                           SignatureScope& scope);
    std::optional<Size> type_argument_size(const ast::TypeArgument& argument, SignatureScope& scope);
    void check_return_axes(const Type& returned, const SignatureScope& params_scope, const ast::Type& written);

    // statements.cpp: function bodies.
    void not_callable(const ast::Expr& callee, const Type& type);  // calls.cpp
    void check_python_limits(const ast::Stmt& stmt);               // python_limits.cpp
    // Appends the function's FunctionFacts (moved from the last result when
    // replayed) and checks or replays its body; `index`: the item's.
    void check_or_replay_body(size_t index, const ast::FnDef& fn, Signature& signature, const std::string& interface);
    FunctionFacts function_facts(const ast::Item& item, const ast::FnDef& fn, const Signature& signature);
    void check_body(const ast::FnDef& fn, Signature& signature);
    // `shared`: the same type as a fact already holds it (the value's), kept once.
    void define_local(const ast::Name& name, Type type, TypeRef shared = nullptr);
    void reference_local(const Local& local, ByteRange at);
    void reference_builtin(const ast::Name& name);
    void note_pattern_across(const ast::PatternCall& call, ByteRange range, const std::vector<Type>& operands,
                             const Type& result);
    void record_pattern_axes(const ast::PatternCall& call);
    void export_typed();
    void check_block(const ast::Block& block);
    bool always_returns(const ast::Block& block) const;
    void check_inferred_returns(const ast::FnDef& fn);  // E0606
    // Paths through an `if` or a loop meet with one type for each local
    // (paths.cpp, E0607).
    void check_if(const ast::If& stmt, ByteRange range);
    void check_loop_body(const ast::For& loop);
    std::map<std::string, Local> join_paths(std::vector<std::map<std::string, Local>> paths, ByteRange at);
    std::optional<Type> join(const Type& a, const Type& b);
    std::optional<Type> sizes_apart(const Type& a, const Type& b);
    void recheck_block(const ast::Block& block);
    bool meet_passes(const std::map<std::string, Local>& start, const ast::For& loop, const std::string& between);
    void check_statement(const ast::Stmt& stmt);
    void check_statement_in_error(const ast::Stmt& stmt);
    void check_assign(const ast::Assign& assignment);
    void check_aug_assign(const ast::AugAssign& assignment, ByteRange range);
    void check_for(const ast::For& loop);
    void assign(const ast::Expr& target, Type type, TypeRef shared = nullptr);
    void check_return(const ast::Return& ret, ByteRange range);
    Type check_condition(const ast::Expr& condition);

    // expressions.cpp: the type of an expression.
    Type type_of(const ast::Expr& expr);  // type_of_node, recorded in typed_ when set
    Type type_of_node(const ast::Expr& expr);
    Type type_of_name_value(const ast::NameExpr& name);
    Type type_of_unary(const ast::Unary& unary, ByteRange range);
    Type type_of_pipe(const ast::Pipe& pipe, const ast::Expr& expr);
    Type type_of_name(const ast::Name& name);
    Type type_of_item(const ItemRef& item, const ast::Name& name);
    // What a name is when it isn't a value ("a function", "a model", ...),
    // in type_of_name's order of lookup; empty for a value or an unknown name.
    std::string_view not_a_value(const std::string& name) const;
    // Whether a local or a generic axis of the body has this name, which
    // then stands for it rather than a top-level item (type_of_name's order).
    bool shadows_item(const std::string& name) const {
        return body_->locals.count(name) || body_->scope.generics.count(name);
    }
    Type type_of_binary(const ast::Binary& binary, ByteRange range);
    // Whether torch refuses `op` on these operands for being Masks (bools):
    // then E0418 is reported at `range`, naming the operation `shown` (the
    // built-in's `matmul`) or else `op`.
    bool refused_for_masks(const std::string& op, const Type& left, const Type& right, ByteRange range,
                           const std::string& shown = "");
    bool integer_end(const ast::Expr& end, const Type& type);  // false after E0418: not an integer
    void type_range_ends(const ast::RangeExpr& r);             // each end an integer (integer_end)
    Type type_of_end(const ast::Expr& end);
    // An index's value: a range's ends, or the value's type (a range has none).
    Type type_of_index(const ast::Index& index);
    Type elementwise(const Type& left, const Type& right, ByteRange op_range, ByteRange left_range,
                     ByteRange right_range, const std::string& op);
    Type matmul(const Type& left, const Type& right, ByteRange op_range);
    Type type_of_as(const ast::As& as, ByteRange range);
    Type type_of_attribute(const ast::Attribute& attribute);
    Type type_of_subscript(const ast::Subscript& subscript);
    // subscripts.cpp: its parts.
    Type type_of_item_subscript(const ast::Subscript& subscript, const Type& value);
    std::optional<size_t> indexed_axis(const TensorType& t, const ast::Index& index, size_t position,
                                       const TensorType& value);
    std::optional<size_t> slice(TensorType& t, size_t axis, const ast::Index& index, const ast::RangeExpr& range);
    bool index_within(const TensorType& t, size_t axis, const ast::Index& index);
    std::optional<size_t> index_by_value(TensorType& t, size_t axis, const ast::Index& index,
                                         const ast::Subscript& subscript);
    std::optional<size_t> select(TensorType& t, size_t axis, const ast::Index& index, const Type& mask);
    std::optional<size_t> gather_by_index(TensorType& t, size_t axis, const ast::Index& index, const Type& i,
                                          const ast::Subscript& subscript);
    Type type_of_causal(const ast::CausalMask& mask, ByteRange range);
    // constructors.cpp: `zeros([b H])` and the others written with a type.
    Type type_of_constructor(const ast::Call& call, ByteRange range, const Type* piped, ByteRange piped_range);
    std::optional<ast::Name> unknown_constructor_axis(const ast::Axis& axis);
    std::optional<Size> size_value(const ast::Expr& expr);
    bool record_expression(ByteRange range, const Type& type);  // false: nothing to record
    Type make_batch(const std::string& data);

    // calls.cpp: calls, pipes and pattern calls.
    Type type_of_pattern(const ast::Expr& expr, const Type* piped);
    Type type_of_call(const ast::Expr& callee, const std::vector<const ast::Argument*>& arguments, const Type* piped,
                      ByteRange piped_range, ByteRange range);
    Type call_signature(const std::string& name, const Signature& signature,
                        const std::vector<const ast::Argument*>& arguments, const Type* piped, ByteRange piped_range,
                        ByteRange range);
    bool bind_tensor(const TensorType& param, const TensorType& arg, CallBindings& bindings,
                     const std::string& param_name, ByteRange at, bool prelude = false, bool is_extern = false);
    // call_signature.cpp: its phases.
    bool match_arguments(CallMatch& m, const std::vector<const ast::Argument*>& arguments);
    void type_arguments(CallMatch& m);
    void bind_arguments(CallMatch& m);
    void note_unknown_argument(CallMatch& m, const TensorType& param, const Type& argument);
    bool bind_tensor_argument(CallMatch& m, size_t i, std::vector<std::pair<size_t, CallBindings>>& wrong_elements);
    void check_plain_argument(CallMatch& m, size_t i);
    void record_call(size_t site, const CallMatch& m);
    Type call_result(size_t site, const CallMatch& m);
    // A parameter's type as a message writes it; a prelude parameter with
    // the call's bindings so far, never with the prelude's own names.
    std::string expected_text(const Type& param, const CallBindings& bindings, bool prelude, bool any_float) const;
    void load_prelude();

    // builtin_rules.cpp: built-ins the prelude can't type yet.
    // builtin_arity.cpp: false after reporting an argument missing, unknown,
    // repeated or too many for these labels (builtin_table.hpp's notation).
    bool check_builtin_arity(std::string_view callee, const std::vector<BuiltinLabel>& params,
                             const std::vector<const ast::Argument*>& arguments, bool piped, ByteRange range);
    std::optional<Type> type_of_builtin(const std::string& name, const std::vector<const ast::Argument*>& arguments,
                                        const Type* piped, ByteRange piped_range, ByteRange range);
    BuiltinArguments builtin_arguments(const std::vector<const ast::Argument*>& arguments, const Type* piped,
                                       ByteRange piped_range, const Builtin* builtin = nullptr);
    // E0505 for an argument not of the number or string kind its label in
    // the table writes (`steps: int`, `path: str`); `position` is unused
    // for a keyword argument.
    // E0512: `over=` of a value from Python, of no type, or an index by an
    // axis's name (builtin_rules.cpp, subscripts.cpp).
    void python_over(const Builtin& builtin, const BuiltinArguments& args);
    void python_over(const ast::Argument& over, ByteRange value);
    void python_axes_needed(ByteRange at, const std::string& what, ByteRange value);
    void check_builtin_argument(const Builtin& builtin, size_t position, const ast::Argument* argument,
                                const Type& type, ByteRange range);
    Type value_and_grad(const std::vector<const ast::Argument*>& arguments, ByteRange range);
    Type log_rule(const BuiltinArguments& args, ByteRange range);
    Type reduction_rule(const std::string& name, const BuiltinArguments& args, ByteRange range);
    Type norm_rule(const std::string& name, const BuiltinArguments& args, ByteRange range);
    const Type* training_argument(const Builtin& builtin, const BuiltinArguments& args, size_t i, TypeKind kind,
                                  std::string_view what, ByteRange range);
    Type training_rule(const Builtin& builtin, const BuiltinArguments& args, ByteRange range);
    Type ordering_rule(const std::string& name, const BuiltinArguments& args, ByteRange range);
    Type gather_rule(const std::string& name, const BuiltinArguments& args, const AxisType& over);
    Type index_add_rule(const BuiltinArguments& args, const AxisType& over);
    Type select_scatter_rule(const BuiltinArguments& args, const AxisType& over);
    Type topk_rule(const BuiltinArguments& args, const AxisType& over);
    Type cat_rule(const BuiltinArguments& args, const TensorType& named, const AxisType& over);
    Type stack_rule(const BuiltinArguments& args, ByteRange range);
    Type arange(const std::vector<const ast::Argument*>& arguments);
    const AxisType* over_axis(const BuiltinArguments& args, const TensorType& x);
    std::string axis_written(const ast::Expr& value, const TensorType* x);  // calls.cpp
    // The axis an `axis` parameter's argument names in the first tensor, or
    // null (reported when it names none).
    const AxisType* check_axis_argument(const ast::Argument& argument, const TensorType* first_tensor,
                                        const std::string& param_name);
    std::optional<std::string> axis_argument(const ast::Expr& value) const;
    std::optional<std::string> bind_index_bound(const Element& param, const Element& arg, CallBindings& bindings);
    Element bound_element(const Element& element, const CallBindings& bindings);
    Type instantiate_return(const Type& returns, const CallBindings& bindings, const TensorType* first_tensor,
                            std::map<SymbolId, Size>* fresh = nullptr);
    bool exact_sizes(const Type& result, ByteRange range);
    Type attention(const BuiltinArguments& args, ByteRange range);
    Type linear(const BuiltinArguments& args, ByteRange range);
    void as_distribution(Type& result, ElementKind kind, const std::vector<const ast::Argument*>& arguments,
                         bool piped);

    // Is `value` provably of the `declared` shape? Symbols outside `scope`'s
    // generics are sizes known only at run time, which anything fits.
    bool same_shape(const TensorType& declared, const TensorType& value, const SignatureScope* scope) const;
    // The dim an axis is named with, aliases followed (`dim E = D` is D), or
    // nothing; and whether two axes are different dims (dim_identity.cpp).
    std::optional<std::string> dim_of(const AxisType& axis) const;
    void note_masked_rows(const std::string& name, const Signature& sig, const std::vector<const ast::Argument*>& given,
                          const std::vector<Type>& types, const Type* piped, ByteRange piped_range, ByteRange range);
    std::optional<std::string> dim_named(const std::string& name, const Size& size) const override;
    void warn_if_as_moves_an_axis(const ast::As& as, const Type& value, const Type& target, ByteRange range);
    // Whether two names at their sizes are two different dims (dim_named).
    bool dims_apart(const std::string& name_a, const Size& size_a, const std::string& name_b, const Size& size_b) const;
    bool distinct_dims(const AxisType& a, const AxisType& b) const;
    bool returns_fit(const Type& declared, const Type& value, const SignatureScope& scope) const;
    const ast::NameExpr* python_root(const ast::Expr& e) const;
    std::set<SymbolId> returned_as(const Type& declared, const Type& value, SymbolId made,
                                   const SignatureScope& scope) const;

    // program.cpp facts, recorded while a body is checked (effects.cpp).
    size_t open_call(CalleeKind kind, std::string callee, ByteRange callee_range, ByteRange range,
                     const std::vector<const ast::Argument*>& arguments, const Type* piped, ByteRange piped_range);
    void bind_call(size_t site, const Signature& sig, const std::vector<const ast::Argument*>& given, const Type* piped,
                   ByteRange piped_range);
    void bind_call_axes(size_t site, const CallBindings& bindings);
    void bind_attention_axes(const TensorType& q, const TensorType& k, const TensorType& v);
    void call_effects(size_t site, const std::vector<const ast::Argument*>& arguments, ByteRange piped_range);
    void record_effect(EffectKind kind, ByteRange range, std::string detail, Size size = {});
    // An operation at `range` mixing values along an axis of size `size`
    // (program.hpp's AcrossAxis); the second form asks the built-ins' table
    // whether `builtin` mixes at all and has a masked version.
    void note_across(ByteRange range, const std::string& operation, const Size& size, bool masked);
    void note_across(ByteRange range, const std::string& builtin, const Size& size);
    // Every axis of `value` (a tensor) worked across, without a masked
    // version: what a value given whole to the host or to unknown code is.
    void note_across_every_axis(ByteRange range, const std::string& operation, const Type& value);
    // A value read after the loop over batches whose axis it has: across that axis.
    void note_outliving(const Type& value, ByteRange range, const std::string& what);
    const Local* mut_parameter(std::string_view name) const;
    void field_changed(const ast::Attribute& attr, ByteRange range);
    void note_data_sizes(const ast::Expr& expr, const Type& type, size_t symbols_before);
    size_t call_site_ = SIZE_MAX;        // the site call_signature binds, set just before it is called
    std::vector<SymbolId> noted_sizes_;  // data-dependent sizes already recorded in this body

    // Shared.
    std::string written(ByteRange range) const;
    std::string symbol_name(SymbolId id) const;
    SymbolId new_symbol(std::string name);
    // A type as messages write it (describe_for_message); a size over the
    // prelude's own symbols is left as written.
    std::string in_message(const Type& type, bool any_float = false) const;
    SymbolId prelude_symbols_end_ = 0;  // the prelude's size symbols are those below it

    // The items in source order, as references.
    struct ItemList {
        struct Iterator {
            std::vector<const ast::Item*>::const_iterator at;
            const ast::Item& operator*() const { return **at; }
            Iterator& operator++() {
                ++at;
                return *this;
            }
            bool operator!=(const Iterator& o) const { return at != o.at; }
        };
        const std::vector<const ast::Item*>& list;
        Iterator begin() const { return {list.begin()}; }
        Iterator end() const { return {list.end()}; }
    };
    ItemList items() const { return {items_list_}; }

    std::vector<const ast::Item*> items_list_;
    std::string_view text_;
    CheckResult result_;
    std::unordered_map<std::string, ItemRef> items_;  // iterate only through names_of (sorted)
    std::map<std::string, DimState> dim_state_;
    bool some_dim_failed_ = false;  // a dim_state_ is Failed (it stays so)
    std::map<std::string, int64_t> dim_values_;
    std::map<uint32_t, MaskedRows> masked_rows_;  // masked_fill with -inf, by its expression's end (E0425)
    std::vector<std::string> dim_stack_;          // for the cycle in E0104
    std::vector<std::string> symbol_names_;
    std::map<std::string, Signature> signatures_;
    std::map<std::string, Signature> prelude_signatures_;
    // The expression of the statement being checked whose value is dropped
    // (`print(x)` on a line of its own): the one call that may give None.
    const ast::Expr* discarded_ = nullptr;
    // E0511 when `expr`, a call of `callee`, gives None but is used as a value.
    void check_gives_a_value(const ast::Expr& expr, const ast::Expr& callee, const ast::Call* call, bool piped);
    bool muted_ = false;  // while resolving the prelude: its errors are tests' to find
    std::map<std::string, std::map<std::string, Type>> record_fields_;  // model or data -> field -> type
    std::map<std::string, std::map<std::string, size_t>> field_facts_;  // model or data -> field -> its fact
    BodyState* body_ = nullptr;                                         // while checking a function body
    TypedProgram* typed_ = nullptr;                                     // set by keep_types: expression types are kept
    BodyCache* cache_ = nullptr;
    std::string interface_;                              // interface_key of the items
    CheckResult environment_;                            // what run_environment reported and recorded
    std::vector<std::string> environment_symbol_names_;  // the size symbols the environment made
    std::vector<ByteRange> item_ranges_;                 // where the items were when the environment was made
    // Per item (as items_list_): a function's signature, where its body is
    // checked (not a second definition, E0101); null for any other item.
    std::vector<Signature*> body_signatures_;
    std::vector<Signature*> own_signatures_;  // not imported: what rebind moves, in name order
    // Each name's ItemRef by the index of its item (items_list_), sorted:
    // rebind points those of a replaced item at the new one without
    // walking items_ (a node per name, all over memory).
    std::vector<std::pair<size_t, ItemRef*>> item_refs_;
    void index_item_refs();
    // body_cache.cpp: the run's replays and the records it made of bodies
    // it checked. A replay's facts stay in the last result until the run
    // completes (a stop leaves that result whole); then place_replays puts
    // them at `to`, among the facts the run made, which the run meanwhile
    // numbered as they will be (`held_`: how many of each list the replays
    // so far hold back).
    struct Replay {
        BodyEntries::iterator entry;
        BodyFactSpans to;  // where its facts go in result_
        uint32_t base;
        SymbolId first_symbol;
    };
    BodyFactSpans held_;  // begins only, as counts
    // A span of result_ as made so far, numbered as it will be once the
    // replays are placed.
    BodyFactSpans placed(BodyFactSpans made) const;
    void place_replays();
    struct MovedBody {
        BodyFactSpans to;  // where its facts are in result_
        SymbolId first;    // its first size symbol there
        TypeRef inferred;  // its inferred type as numbered there
    };
    MovedBody move_body(const BodyRecord& record, CheckResult* from, const ast::FnDef& fn, uint32_t base, bool adopt);
    void replay_body(BodyEntries::iterator entry, const ast::FnDef& fn, uint32_t base);
    const BodyText* adopt_helper_body(BodyEntries::iterator entry, const ast::FnDef& fn, uint32_t base);
    // body_helper.cpp
    void start_helper();
    BodyHelper* helper_for(size_t index);  // the helper, ready, if the item's body is its
    bool wait_for_helper(const std::function<bool()>* stop);
    void retire_helper();
    // A helper's checker: its environment is given up half made once the
    // run stops (`abandon` set), as no body will be checked on it.
    const std::atomic<bool>* abandon_ = nullptr;
    bool abandoned() const { return abandon_ && abandon_->load(std::memory_order_relaxed); }
    size_t helper_threshold_ = kHelperThreshold;
    size_t first_body_ = 0;  // run_bodies checks the bodies of items from here on (a helper's checker)
    std::unique_ptr<BodyHelper> helper_;
    bool helper_ready_ = false;                   // waited for: its records are ready
    std::unique_ptr<BodyHelper> retired_helper_;  // the last run's, maybe still freeing its checker
    size_t helper_bodies_ = 0, adopted_ = 0;
    const BodyText* record_body(BodyTextView body_text, const ast::Item& item, const ast::FnDef& fn,
                                Signature& signature);
    void keep_used_records();
    void start_from_environment();  // items.cpp: run_bodies' start and end
    void give_back_environment_facts();
    void fit_lists();
    void undo_replays();
    CheckResult* previous_ = nullptr;  // during run_bodies
    // Whether a run_bodies completed: then `previous` is its result, whose
    // first facts are the environment's (moved out, not copied again).
    bool completed_run_ = false;
    std::vector<char> unchanged_items_;  // set_unchanged_items
    // Per item: the key of the record its body used in the last complete
    // run (null: none kept), and in this run.
    std::vector<const BodyText*> last_keys_, next_keys_;
    // Whether this run took `previous`'s list of symbols (start_from_environment),
    // given back if it stops; then the last run's body facts lie between the
    // environment's and this run's own, `symbols_gap_` of them.
    bool took_last_symbols_ = false;
    size_t symbols_gap_ = 0;
    std::vector<Replay> replays_;              // this run's, in order (placed once it completes)
    BodyEntries made_;                         // records of the bodies this run checked
    BodyRecord* capture_ = nullptr;            // while checking a body for the cache
    const ast::Expr* recorded_for_ = nullptr;  // the call, stage or pattern the last expression fact is of
    size_t capture_first_symbol_ = 0;
    TypeTable own_types_;  // without a cache; with one, its table
    TypeTable& types() { return cache_ ? cache_->types : own_types_; }
};

// Human names of the kinds of things, for "`Mlp` is a model".
std::string_view kind_phrase(SymbolKind kind);
// What `zeros`, `normal(std)`, ... are: only a model's field takes one.
inline constexpr std::string_view kInitializerPhrase = "a model field's initialiser";

}  // namespace ss::check
