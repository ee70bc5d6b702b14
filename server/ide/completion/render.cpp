// Completion's entries (render.hpp).
#include "ide/completion/render.hpp"

#include <algorithm>
#include <cctype>
#include <variant>

#include "ide/builtin_docs.hpp"
#include "ide/function_label.hpp"

namespace ss::ide::completion {

namespace {

std::string function_doc(const CompletionContext& ctx, const ast::Item& item) {
    return doc_comment_above(ctx.s.text, item.range.begin);
}

std::string record_doc(const CompletionContext& ctx, const ast::Item& item) {
    std::string doc = doc_comment_above(ctx.s.text, item.range.begin);
    bool is_model = std::holds_alternative<ast::ModelDef>(item.node);
    const auto& name =
        is_model ? std::get<ast::ModelDef>(item.node).name.text : std::get<ast::DataDef>(item.node).name.text;
    std::string code = "```shapescript\n" + std::string(is_model ? "model " : "data ") + name + ":\n";
    for (const ast::Field& f : *CompletionContext::fields_of(item))
        code += "    " + f.name.text + ": " + (f.type ? ctx.slice(f.type->range) : "?") +
                (f.initializer ? " = " + ctx.slice(f.initializer->range) : "") + "\n";
    code += "```";
    return doc.empty() ? code : doc + "\n\n" + code;
}

}  // namespace

bool Completions::matches(std::string_view label) const {
    if (prefix_.size() > label.size()) return false;
    for (size_t i = 0; i < prefix_.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(prefix_[i])) != std::tolower(static_cast<unsigned char>(label[i])))
            return false;
    return true;
}

std::string Completions::entry_key(const std::string& label, CompletionKind kind) {
    return label + "\x1f" + std::to_string(static_cast<int>(kind == CompletionKind::Snippet));
}

bool Completions::add(int group, std::string label, CompletionKind kind, std::string detail, std::string doc,
                      std::string insert, bool snippet) {
    if (label.empty() || !matches(label)) return false;
    std::string key = entry_key(label, kind);
    if (!seen_.insert(key).second) return false;
    CompletionEntry e;
    e.kind = kind;
    e.detail = std::move(detail);
    e.documentation = std::move(doc);
    e.insert_text = insert.empty() ? label : std::move(insert);
    e.is_snippet = snippet;
    e.sort_text = std::to_string(group) + label;
    e.label = std::move(label);
    out_.push_back(std::move(e));
    return true;
}

void Completions::add_lazy(int group, const std::string& label, CompletionKind kind,
                           std::function<void(CompletionEntry&)> fill) {
    if (add(group, label, kind)) fills_[entry_key(label, kind)] = std::move(fill);
}

void Completions::add_keywords(int group, syntax::KeywordRole role) {
    for (const syntax::Keyword& k : syntax::kKeywords)
        if (k.role == role) add(group, std::string(k.text), CompletionKind::Keyword);
}

std::vector<CompletionEntry> Completions::finish() {
    std::sort(out_.begin(), out_.end(),
              [](const CompletionEntry& a, const CompletionEntry& b) { return a.sort_text < b.sort_text; });
    if (out_.size() > kMaxCompletions) out_.resize(kMaxCompletions);
    for (CompletionEntry& e : out_)
        if (auto fill = fills_.find(entry_key(e.label, e.kind)); fill != fills_.end()) fill->second(e);
    return std::move(out_);
}

void add_fields(Completions& acc, const CompletionContext& ctx, const ast::Item& rec, bool batch, bool is_model) {
    const std::string owner =
        is_model ? std::get<ast::ModelDef>(rec.node).name.text : std::get<ast::DataDef>(rec.node).name.text;
    for (const ast::Field& f : *CompletionContext::fields_of(rec)) {
        if (f.name.missing) continue;
        std::string doc = doc_comment_above(ctx.s.text, f.range.begin);
        if (f.initializer) {
            std::string init = "Initialised by `" + ctx.slice(f.initializer->range) + "`.";
            doc = doc.empty() ? init : doc + "\n\n" + init;
        }
        std::string detail = ctx.field_type(f, batch);
        acc.add(0, f.name.text, CompletionKind::Field, detail,
                (batch ? "A field of `Batch[" + owner + "]`" : "A field of `" + owner + "`") +
                    (doc.empty() ? "" : ". " + doc));
    }
}

void add_dims(Completions& acc, const CompletionContext& ctx, int group, std::string_view except) {
    for (const check::SymbolFact& f : ctx.facts().symbols)
        if (f.kind == check::SymbolKind::Dim && f.name != except)
            acc.add(group, f.name, CompletionKind::Dim, check::describe(f));
}

void add_items(Completions& acc, const CompletionContext& ctx, int group, bool callable_only) {
    for (const check::SymbolFact& f : ctx.facts().symbols) {
        if (!acc.matches(f.name)) continue;
        if (callable_only && f.kind != check::SymbolKind::Function && f.kind != check::SymbolKind::ExternFunction &&
            f.kind != check::SymbolKind::PythonModule)
            continue;
        switch (f.kind) {
            case check::SymbolKind::Dim: acc.add(group, f.name, CompletionKind::Dim, check::describe(f)); break;
            case check::SymbolKind::Model:
            case check::SymbolKind::Data:
                acc.add_lazy(group, f.name,
                             f.kind == check::SymbolKind::Model ? CompletionKind::Model : CompletionKind::Data,
                             [&ctx, &f](CompletionEntry& e) {
                                 const ast::Item* rec = ctx.record(f.name);
                                 e.detail = check::describe(f);
                                 e.documentation = rec ? record_doc(ctx, *rec) : "";
                             });
                break;
            case check::SymbolKind::Function:
            case check::SymbolKind::ExternFunction:
                acc.add_lazy(group, f.name, CompletionKind::Function, [&ctx, &f](CompletionEntry& e) {
                    const ast::Item* item = ctx.function(f.name);
                    std::string detail = check::describe(f);
                    if (item) {
                        detail = function_label(ctx.s, *item).label;
                        auto* fn = std::get_if<ast::FnDef>(&item->node);
                        if (fn && !fn->return_type && f.type)
                            detail += " -> " + check::describe(*f.type) + " (inferred)";
                        detail = (fn ? (fn->exported ? "export fn " : "fn ") : "extern fn ") + detail;
                    }
                    e.detail = std::move(detail);
                    e.documentation = item ? function_doc(ctx, *item) : "";
                });
                break;
            case check::SymbolKind::PythonModule:
                acc.add(group, f.name, CompletionKind::Module, check::describe(f));
                break;
            default: break;
        }
    }
    std::unordered_set<std::string> defined;
    for (const check::SymbolFact& f : ctx.facts().symbols)
        if (f.kind == check::SymbolKind::Dim || f.kind == check::SymbolKind::Model ||
            f.kind == check::SymbolKind::Data || f.kind == check::SymbolKind::Function ||
            f.kind == check::SymbolKind::ExternFunction || f.kind == check::SymbolKind::PythonModule)
            defined.insert(f.name);  // the file's items
    for (const BuiltinDoc& d : builtin_docs())
        if (!defined.count(d.name) && !ctx.local(d.name) && (d.is_call || !callable_only))
            acc.add(group + 1, d.name, CompletionKind::Function, d.signature, d.doc);
    for (const BuiltinDoc& d : pattern_function_docs())
        acc.add(group + 1, d.name, CompletionKind::Function, d.signature, d.doc);
}

}  // namespace ss::ide::completion
