// A file's summary for its importers (module_summary.hpp), made from its
// checker's environment and last result, and the key importers' caches use.
#include "check/module_summary.hpp"

#include <algorithm>
#include <set>

namespace ss::check {

namespace {

// Everything about a type but positions, as text: what the key hashes.
void write_type(std::string& out, const Type& t, const std::vector<std::string>& symbols) {
    out += std::to_string(static_cast<int>(t.kind)) + "<" + t.ref;
    for (const Type& e : t.elements) write_type(out, e, symbols);
    for (const AxisType& a : t.tensor.axes) {
        out += "|" + a.name.value_or("") + ":" +
               a.size.to_string([&](SymbolId id) { return id < symbols.size() ? symbols[id] : "?"; }) + ":" +
               a.written + (a.variadic ? ":.." : ":") + a.dim.value_or("");
        for (const std::string& f : a.factors) out += "," + f;
    }
    const Element& e = t.tensor.element;
    out += "/" + std::to_string(static_cast<int>(e.kind)) + e.bound_written + ":" + e.over + (e.written ? "w" : "");
    if (e.index_bound)
        out += e.index_bound->to_string([&](SymbolId id) { return id < symbols.size() ? symbols[id] : "?"; });
    out += ">";
}

std::string hash_text(const std::string& all) {
    return std::to_string(std::hash<std::string>{}(all)) + ":" + std::to_string(all.size());
}

}  // namespace

std::string summary_key(const ModuleSummary& s) { return s.key; }

size_t summary_errors(const ModuleSummary& s) { return s.errors; }

std::string summary_facts_key(const ModuleSummary& s) { return s.facts ? s.facts->key : ""; }

std::shared_ptr<ModuleSummary> FileChecker::summary(const std::string& file, const CheckResult& result) const {
    auto s = std::make_shared<ModuleSummary>();
    s->file = file;
    s->symbol_names = environment_symbol_names_;
    s->facts = std::make_shared<ModuleFacts>();
    s->facts->program = std::make_shared<const ProgramFacts>(result.program);
    for (const ast::Item& item : items())
        if (auto* imp = std::get_if<ast::ImportModule>(&item.node))
            if (auto found = imports_.find(imp->module.text); found != imports_.end() && !found->second.file.empty()) {
                s->modules.emplace(imp->module.text, found->second.file);
                if (found->second.summary) s->imported.emplace(imp->module.text, found->second.summary);
            }
    std::vector<std::pair<std::string, const ItemRef*>> own;
    for (const auto& [name, ref] : items_)
        if (ref.item) own.emplace_back(name, &ref);
    std::sort(own.begin(), own.end());  // the key must not depend on hashing
    for (const auto& [name, ref] : own) {
        if (ref->kind == SymbolKind::Module || ref->kind == SymbolKind::PythonModule) continue;
        s->all_names.push_back(name);
        const SymbolFact& fact = result.symbols.at(ref->fact);
        switch (ref->kind) {
            case SymbolKind::Dim: {
                auto value = dim_values_.find(name);
                if (value == dim_values_.end()) break;  // in error: reported in its file
                std::string identity = dim_named(name, Size::constant(value->second)).value_or(name);
                s->dims.push_back({name, value->second, identity, fact.written, fact.definition});
                break;
            }
            case SymbolKind::Model:
            case SymbolKind::Data: {
                ExportedRecord r{name, ref->kind == SymbolKind::Model, {}, fact.definition};
                auto fields = record_fields_.find(name);
                auto facts = field_facts_.find(name);
                if (fields != record_fields_.end())
                    for (const auto& [field, type] : fields->second) {
                        ByteRange at;
                        if (facts != field_facts_.end())
                            if (auto f = facts->second.find(field); f != facts->second.end())
                                at = result.symbols.at(f->second).definition;
                        r.fields.push_back({field, type, at});
                    }
                std::sort(r.fields.begin(), r.fields.end(), [](const ExportedField& a, const ExportedField& b) {
                    return a.definition.begin < b.definition.begin;
                });
                s->records.push_back(std::move(r));
                break;
            }
            case SymbolKind::Function:
            case SymbolKind::ExternFunction: {
                auto sig = signatures_.find(name);
                if (sig == signatures_.end()) break;
                bool is_extern = ref->kind == SymbolKind::ExternFunction;
                s->functions.push_back({name, sig->second, is_extern, fact.exported, is_extern ? fact.written : "",
                                        sig->second.returns ? nullptr : fact.type, fact.definition});
                break;
            }
            default: break;
        }
    }
    // Each name's part of the text below, and which of the file's records and
    // dims its types name, for its own key.
    std::map<std::string, std::string> part;
    std::map<std::string, std::set<std::string>> names_in;
    auto mentions = [&](const std::string& name, const Type& type) {
        auto walk = [&](auto& self, const Type& t) -> void {
            if (!t.ref.empty()) names_in[name].insert(t.ref);
            for (const Type& e : t.elements) self(self, e);
            for (const AxisType& a : t.tensor.axes) {
                if (a.name) names_in[name].insert(*a.name);
                if (a.dim) names_in[name].insert(*a.dim);
            }
            if (!t.tensor.element.over.empty()) names_in[name].insert(t.tensor.element.over);
            if (!t.tensor.element.bound_written.empty()) names_in[name].insert(t.tensor.element.bound_written);
        };
        walk(walk, type);
    };
    std::string all = "shapescript-summary-1\n";
    for (const auto& [path, f] : s->modules) all += "m " + path + "=" + f + "\n";
    for (const ExportedDim& d : s->dims) {
        std::string& text = part[d.name];
        text = "d " + d.name + "=" + std::to_string(d.value) + " " + d.identity + " " + d.written + "\n";
        names_in[d.name].insert(d.identity);
        all += text;
    }
    for (const ExportedRecord& r : s->records) {
        std::string& text = part[r.name];
        text = std::string(r.model ? "model " : "data ") + r.name;
        for (const ExportedField& f : r.fields) {
            text += " " + f.name + ":";
            write_type(text, f.type, s->symbol_names);
            mentions(r.name, f.type);
        }
        text += "\n";
        all += text;
    }
    for (const ExportedFunction& f : s->functions) {
        std::string& text = part[f.name];
        text = (f.is_extern ? "extern " : f.exported ? "export " : "fn ") + f.name + "=" + f.target + "(";
        for (const ParamSig& p : f.signature.params) {
            text += p.name + (p.is_mut ? " mut" : "") + (p.has_default ? " =" : "") + ":";
            write_type(text, p.type, s->symbol_names);
            mentions(f.name, p.type);
        }
        text += ")";
        if (f.signature.returns) {
            write_type(text, *f.signature.returns, s->symbol_names);
            mentions(f.name, *f.signature.returns);
        }
        if (f.inferred) {
            write_type(text, *f.inferred, s->symbol_names);
            mentions(f.name, *f.inferred);
        }
        text += f.signature.gives_nothing ? " none\n" : "\n";
        all += text;
    }
    std::string module = "m";
    for (const auto& [path, f] : s->modules) module += path + "=" + f + ";";
    for (const std::string& n : s->all_names) module += n + ",";
    all += module;
    s->module_key = hash_text(module);
    // A name's key: its part and those of the file's records and dims it
    // names, through records' fields too.
    for (const auto& [name, text] : part) {
        std::set<std::string> reached{name};
        std::vector<std::string> work{name};
        while (!work.empty()) {
            std::string at = work.back();
            work.pop_back();
            for (const std::string& next : names_in[at])
                if (part.count(next) && reached.insert(next).second) work.push_back(next);
        }
        std::string whole;
        for (const std::string& n : reached) {
            whole += part[n];
            // A name of an imported module its types name: that name's key there.
            for (const std::string& other : names_in[n])
                for (const auto& [path, summary] : s->imported)
                    if (other.size() > path.size() + 1 && other.compare(0, path.size(), path) == 0 &&
                        other[path.size()] == '.')
                        if (auto key = summary->name_keys.find(other.substr(path.size() + 1));
                            key != summary->name_keys.end())
                            whole += other + "=" + key->second + "\n";
        }
        s->name_keys[name] = hash_text(whole);
        all += "k " + name + "=" + s->name_keys[name] + "\n";  // with what it names of imported modules
    }
    s->key = hash_text(all);
    return s;
}

}  // namespace ss::check
