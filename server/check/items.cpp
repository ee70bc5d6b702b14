// Names and items: the top-level namespace, duplicates, and the signatures
// of functions and the fields of models and data records.
#include <algorithm>
#include <functional>

#include "check/builtin_table.hpp"
#include "check/device_list.hpp"
#include "check/file_checker.hpp"
#include "check/serving_form.hpp"
#include "check/suggest.hpp"
#include "diag/python_identifier.hpp"
#include "syntax/walk.hpp"

namespace ss::check {

namespace {

// Whether a body, as written, only does maths position by position
// (FunctionFacts::elementwise_syntax).
bool elementwise_syntax(const ast::Block& body) {
    bool plain = true;
    syntax::for_each_statement(body, [&](const ast::Stmt& s) {
        if (std::holds_alternative<ast::If>(s.node) || std::holds_alternative<ast::For>(s.node) ||
            std::holds_alternative<ast::ErrorStmt>(s.node))
            plain = false;
    });
    if (!plain) return false;  // a branch or loop: no need to walk the expressions
    syntax::for_each_expression(body, [&](const ast::Expr& e) {
        if (!plain) return;  // (the walk can't stop)
        const auto& n = e.node;
        if (std::holds_alternative<ast::Subscript>(n) || std::holds_alternative<ast::PatternCallPtr>(n) ||
            std::holds_alternative<ast::As>(n) || std::holds_alternative<ast::CausalMask>(n) ||
            std::holds_alternative<ast::RangeExpr>(n) || std::holds_alternative<ast::ListExpr>(n))
            plain = false;
        if (auto* b = std::get_if<ast::Binary>(&n); b && b->op == "@") plain = false;
        if (auto* c = std::get_if<ast::Call>(&n); c && !std::holds_alternative<ast::NameExpr>(c->callee->node))
            plain = false;
    });
    return plain;
}

}  // namespace

std::string_view kind_phrase(SymbolKind kind) {
    switch (kind) {
        case SymbolKind::Dim: return "a dim";
        case SymbolKind::Model: return "a model";
        case SymbolKind::Data: return "a data record";
        case SymbolKind::Function: return "a function";
        case SymbolKind::ExternFunction: return "an extern function";
        case SymbolKind::PythonModule: return "a Python module";
        case SymbolKind::Module: return "a module";
        case SymbolKind::Parameter: return "a parameter";
        case SymbolKind::Local: return "a local";
        case SymbolKind::Field: return "a field";
        case SymbolKind::Axis: return "an axis";
        case SymbolKind::PatternAxis: return "an axis of a pattern";
        case SymbolKind::Builtin: return "a built-in";
    }
    return "a name";
}

CheckResult check_file(const ast::File& file, std::string_view text) {
    std::vector<const ast::Item*> items;
    for (const ast::Item& item : file.items) items.push_back(&item);
    return FileChecker(std::move(items), text, nullptr).run();
}

// What the code generator needs besides the expressions' types: each
// function's signature, the records' fields, the dims.
void FileChecker::export_typed() {
    for (const auto& [name, sig] : signatures_) {
        TypedFunction fn;
        for (const ParamSig& p : sig.params) fn.params.push_back({p.name, p.type, p.is_mut, p.has_default});
        fn.returns = sig.returns;
        typed_->functions[name] = std::move(fn);
    }
    typed_->record_fields = record_fields_;
    typed_->dims = dim_values_;
    typed_->imported = imported_;
    typed_->axis_spellings = axis_spellings_;
    for (const auto& [module, found] : imports_)
        if (found.problem == ImportOutcome::Problem::None) typed_->module_files.emplace(module, found.file);
}

CheckResult FileChecker::run() {
    run_environment();
    return run_bodies(nullptr);
}

// Everything but function bodies: names, dims, signatures and records. What
// it reports and records is kept, so run_bodies can start from it again.
void FileChecker::run_environment() {
    if (cache_) {
        interface_ = interface_key(items_list_, text_) + imports_key(imports_);
        start_helper();  // its environment is made beside this one
    }
    load_prelude();
    collect_items();
    if (abandoned()) return;
    evaluate_dims();
    // Every signature and record first, so a body may use what comes after it.
    size_t seen = 0;
    for (const ast::Item& item : items()) {
        if (++seen % 64 == 0 && abandoned()) return;
        if (auto* fn = std::get_if<ast::FnDef>(&item.node)) check_function(*fn);
        if (auto* ext = std::get_if<ast::ExternFn>(&item.node)) check_extern(*ext);
        if (auto* model = std::get_if<ast::ModelDef>(&item.node)) check_record(model->name, model->fields, true);
        if (auto* data = std::get_if<ast::DataDef>(&item.node)) check_record(data->name, data->fields, false);
        if (auto* devices = std::get_if<ast::DevicesDecl>(&item.node)) check_devices(*devices);
    }
    check_models_contain_no_cycle();
    for (const ast::Item* item : items_list_) {
        item_ranges_.push_back(item->range);
        Signature* signature = nullptr;
        if (auto* fn = std::get_if<ast::FnDef>(&item->node)) {
            auto found = signatures_.find(fn->name.text);
            // A function defined twice (E0101) has its first signature only.
            if (found != signatures_.end() && found->second.name_range.begin == fn->name.range.begin)
                signature = &found->second;
        }
        body_signatures_.push_back(signature);
    }
    for (auto& [name, sig] : signatures_)
        if (!imported_.count(name)) own_signatures_.push_back(&sig);
    index_item_refs();
    environment_ = std::move(result_);
    environment_.symbols.shrink_to_fit();  // kept while the interface stands: no room left from doubling
    environment_symbol_names_ = symbol_names_;
}

// item_refs_: an unordered_map's nodes stay where they are, so the
// pointers hold while items_ is not changed (only rebind writes it, in place).
void FileChecker::index_item_refs() {
    std::unordered_map<const ast::Item*, size_t> index;
    for (size_t i = 0; i < items_list_.size(); ++i) index.emplace(items_list_[i], i);
    item_refs_.clear();
    for (auto& [name, ref] : items_)
        if (auto found = index.find(ref.item); ref.item && found != index.end())
            item_refs_.emplace_back(found->second, &ref);
    std::sort(item_refs_.begin(), item_refs_.end());
}

namespace {

template <class T>
void fit(std::vector<T>& list) {
    if (list.capacity() > list.size() + list.size() / 8 + 16) list.shrink_to_fit();
}

}  // namespace

// The new result starts as the environment's. After a run, with room for
// about as many facts as last time, made before copying (a vector's copy
// assignment keeps a capacity that suffices): not by doubling, which left
// up to half of each list unused, nor by growing after the copy, which
// held both at the peak; a re-check holds the last result beside the new.
void FileChecker::start_from_environment() {
    result_ = CheckResult{};
    // A run that can replay makes here only the environment's facts and
    // the bodies it checks: the replays' are placed into the last result's
    // lists at the end (place_replays). One after a complete run takes the
    // last result's list of symbols (below).
    bool can_replay = cache_ && !typed_ && cache_->interface == interface_;
    bool take_symbols = previous_ && completed_run_ && previous_->symbols.size() >= environment_.symbols.size();
    if (previous_ && !can_replay) {
        auto room = [](auto& list, size_t before) { list.reserve(before + before / 32 + 16); };
        if (!take_symbols) room(result_.symbols, previous_->symbols.size());
        room(result_.uses, previous_->uses.size());
        room(result_.expressions, previous_->expressions.size());
        room(result_.program.calls, previous_->program.calls.size());
        room(result_.program.effects, previous_->program.effects.size());
        room(result_.program.functions, previous_->program.functions.size());
    }
    took_last_symbols_ = false;
    symbols_gap_ = 0;
    if (!take_symbols) {
        result_ = environment_;
        // The environment's facts get about as many references from the
        // bodies as last time: room for them now, not by doubling.
        if (previous_)
            for (size_t i = 0; i < result_.symbols.size() && i < previous_->symbols.size(); ++i)
                result_.symbols[i].references.reserve(previous_->symbols[i].references.size());
        return;
    }
    // The last run's result starts with this environment's facts, as made
    // (a body changes only their references and an inferred type): this run
    // takes its list and sets those again where they are, neither copied
    // (strings, shared types) nor moved. The last run's body facts stay
    // after them for the replays (place_replays); what this run makes goes
    // after those, numbered as place_replays will put it (symbols_gap_).
    std::vector<SymbolFact> facts = std::move(environment_.symbols);
    result_ = environment_;
    environment_.symbols = std::move(facts);
    result_.symbols = std::move(previous_->symbols);
    for (size_t i = 0; i < environment_.symbols.size(); ++i) {
        const SymbolFact& made = environment_.symbols[i];
        SymbolFact& f = result_.symbols[i];
        f.references.assign(made.references.begin(), made.references.end());  // the room stays
        f.definition = made.definition;
        f.type = made.type;
    }
    took_last_symbols_ = true;
    symbols_gap_ = result_.symbols.size() - environment_.symbols.size();
    // Room for what this run makes: not a reallocation that moves them all.
    if (result_.symbols.capacity() < result_.symbols.size() + 64)
        result_.symbols.reserve(result_.symbols.size() + result_.symbols.size() / 16 + 64);
}

// A stopped run gives the last result its list back, as long as it was:
// the facts this run made go.
void FileChecker::give_back_environment_facts() {
    if (!took_last_symbols_) return;
    result_.symbols.resize(environment_.symbols.size() + symbols_gap_);
    previous_->symbols = std::move(result_.symbols);
    took_last_symbols_ = false;
    symbols_gap_ = 0;
}

// A first run (or one that found many more facts than the last) grew its
// lists by doubling: the slack goes, since the result is kept until the
// next edit and that edit's run is held beside it.
void FileChecker::fit_lists() {
    fit(result_.symbols);
    fit(result_.uses);
    fit(result_.expressions);
    fit(result_.program.calls);
    fit(result_.program.effects);
    fit(result_.program.functions);
}

// The bodies, checked or replayed, on top of the environment; the
// environment stays as it was, for the next run.
CheckResult FileChecker::run_bodies(CheckResult* previous, const std::function<bool()>* stop) {
    previous_ = previous;
    start_from_environment();
    stopped_ = false;
    symbol_names_ = environment_symbol_names_;  // sizes made by bodies go
    next_keys_.assign(items_list_.size(), nullptr);
    adopted_ = 0;
    held_ = {};
    if (typed_) retire_helper();        // a typed run checks every body here (the AST's types)
    else if (!helper_) start_helper();  // one started with the environment is at work
    for (size_t i = 0; i < items_list_.size(); ++i) {
        const ast::Item& item = *items_list_[i];
        if (auto* ext = std::get_if<ast::ExternFn>(&item.node); ext && !ext->name.missing)
            result_.program.externs.push_back({ext->name.text, ext->target.text, ext->target.range});
        if (auto* fn = std::get_if<ast::FnDef>(&item.node); fn && i >= first_body_) {
            bool helpers = helper_ && i >= helper_->first_item;  // the helper's bodies from here on
            if ((stop && (*stop)()) || (helpers && !wait_for_helper(stop))) {
                stopped_ = true;
                retire_helper();  // told to stop, and waited for
                undo_replays();
                give_back_environment_facts();
                previous_ = nullptr;
                return {};
            }
            if (Signature* signature = body_signatures_[i]) {
                // Numbered as they will be once the replays are placed; a
                // replay's own are set then.
                size_t calls_begin = result_.program.calls.size() + held_.calls.begin,
                       effects_begin = result_.program.effects.size() + held_.effects.begin;
                size_t replays = replays_.size();
                check_or_replay_body(i, *fn, *signature, interface_);
                if (replays_.size() == replays) {
                    FunctionFacts& facts = result_.program.functions.back();
                    facts.calls_begin = calls_begin;
                    facts.effects_begin = effects_begin;
                    facts.calls_end = result_.program.calls.size() + held_.calls.begin;
                    facts.effects_end = result_.program.effects.size() + held_.effects.begin;
                }
            }
        }
    }
    retire_helper();
    helper_bodies_ = adopted_;
    place_replays();
    keep_used_records();
    completed_run_ = true;
    fit_lists();
    previous_ = nullptr;
    types().sweep();
    if (typed_) export_typed();
    result_.symbol_names = std::move(symbol_names_);  // the next run starts from the environment's
    std::stable_sort(result_.diagnostics.begin(), result_.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return std::move(result_);
}

// What a function's signature and syntax say of it (a replayed body keeps
// these too: they depend on its text and the interface only).
FunctionFacts FileChecker::function_facts(const ast::Item& item, const ast::FnDef& fn, const Signature& signature) {
    FunctionFacts facts;
    facts.name = fn.name.text;
    facts.range = item.range;
    facts.generic_axes = {signature.scope.generics.begin(), signature.scope.generics.end()};
    for (const ParamSig& p : signature.params)
        if (p.is_mut && (p.type.kind == TypeKind::Model || p.type.kind == TypeKind::Optimizer))
            facts.mut_state_parameters.push_back(p.name);
    facts.elementwise_syntax = elementwise_syntax(fn.body);
    facts.exported = fn.exported;
    facts.name_range = fn.name.range;
    for (const ParamSig& p : signature.params)
        facts.params.push_back({p.name, p.range, fact_type(p.type, types()), p.has_default});
    read_serving_form(fn, facts, [&](const std::string& model, const std::string& field) -> TypeRef {
        auto record = record_fields_.find(model);
        if (record == record_fields_.end()) return nullptr;
        auto found = record->second.find(field);
        return found == record->second.end() ? nullptr : fact_type(found->second, types());
    });
    return facts;
}

// Moving a kept environment onto an edited text whose interface is
// unchanged: the items are the same in number and order, each perhaps moved,
// so every range the environment holds moves with the item it lies in.
void FileChecker::rebind(std::vector<const ast::Item*> items, std::string_view text) {
    struct Moved {
        uint32_t begin, end;
        int64_t delta;
    };
    std::vector<Moved> moves;
    std::vector<size_t> replaced;  // the items of the chunks an edit made: few
    // The old items' ranges as they were: the items themselves may already
    // have moved (document.hpp moves cached chunks in place) or be gone.
    for (size_t i = 0; i < item_ranges_.size() && i < items.size(); ++i) {
        moves.push_back({item_ranges_[i].begin, item_ranges_[i].end,
                         static_cast<int64_t>(items[i]->range.begin) - static_cast<int64_t>(item_ranges_[i].begin)});
        // An item of a kept chunk is the same object (document.hpp).
        if (items_list_[i] != items[i]) replaced.push_back(i);
    }
    // One edit moves the items after it by one amount: then a range moves
    // by it exactly when it starts at or after the first of them, with no
    // search. Otherwise the item holding the range is searched for.
    size_t first_moved = moves.size();
    for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i].delta != 0) {
            first_moved = i;
            break;
        }
    bool one_step =
        first_moved < moves.size() && std::all_of(moves.begin() + static_cast<std::ptrdiff_t>(first_moved), moves.end(),
                                                  [&](const Moved& m) { return m.delta == moves[first_moved].delta; });
    auto remap = [&](ByteRange& r) {
        if (first_moved == moves.size() || r.begin < moves[first_moved].begin) return;
        int64_t delta = 0;
        if (one_step) {
            delta = moves[first_moved].delta;
        } else {
            // The last item starting at or before the range holds it.
            auto it = std::upper_bound(moves.begin(), moves.end(), r.begin,
                                       [](uint32_t at, const Moved& m) { return at < m.begin; });
            if (it == moves.begin()) return;
            --it;
            if (r.end > it->end) return;
            delta = it->delta;
        }
        r = shifted(r, delta);
    };
    auto remap_type = [&](auto& self, Type& t) -> void {
        for (AxisType& a : t.tensor.axes) remap(a.origin);
        for (Type& e : t.elements) self(self, e);
    };
    for (Diagnostic& d : environment_.diagnostics) for_each_range(d, remap);
    for (SymbolFact& f : environment_.symbols) {
        if (!f.module) remap(f.definition);  // an imported name's is in its own file
        for (ByteRange& r : f.references) remap(r);
    }
    // A signature's axes lie all over memory: one whose ranges all come
    // before the first moved item is not walked.
    uint32_t moved_from = first_moved < moves.size() ? moves[first_moved].begin : UINT32_MAX;
    uint32_t last = 0;
    auto remap_noted = [&](ByteRange& r) {
        remap(r);
        last = std::max(last, r.begin);
    };
    auto remap_type_noted = [&](auto& self, Type& t) -> void {
        for (AxisType& a : t.tensor.axes) remap_noted(a.origin);
        for (Type& e : t.elements) self(self, e);
    };
    for (Signature* own : own_signatures_) {  // an imported one's positions are forgotten (imports.cpp)
        Signature& sig = *own;
        if (sig.last_begin < moved_from) continue;
        last = 0;
        remap_noted(sig.name_range);
        for (ParamSig& p : sig.params) {
            remap_noted(p.range);
            remap_type_noted(remap_type_noted, p.type);
        }
        if (sig.returns) remap_type_noted(remap_type_noted, *sig.returns);
        sig.last_begin = last;
    }
    for (auto& [record, fields] : record_fields_)
        if (record.find('.') == std::string::npos)  // an imported record's key has its module's path
            for (auto& [field, type] : fields) remap_type(remap_type, type);
    for (size_t i : replaced) {
        auto refs = std::equal_range(item_refs_.begin(), item_refs_.end(), std::pair<size_t, ItemRef*>{i, nullptr},
                                     [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto it = refs.first; it != refs.second; ++it) it->second->item = items[i];
    }
    items_list_ = std::move(items);
    item_ranges_.clear();
    for (const ast::Item* item : items_list_) item_ranges_.push_back(item->range);
    text_ = text;
}

// `devices cuda:0, cuda:1`, `cpu`, `cpu*3` (CPU workers), `mps` (E0107),
// by the rules of check/device_list.hpp.
void FileChecker::check_devices(const ast::DevicesDecl& devices) {
    std::vector<DeviceEntry> seen;
    for (const ast::Device& d : devices.devices) {
        DeviceEntry entry{d.kind.text, d.index, d.count};
        if (std::string problem = device_entry_problem(entry, seen); !problem.empty())
            report(DiagCode::E0107, d.range, {problem});
        seen.push_back(std::move(entry));
    }
}

// A model field's initialiser: `normal(std)`, `uniform(low, high)`,
// `zeros`, `ones` or a number (E1303). A data field has none.
void FileChecker::check_initializer(const ast::Expr& init, bool is_model) {
    if (!is_model) {
        report(DiagCode::E1303, init.range,
               {"not allowed in a data record (its values come with each example)", "`" + written(init.range) + "`"});
        return;
    }
    if (std::holds_alternative<ast::IntLiteral>(init.node) || std::holds_alternative<ast::FloatLiteral>(init.node))
        return;
    // The initialisers are the table's; one called takes its parameters' count of numbers.
    auto initializer = [](const std::string& name) {
        const Builtin* b = find_builtin(name);
        return b && b->typing == BuiltinTyping::Initializer ? b : nullptr;
    };
    if (auto* n = std::get_if<ast::NameExpr>(&init.node))
        if (const Builtin* b = initializer(n->name.text); b && !b->is_call) return;
    if (auto* call = std::get_if<ast::Call>(&init.node))
        if (auto* f = std::get_if<ast::NameExpr>(&call->callee->node)) {
            const Builtin* b = initializer(f->name.text);
            size_t wanted = b && b->is_call ? b->params.size() : 0;
            bool numbers = std::all_of(call->arguments.begin(), call->arguments.end(), [](const ast::Argument& a) {
                const ast::Expr* v = a.value.get();
                if (auto* u = std::get_if<ast::Unary>(&v->node); u && u->op == "-") v = u->operand.get();  // -0.1
                return std::holds_alternative<ast::FloatLiteral>(v->node) ||
                       std::holds_alternative<ast::IntLiteral>(v->node);
            });
            if (wanted && call->arguments.size() == wanted && numbers) {
                // torch refuses these when the model is made: said here.
                auto number = [](const ast::Expr& e) {
                    const ast::Expr* v = &e;
                    double sign = 1;
                    if (auto* u = std::get_if<ast::Unary>(&v->node); u && u->op == "-") v = u->operand.get(), sign = -1;
                    if (auto* f = std::get_if<ast::FloatLiteral>(&v->node)) return sign * f->value;
                    auto* i = std::get_if<ast::IntLiteral>(&v->node);
                    return sign * static_cast<double>(i && i->value ? *i->value : 0);
                };
                const std::string& which = f->name.text;
                if (which == "normal" && number(*call->arguments[0].value) < 0)
                    report(DiagCode::E1303, call->arguments[0].value->range,
                           {"`normal(std)` with a std of at least 0",
                            "`" + written(call->arguments[0].value->range) + "`"});
                if (which == "uniform" && number(*call->arguments[0].value) > number(*call->arguments[1].value))
                    report(DiagCode::E1303, init.range,
                           {"`uniform(low, high)` with low at most high", "`" + written(init.range) + "`"});
                return;
            }
        }
    if (std::holds_alternative<ast::ErrorExpr>(init.node)) return;
    report(DiagCode::E1303, init.range,
           {"`normal(std)`, `uniform(low, high)`, `zeros`, `ones` or a number", "`" + written(init.range) + "`"});
}

void FileChecker::report(DiagCode code, ByteRange range, const std::vector<std::string>& args,
                         std::vector<RelatedInfo> related, std::vector<Fix> fixes) {
    if (muted_) return;
    Diagnostic d = make_diagnostic(code, range, args);
    d.related = std::move(related);
    d.fixes = std::move(fixes);
    result_.diagnostics.push_back(std::move(d));
}

std::string FileChecker::written(ByteRange range) const {
    if (range.begin >= text_.size() || range.end < range.begin) return "";
    std::string out(text_.substr(range.begin, std::min<size_t>(range.end, text_.size()) - range.begin));
    // One line, squeezed: shown inside messages. A tab, vertical tab or
    // form feed between tokens is a space to the parser, so it is one here.
    for (char& c : out)
        if (c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') c = ' ';
    if (out.size() > 80) out = out.substr(0, 77) + "...";
    return out;
}

SymbolId FileChecker::new_symbol(std::string name) {
    symbol_names_.push_back(std::move(name));
    return static_cast<SymbolId>(symbol_names_.size() - 1);
}

std::string FileChecker::show(const Size& size) const {
    return size.to_string([&](SymbolId id) { return symbol_name(id); });
}

std::optional<int64_t> FileChecker::dim_value_of(const std::string& name, ByteRange used_at) {
    const ItemRef* item = lookup(name);
    if (!item || item->kind != SymbolKind::Dim) return std::nullopt;
    reference(*item, used_at);
    return dim_value(name, used_at);
}

bool FileChecker::dim_in_error(const std::string& name) {
    if (!some_dim_failed_) return false;  // asked of every axis name: most files have no such dim
    const ItemRef* item = lookup(name);
    if (!item || item->kind != SymbolKind::Dim) return false;
    auto state = dim_state_.find(name);
    return state != dim_state_.end() && state->second == DimState::Failed;
}

std::string FileChecker::in_message(const Type& type, bool any_float) const {
    return describe_for_message(
        type,
        [&](const Size& size) -> std::optional<std::string> {
            for (SymbolId id : size.symbols())
                if (id < prelude_symbols_end_) return std::nullopt;
            return show(size);
        },
        any_float);
}

std::string FileChecker::symbol_name(SymbolId id) const { return id < symbol_names_.size() ? symbol_names_[id] : "?"; }

// ------------------------------------------------------------------- names

SymbolFact* FileChecker::define(const ast::Name& name, SymbolKind kind, const ast::Item& item) {
    if (name.missing || name.text.empty()) return nullptr;
    auto existing = items_.find(name.text);
    if (existing != items_.end()) {
        // A module imported twice (`import python torch` and `torch.nn`) is
        // one name, not a clash.
        if (kind == SymbolKind::PythonModule && existing->second.kind == SymbolKind::PythonModule) {
            reference(existing->second, name.range);
            return nullptr;
        }
        const SymbolFact& first = result_.symbols[existing->second.fact];
        report(DiagCode::E0101, name.range, {name.text, std::string(kind_phrase(first.kind))},
               {{first.definition, "`" + name.text + "` is first defined here"}});
        return nullptr;
    }
    if ((kind == SymbolKind::Model || kind == SymbolKind::Data) && is_builtin_type_name(name.text)) {
        report(DiagCode::E0101, name.range, {name.text, "a built-in type"});
        return nullptr;
    }
    SymbolFact& fact = result_.symbols.emplace_back();
    fact.name = name.text;
    fact.kind = kind;
    fact.definition = name.range;
    items_[name.text] = ItemRef{kind, &item, result_.symbols.size() - 1};
    return &fact;
}

const ItemRef* FileChecker::lookup(const std::string& name) const {
    auto it = items_.find(name);
    return it == items_.end() ? nullptr : &it->second;
}

void FileChecker::reference(const ItemRef& ref, ByteRange at) { reference_fact(ref.fact, at); }

// A use of a fact of the environment (an item, a field): a replayed body
// adds it again from its record.
void FileChecker::reference_fact(size_t fact, ByteRange at) {
    result_.symbols[fact].references.push_back(at);
    if (capture_) capture_->references.emplace_back(fact, at);
}

std::vector<std::string> FileChecker::names_of(std::initializer_list<SymbolKind> kinds) const {
    std::vector<std::string> out;
    for (const auto& [name, ref] : items_)
        if (std::find(kinds.begin(), kinds.end(), ref.kind) != kinds.end()) out.push_back(name);
    std::sort(out.begin(), out.end());  // suggestions must not depend on hashing
    return out;
}

void FileChecker::collect_items() {
    struct Settle {
        FileChecker& self;
        ~Settle() { self.settle_axis_spellings(); }  // once every import is in
    } settle{*this};
    for (const ast::Item& item : items()) {
        if (auto* dim = std::get_if<ast::DimDecl>(&item.node)) {
            if (SymbolFact* f = define(dim->name, SymbolKind::Dim, item)) f->written = written(dim->value->range);
        } else if (auto* model = std::get_if<ast::ModelDef>(&item.node)) {
            define(model->name, SymbolKind::Model, item);
        } else if (auto* data = std::get_if<ast::DataDef>(&item.node)) {
            define(data->name, SymbolKind::Data, item);
        } else if (auto* fn = std::get_if<ast::FnDef>(&item.node)) {
            if (SymbolFact* f = define(fn->name, SymbolKind::Function, item)) f->exported = fn->exported;
        } else if (auto* ext = std::get_if<ast::ExternFn>(&item.node)) {
            if (SymbolFact* f = define(ext->name, SymbolKind::ExternFunction, item)) f->written = ext->target.text;
            check_python_path(ext->target);
        } else if (auto* module = std::get_if<ast::ImportModule>(&item.node)) {
            collect_import(*module, item);
        } else if (auto* imp = std::get_if<ast::ImportPython>(&item.node)) {
            check_python_path(imp->module);
            // `import python a.b` binds `a`, as in Python; `as c` binds `c`.
            const ast::Name* bound = imp->alias                  ? &*imp->alias
                                     : imp->module.parts.empty() ? nullptr
                                                                 : &imp->module.parts.front();
            if (bound)
                if (SymbolFact* f = define(*bound, SymbolKind::PythonModule, item)) f->written = imp->module.text;
        }
    }
}

// A dotted Python path the module writes as it is (`import a.b`, an extern
// fn's target): no part of it may be a Python keyword (E0108).
void FileChecker::check_python_path(const ast::DottedName& path) {
    for (const ast::Name& part : path.parts)
        if (!part.missing && python::keyword(part.text)) {
            report(DiagCode::E0108, part.range, {path.text, part.text});
            return;
        }
}

// -------------------------------------------------------------- signatures

std::vector<ParamSig> FileChecker::check_parameters(const std::vector<ast::Param>& params, SignatureScope& scope,
                                                    std::string_view owner) {
    std::vector<ParamSig> out;
    out.reserve(params.size());
    std::map<std::string, ByteRange> seen;
    check_default_order(params);
    for (const ast::Param& p : params) {
        if (p.name.missing) continue;
        auto [at, fresh] = seen.emplace(p.name.text, p.name.range);
        if (!fresh)
            report(DiagCode::E0101, p.name.range, {p.name.text, "a parameter of " + std::string(owner)},
                   {{at->second, "`" + p.name.text + "` is first defined here"}});
        ParamSig sig{p.name.text, Type{}, p.default_value != nullptr, p.is_mut, p.name.range};
        if (!p.type) {
            report(DiagCode::E0304, p.name.range, {p.name.text});
            scope.incomplete = true;
            out.push_back(std::move(sig));
            continue;
        }
        sig.type = resolve_type(*p.type, scope);
        if (sig.type.kind == TypeKind::Unknown) scope.incomplete = true;
        check_default(p, sig.type);
        sig.fact = result_.symbols.size();
        SymbolFact& fact = result_.symbols.emplace_back();
        fact.name = p.name.text;
        fact.kind = SymbolKind::Parameter;
        fact.definition = p.name.range;
        fact.type = fact_type(sig.type, types());
        out.push_back(std::move(sig));
    }
    return out;
}

// The signature of a fn or extern fn: parameters, then the return type,
// whose generic axes must come from the parameters (E0406).
Signature FileChecker::resolve_signature(const ast::Name& name, const std::vector<ast::Param>& params,
                                         const ast::TypePtr& return_type, bool is_extern) {
    Signature sig;
    sig.is_extern = is_extern;
    sig.name_range = name.range;
    sig.scope.owner = "`" + name.text + "`";
    sig.scope.function = name.text;
    sig.params = check_parameters(params, sig.scope, sig.scope.owner);
    if (return_type) {
        SignatureScope after_params = sig.scope;
        sig.returns = resolve_type(*return_type, sig.scope);
        check_return_axes(*sig.returns, after_params, *return_type);
        sig.scope = std::move(after_params);  // only the parameters bind axes
    }
    return sig;
}

// Stores a signature under its function's name; the first definition wins
// (a second one is E0101).
void FileChecker::check_function(const ast::FnDef& fn) {
    Signature sig = resolve_signature(fn.name, fn.params, fn.return_type, false);
    sig.gives_nothing = !fn.return_type && !returns_a_value(fn.body);
    if (!fn.name.missing) signatures_.emplace(fn.name.text, std::move(sig));
}

void FileChecker::check_extern(const ast::ExternFn& fn) {
    Signature sig = resolve_signature(fn.name, fn.params, fn.return_type, true);
    if (!fn.name.missing) signatures_.emplace(fn.name.text, std::move(sig));
}

// E1304: a model whose fields hold it again (`model A: a: A`, or through
// another model) would be made forever: `A.init` makes each field.
void FileChecker::check_models_contain_no_cycle() {
    std::map<std::string, const ast::ModelDef*> models;
    for (const ast::Item& item : items())
        if (auto* m = std::get_if<ast::ModelDef>(&item.node); m && !m->name.missing) models.emplace(m->name.text, m);
    // The path from a model to where it comes back, through fields' models.
    std::function<bool(const std::string&, const std::string&, std::vector<std::string>&, std::set<std::string>&)>
        reaches = [&](const std::string& from, const std::string& target, std::vector<std::string>& path,
                      std::set<std::string>& seen) {
            if (!seen.insert(from).second) return false;
            auto fields = record_fields_.find(from);
            if (fields == record_fields_.end()) return false;
            for (const auto& [field, type] : fields->second) {
                if (type.kind != TypeKind::Model || !models.count(type.ref)) continue;
                path.push_back(from + "." + field);
                if (type.ref == target || reaches(type.ref, target, path, seen)) return true;
                path.pop_back();
            }
            return false;
        };
    for (const auto& [name, model] : models) {
        std::vector<std::string> path;
        std::set<std::string> seen;
        if (!reaches(name, name, path, seen)) continue;
        std::string through;
        for (const std::string& step : path) through += (through.empty() ? "" : ", ") + ("`" + step + "`");
        // At the first field of the path, in this model.
        const std::string first = path.front().substr(name.size() + 1);
        for (const ast::Field& f : model->fields)
            if (f.name.text == first) report(DiagCode::E1304, f.name.range, {name, through});
    }
}

void FileChecker::check_record(const ast::Name& name, const std::vector<ast::Field>& fields, bool is_model) {
    std::map<std::string, ByteRange> seen;
    for (const ast::Field& f : fields) {
        if (f.name.missing) continue;
        auto [at, fresh] = seen.emplace(f.name.text, f.name.range);
        if (!fresh)
            report(DiagCode::E0101, f.name.range,
                   {f.name.text, std::string("a field of ") + (is_model ? "model `" : "data `") + name.text + "`"},
                   {{at->second, "`" + f.name.text + "` is first defined here"}});
        if (!f.type) continue;
        SignatureScope scope;
        scope.fixed_shape = is_model ? DiagCode::E1301 : DiagCode::E1302;
        scope.field_name = f.name.text;
        Type type = resolve_type(*f.type, scope);
        if (f.initializer) check_initializer(*f.initializer, is_model);
        // `M.init` makes every tensor field: it needs to know how.
        if (!f.initializer && is_model && type.kind == TypeKind::Tensor)
            report(DiagCode::E1303, f.name.range,
                   {"`normal(std)`, `uniform(low, high)`, `zeros`, `ones` or a number, after `=`", "none"});
        if (!name.missing && fresh) field_facts_[name.text][f.name.text] = result_.symbols.size();
        SymbolFact& fact = result_.symbols.emplace_back();
        fact.name = f.name.text;
        fact.kind = SymbolKind::Field;
        fact.definition = f.name.range;
        fact.type = fact_type(type, types());
        fact.owner = name.text;
        if (!name.missing) record_fields_[name.text].emplace(f.name.text, std::move(type));
    }
}

}  // namespace ss::check
