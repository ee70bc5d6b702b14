// Names of other .ss files (docs/modules.md): `import layers` makes the
// module's exported names `layers.X`, `from layers import X` makes them `X`.
// What the checker knows of them comes from the module's summary
// (module_summary.hpp): its dims, records and signatures, renamed into this
// file's keys, so a dim of another file is the same dim here.
#include <algorithm>

#include "check/file_checker.hpp"
#include "check/module_summary.hpp"
#include "check/suggest.hpp"

namespace ss::check {

namespace {

// The names a summary's types give, renamed into the importer's keys: the
// module's own items become `module.X`; another module's, that module's
// prefix here.
class Renamer {
public:
    Renamer(const ModuleSummary& summary, std::string module, std::map<std::string, std::string>& prefixes)
        : summary_(summary), module_(std::move(module)), prefixes_(prefixes) {
        for (const ExportedDim& d : summary.dims) own_dims_.insert(d.name);
    }

    std::string key(const std::string& name) const {
        // Another module's name: the longest module path it starts with.
        const std::string* best = nullptr;
        for (const auto& [path, file] : summary_.modules)
            if (name.size() > path.size() + 1 && name.compare(0, path.size(), path) == 0 && name[path.size()] == '.' &&
                name.find('.', path.size() + 1) == std::string::npos && (!best || path.size() > best->size()))
                best = &path;
        if (!best) return module_ + "." + name;
        const std::string& file = summary_.modules.at(*best);
        auto [prefix, fresh] = prefixes_.emplace(file, module_ + "." + *best);
        return prefix->second + name.substr(best->size());
    }

    // A dim's name as an axis, `Logit over` or `Index[V]` writes it; any
    // other name (a generic axis) stays.
    void dim_name(std::string& name) const {
        if (own_dims_.count(name) || name.find('.') != std::string::npos) name = key(name);
    }

    void type(Type& t) const {
        if (!t.ref.empty()) t.ref = key(t.ref);
        for (Type& e : t.elements) type(e);
        for (AxisType& a : t.tensor.axes) {
            a.origin = {};  // a position in the module's text, not this file's
            if (a.name && !a.variadic) {
                bool as_written = a.written == *a.name;
                dim_name(*a.name);
                if (as_written) a.written = *a.name;
            }
            if (a.dim) dim_name(*a.dim);
            for (std::string& f : a.factors) dim_name(f);
        }
        Element& e = t.tensor.element;
        if (!e.over.empty()) dim_name(e.over);
        if (!e.bound_written.empty()) dim_name(e.bound_written);
    }

private:
    const ModuleSummary& summary_;
    std::string module_;
    std::map<std::string, std::string>& prefixes_;
    std::set<std::string> own_dims_;
};

// A type's sizes with the module's size symbols made again here.
void renumber(Type& t, const std::function<std::optional<Size>(SymbolId)>& fresh) {
    for (Type& e : t.elements) renumber(e, fresh);
    for (AxisType& a : t.tensor.axes) a.size = a.size.substitute(fresh);
    if (t.tensor.element.index_bound) t.tensor.element.index_bound = t.tensor.element.index_bound->substitute(fresh);
}

}  // namespace

void FileChecker::set_imports(std::map<std::string, ImportOutcome> imports) {
    imports_ = std::move(imports);
    // A module this file imports is named by the path it writes, even where
    // another import's types name it first (`import mid` before `import ops`).
    for (const auto& [module, outcome] : imports_)
        if (outcome.summary) module_prefixes_.emplace(outcome.summary->file, module);
}

void FileChecker::collect_import(const ast::ImportModule& import, const ast::Item& item) {
    const ast::DottedName& path = import.module;
    if (path.parts.empty() ||
        std::any_of(path.parts.begin(), path.parts.end(), [](const ast::Name& n) { return n.missing; }))
        return;  // a syntax error says what is missing
    const std::string& module = path.text;
    auto found = imports_.find(module);
    // `import layers` binds `layers`; `import nn.attention` binds `nn`, as
    // in Python; `as a` binds `a`.
    if (!import.from) {
        const ast::Name& bound = import.alias ? *import.alias : path.parts.front();
        auto existing = items_.find(bound.text);
        if (existing != items_.end() && existing->second.kind == SymbolKind::Module) {
            reference(existing->second, bound.range);  // `import nn.a` and `import nn.b`: one name
        } else if (SymbolFact* f = define(bound, SymbolKind::Module, item)) {
            f->written = import.alias ? module : bound.text;
            f->owner = found == imports_.end() ? "" : found->second.file;
        }
    }
    if (found == imports_.end()) {
        report(DiagCode::E0109, path.range, {module, "nothing is searched for a text that is not a file on disk"});
        return;
    }
    const ImportOutcome& outcome = found->second;
    if (outcome.problem == ImportOutcome::Problem::Cycle) {
        report(DiagCode::E0110, path.range, {outcome.detail});
        return;
    }
    if (outcome.problem == ImportOutcome::Problem::Missing || !outcome.summary) {
        report(DiagCode::E0109, path.range, {module, outcome.detail});
        return;
    }
    const ModuleSummary& summary = *outcome.summary;
    if (!summary.cycle.empty()) report(DiagCode::E0110, path.range, {summary.cycle});
    else if (summary.errors)
        report(DiagCode::E0111, path.range,
               {module, std::to_string(summary.errors) + (summary.errors == 1 ? " error" : " errors"), summary.file});
    auto index = std::find(result_.modules.begin(), result_.modules.end(), summary.file);
    if (index == result_.modules.end()) index = result_.modules.insert(index, summary.file);
    auto module_index = static_cast<uint16_t>(index - result_.modules.begin() + 1);
    module_prefixes_.emplace(summary.file, module);
    module_bindings_.emplace(import.alias ? import.alias->text : module, found->second.summary);
    add_module(summary, module, module_index);
    if (!import.from) {
        std::string prefix = (import.alias ? import.alias->text : module) + ".";
        for (const ExportedDim& d : summary.dims)
            if (exported_name(d.name)) import_name(summary, module, d.name, prefix + d.name, module_index, {});
        for (const ExportedRecord& r : summary.records)
            if (exported_name(r.name)) import_name(summary, module, r.name, prefix + r.name, module_index, {});
        for (const ExportedFunction& f : summary.functions)
            if (exported_name(f.name)) import_name(summary, module, f.name, prefix + f.name, module_index, {});
        return;
    }
    for (const ast::ImportedName& taken : import.names) {
        if (taken.name.missing) continue;
        const std::string& name = taken.name.text;
        if (!has_name(summary, name)) {
            report(DiagCode::E0112, taken.name.range, {module, name, missing_name_note(summary, name)});
            continue;
        }
        const ast::Name& local = taken.alias && !taken.alias->missing ? *taken.alias : taken.name;
        if (auto existing = items_.find(local.text); existing != items_.end()) {
            const SymbolFact& first = result_.symbols[existing->second.fact];
            report(DiagCode::E0101, local.range, {local.text, std::string(kind_phrase(first.kind))},
                   first.module
                       ? std::vector<RelatedInfo>{}
                       : std::vector<RelatedInfo>{{first.definition, "`" + local.text + "` is first defined here"}});
            continue;
        }
        import_name(summary, module, name, local.text, module_index, taken.name.range);
        if (taken.alias && !taken.alias->missing) reference(items_.at(local.text), taken.alias->range);
    }
}

bool FileChecker::has_name(const ModuleSummary& summary, const std::string& name) {
    if (!exported_name(name)) return false;
    auto named = [&](const auto& list) {
        return std::any_of(list.begin(), list.end(), [&](const auto& x) { return x.name == name; });
    };
    return named(summary.dims) || named(summary.records) || named(summary.functions);
}

// After "module `layers` has no `X`": why, or the name meant.
std::string FileChecker::missing_name_note(const ModuleSummary& summary, const std::string& name) {
    if (std::find(summary.all_names.begin(), summary.all_names.end(), name) != summary.all_names.end())
        return exported_name(name) ? ": its definition there has errors"
                                   : ": a name starting with `_` is private to its file";
    std::vector<std::string> names;
    for (const std::string& n : summary.all_names)
        if (exported_name(n)) names.push_back(n);
    return did_you_mean(name, names);
}

// Every record and dim of a module, under its keys here, once per module:
// the types of its signatures may name any of them, imported or not.
void FileChecker::add_module(const ModuleSummary& summary, const std::string& module, uint16_t module_index) {
    if (!added_modules_.insert(summary.file).second) return;
    Renamer rename(summary, module, module_prefixes_);
    // The modules it imports first, under the prefixes its types are renamed by.
    for (const auto& [path, imported] : summary.imported) {
        if (!imported) continue;
        std::string prefix = module_prefixes_.emplace(imported->file, module + "." + path).first->second;
        auto index = std::find(result_.modules.begin(), result_.modules.end(), imported->file);
        if (index == result_.modules.end()) index = result_.modules.insert(index, imported->file);
        add_module(*imported, prefix, static_cast<uint16_t>(index - result_.modules.begin() + 1));
    }
    for (const ExportedDim& d : summary.dims)
        imported_dims_.emplace(rename.key(d.name), ImportedDim{rename.key(d.identity), d.value});
    for (const ExportedRecord& r : summary.records) {
        std::string key = rename.key(r.name);
        if (record_fields_.count(key)) continue;
        imported_.emplace(key, ImportedName{module, r.name, r.model ? SymbolKind::Model : SymbolKind::Data});
        auto& fields = record_fields_[key];
        for (const ExportedField& f : r.fields) {
            Type type = f.type;
            rename.type(type);
            field_facts_[key][f.name] = result_.symbols.size();
            imported_facts_.emplace(result_.symbols.size(), ImportedName{module, r.name, SymbolKind::Field});
            SymbolFact& fact = result_.symbols.emplace_back();
            fact.name = f.name;
            fact.kind = SymbolKind::Field;
            fact.definition = f.definition;
            fact.type = fact_type(type, types());
            fact.owner = key;
            fact.module = module_index;
            fields.emplace(f.name, std::move(type));
        }
    }
}

// One name of a module, as `local` here: its fact (defined in the module's
// file), and what the checker's tables need of it.
void FileChecker::import_name(const ModuleSummary& summary, const std::string& module, const std::string& name,
                              const std::string& local, uint16_t module_index, ByteRange used_at) {
    if (items_.count(local)) return;  // `import layers` twice: the same names
    Renamer rename(summary, module, module_prefixes_);
    std::string key = rename.key(name);
    auto add_fact = [&](SymbolKind kind, ByteRange definition) -> SymbolFact& {
        SymbolFact& fact = result_.symbols.emplace_back();
        fact.name = local;
        fact.kind = kind;
        fact.definition = definition;
        fact.module = module_index;
        items_[local] = ItemRef{kind, nullptr, result_.symbols.size() - 1, key};
        imported_facts_.emplace(result_.symbols.size() - 1, ImportedName{module, name, kind});
        if (!used_at.empty()) reference_fact(result_.symbols.size() - 1, used_at);
        imported_.emplace(local, ImportedName{module, name, kind});
        return fact;
    };
    for (const ExportedDim& d : summary.dims)
        if (d.name == name) {
            SymbolFact& fact = add_fact(SymbolKind::Dim, d.definition);
            fact.written = d.written;
            fact.dim_value = d.value;
            dim_values_[local] = d.value;
            dim_state_[local] = DimState::Done;
            imported_dims_.emplace(local, ImportedDim{rename.key(d.identity), d.value});
            return;
        }
    for (const ExportedRecord& r : summary.records)
        if (r.name == name) {
            add_fact(r.model ? SymbolKind::Model : SymbolKind::Data, r.definition);
            return;
        }
    for (const ExportedFunction& f : summary.functions) {
        if (f.name != name) continue;
        SymbolFact& fact = add_fact(f.is_extern ? SymbolKind::ExternFunction : SymbolKind::Function, f.definition);
        fact.exported = f.exported;
        fact.written = f.target;
        Signature sig = f.signature;
        // Its size symbols made again in this file's table, one per symbol.
        std::map<SymbolId, SymbolId> made;
        auto fresh = [&](SymbolId id) -> std::optional<Size> {
            auto [at, is_new] = made.emplace(id, 0);
            if (is_new) at->second = new_symbol(id < summary.symbol_names.size() ? summary.symbol_names[id] : "?");
            return Size::symbol(at->second);
        };
        for (auto& [axis, id] : sig.scope.generics) id = fresh(id)->as_symbol().value_or(id);
        for (ParamSig& p : sig.params) {
            rename.type(p.type);
            renumber(p.type, fresh);
            p.range = {};
            p.fact = SIZE_MAX;
        }
        if (sig.returns) {
            rename.type(*sig.returns);
            renumber(*sig.returns, fresh);
        }
        // Its signature as this file names things, for hovers (describe.hpp).
        if (!f.is_extern) {
            std::string text = local + "(";
            for (size_t i = 0; i < sig.params.size(); ++i)
                text += (i ? ", " : "") + std::string(sig.params[i].is_mut ? "mut " : "") + sig.params[i].name + ": " +
                        describe(sig.params[i].type);
            fact.written = text + ")" + (sig.returns ? " -> " + describe(*sig.returns) : "");
        }
        sig.scope.axis_facts.clear();
        sig.scope.owner = "`" + local + "`";
        sig.scope.function = local;
        sig.name_range = {};
        if (f.inferred) {
            Type inferred = *f.inferred;
            rename.type(inferred);
            renumber(inferred, fresh);
            fact.type = fact_type(inferred, types());
        }
        signatures_.emplace(local, std::move(sig));
        return;
    }
}

// One spelling per imported dim: the name a `from` import gives it, else
// the qualified name this file can write, else its key; and every imported
// type written with it.
void FileChecker::settle_axis_spellings() {
    if (imported_dims_.empty()) return;
    std::map<std::string, std::string> by_identity;
    auto prefer = [&](bool wanted) {
        for (const auto& [key, dim] : imported_dims_) {
            bool plain = key.find('.') == std::string::npos;
            if (plain == wanted && items_.count(key)) by_identity.emplace(dim.identity, key);
        }
    };
    prefer(true);
    prefer(false);
    for (const auto& [key, dim] : imported_dims_) {
        auto spelling = by_identity.find(dim.identity);
        axis_spellings_[key] = spelling == by_identity.end() ? dim.identity : spelling->second;
    }
    for (const auto& [local, name] : imported_)
        if (auto sig = signatures_.find(local); sig != signatures_.end()) {
            for (ParamSig& p : sig->second.params) spell_axes(p.type);
            if (sig->second.returns) spell_axes(*sig->second.returns);
        }
    for (auto& [record, fields] : record_fields_)
        if (record.find('.') != std::string::npos)
            for (auto& [field, type] : fields) spell_axes(type);
}

void FileChecker::spell_axes(Type& t) const {
    for (Type& e : t.elements) spell_axes(e);
    for (AxisType& a : t.tensor.axes) {
        if (a.name && !a.variadic) {
            if (a.written == *a.name) a.written = axis_spelling(*a.name);
            a.name = axis_spelling(*a.name);
        }
        if (a.dim) a.dim = axis_spelling(*a.dim);
        for (std::string& f : a.factors) f = axis_spelling(f);
    }
    Element& e = t.tensor.element;
    if (!e.over.empty()) e.over = axis_spelling(e.over);
    if (!e.bound_written.empty()) e.bound_written = axis_spelling(e.bound_written);
}

std::map<std::string, std::set<std::string>> FileChecker::used_imports(const CheckResult& result) const {
    std::map<std::string, std::set<std::string>> out;
    for (const auto& [fact, name] : imported_facts_)
        if (fact < result.symbols.size() && !result.symbols[fact].references.empty())
            out[name.module].insert(name.name);
    return out;
}

std::optional<ast::Name> FileChecker::module_member(const ast::Expr& expr) const {
    if (!std::holds_alternative<ast::Attribute>(expr.node)) return std::nullopt;
    std::vector<const ast::Name*> parts;
    const ast::Expr* at = &expr;
    while (auto* a = std::get_if<ast::Attribute>(&at->node)) {
        parts.push_back(&a->attribute);
        at = a->object.get();
    }
    auto* root = std::get_if<ast::NameExpr>(&at->node);
    if (!root || root->name.missing) return std::nullopt;
    if (body_ && (body_->locals.count(root->name.text) || body_->scope.generics.count(root->name.text)))
        return std::nullopt;
    const ItemRef* bound = lookup(root->name.text);
    if (!bound || bound->kind != SymbolKind::Module) return std::nullopt;
    ast::Name member;
    member.text = root->name.text;
    for (auto part = parts.rbegin(); part != parts.rend(); ++part) {
        if ((*part)->missing) return std::nullopt;
        member.text += "." + (*part)->text;
    }
    member.range = parts.front()->range;
    member.qualifier = {root->name.range.begin, root->name.range.end};
    return member;
}

const ItemRef* FileChecker::lookup_member(const ast::Name& member) {
    // The module binding is used too: `layers` in `layers.block`.
    std::string root = member.text.substr(0, member.text.find('.'));
    if (const ItemRef* bound = lookup(root); bound && bound->kind == SymbolKind::Module && !member.qualifier.empty())
        reference(*bound, {member.qualifier.begin, member.qualifier.begin + static_cast<uint32_t>(root.size())});
    if (const ItemRef* item = lookup(member.text)) {
        reference(*item, member.range);
        return item;
    }
    // Which import it is of: the longest path bound that the name starts with.
    const ModuleSummary* summary = nullptr;
    std::string module;
    for (const auto& [prefix, s] : module_bindings_)
        if (member.text.size() > prefix.size() && member.text.compare(0, prefix.size(), prefix) == 0 &&
            member.text[prefix.size()] == '.' && prefix.size() >= module.size())
            summary = s.get(), module = prefix;
    if (summary) {
        std::string name = member.text.substr(module.size() + 1);
        report(DiagCode::E0112, member.range, {module, name, missing_name_note(*summary, name)});
    }
    return nullptr;
}

}  // namespace ss::check
