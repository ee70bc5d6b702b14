#include "ide/symbols.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "check/describe.hpp"
#include "syntax/walk.hpp"

namespace ss::ide {

namespace {

class Outline {
public:
    explicit Outline(const Snapshot& s) : s_(s) {
        for (const check::SymbolFact& f : s.result.check.symbols) {
            if (f.kind == check::SymbolKind::Local) facts_.emplace(f.definition.begin, &f);
            if (f.kind == check::SymbolKind::Axis) axes_.push_back(&f);
        }
        std::stable_sort(axes_.begin(), axes_.end(), [](const check::SymbolFact* a, const check::SymbolFact* b) {
            return a->definition.begin < b->definition.begin;
        });
    }

    std::vector<DocumentSymbol> run() {
        std::vector<DocumentSymbol> out;
        for (const ast::Item* item : s_.result.items) {
            DocumentSymbol sym;
            if (!item_symbol(*item, sym)) continue;
            fit(sym, {0, static_cast<uint32_t>(s_.text.size())});
            out.push_back(std::move(sym));
        }
        return out;
    }

private:
    // The source text of `r`, on one line: runs of space and line breaks
    // become one space, and a long text is cut.
    std::string written(ByteRange r) const {
        std::string out;
        if (r.begin >= s_.text.size() || r.end <= r.begin) return out;
        std::string_view t = s_.text.substr(r.begin, std::min<size_t>(r.end, s_.text.size()) - r.begin);
        bool space = false;
        for (char c : t) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                space = true;
                continue;
            }
            if (space && !out.empty()) out += ' ';
            space = false;
            out += c;
            if (out.size() > 120) {
                out += "...";
                break;
            }
        }
        return out;
    }

    // `r` without the space and line breaks it ends with.
    ByteRange trimmed(ByteRange r) const {
        uint32_t end = std::min<uint32_t>(r.end, static_cast<uint32_t>(s_.text.size()));
        while (end > r.begin && (s_.text[end - 1] == ' ' || s_.text[end - 1] == '\t' || s_.text[end - 1] == '\n' ||
                                 s_.text[end - 1] == '\r' || s_.text[end - 1] == '\f'))
            --end;
        return {std::min(r.begin, end), end};
    }

    std::string signature(const std::vector<ast::Param>& params, const ast::TypePtr& returns) const {
        std::string out = "(";
        for (size_t i = 0; i < params.size(); ++i) out += (i ? ", " : "") + written(params[i].range);
        out += ")";
        if (returns) out += " -> " + written(returns->range);
        return out;
    }

    DocumentSymbol param_symbol(const ast::Param& p) const {
        std::string detail = p.is_mut ? "mut " : "";
        if (p.type) detail += written(p.type->range);
        if (p.default_value) detail += (p.type ? " = " : "= ") + written(p.default_value->range);
        return {p.name.text, detail, SymbolKind::Variable, p.range, p.name.range, {}};
    }

    // The generic axes a signature defines (the checker's facts), inside [begin, end).
    void axes(uint32_t begin, uint32_t end, std::vector<DocumentSymbol>& out) const {
        auto it = std::lower_bound(axes_.begin(), axes_.end(), begin,
                                   [](const check::SymbolFact* f, uint32_t at) { return f->definition.begin < at; });
        for (; it != axes_.end() && (*it)->definition.begin < end; ++it)
            if ((*it)->definition.end <= end)
                out.push_back(
                    {(*it)->name, "axis", SymbolKind::TypeParameter, (*it)->definition, (*it)->definition, {}});
    }

    // Locals and loop variables of a body, each name once (its first
    // assignment), in source order; parameters rebound are not locals.
    void locals(const ast::Block& body, const std::unordered_set<std::string>& params,
                std::vector<DocumentSymbol>& out) const {
        std::unordered_set<std::string> seen;
        auto add = [&](const ast::Name& n, ByteRange range) {
            if (n.missing || n.text.empty() || params.count(n.text) || !seen.insert(n.text).second) return;
            std::string detail;
            if (auto it = facts_.find(n.range.begin); it != facts_.end() && it->second->type)
                detail = check::describe(*it->second->type);
            out.push_back({n.text, detail, SymbolKind::Variable, range, n.range, {}});
        };
        // Depth first, in source order.
        syntax::for_each_statement(body, [&](const ast::Stmt& s) {
            if (auto* a = std::get_if<ast::Assign>(&s.node)) {
                for (const ast::ExprPtr& t : a->targets)
                    if (t)
                        if (auto* n = std::get_if<ast::NameExpr>(&t->node)) add(n->name, s.range);
            } else if (auto* f = std::get_if<ast::For>(&s.node)) {
                ByteRange header{s.range.begin, f->iterable ? f->iterable->range.end : s.range.begin};
                for (const ast::Name& n : f->targets) add(n, header);
            }
        });
    }

    bool item_symbol(const ast::Item& item, DocumentSymbol& sym) const {
        sym.range = trimmed(item.range);
        if (auto* dim = std::get_if<ast::DimDecl>(&item.node)) {
            if (dim->name.missing) return false;
            sym = {dim->name.text,       "= " + written(dim->value->range),
                   SymbolKind::Constant, sym.range,
                   dim->name.range,      {}};
        } else if (auto* imp = std::get_if<ast::ImportPython>(&item.node)) {
            if (imp->module.text.empty()) return false;
            sym = {imp->module.text,   imp->alias ? "as " + imp->alias->text : "",
                   SymbolKind::Module, sym.range,
                   imp->module.range,  {}};
        } else if (auto* ext = std::get_if<ast::ExternFn>(&item.node)) {
            if (ext->name.missing) return false;
            sym = {ext->name.text,       signature(ext->params, ext->return_type) + " = " + ext->target.text,
                   SymbolKind::Function, sym.range,
                   ext->name.range,      {}};
            axes(item.range.begin, item.range.end, sym.children);
            for (const ast::Param& p : ext->params)
                if (!p.name.missing) sym.children.push_back(param_symbol(p));
        } else if (auto* fn = std::get_if<ast::FnDef>(&item.node)) {
            if (fn->name.missing) return false;
            sym = {fn->name.text,        (fn->exported ? "export " : "") + signature(fn->params, fn->return_type),
                   SymbolKind::Function, sym.range,
                   fn->name.range,       {}};
            axes(item.range.begin, fn->body.range.begin, sym.children);
            std::unordered_set<std::string> params;
            for (const ast::Param& p : fn->params)
                if (!p.name.missing) {
                    sym.children.push_back(param_symbol(p));
                    params.insert(p.name.text);
                }
            locals(fn->body, params, sym.children);
        } else if (auto* model = std::get_if<ast::ModelDef>(&item.node)) {
            if (model->name.missing) return false;
            sym = {model->name.text, "model", SymbolKind::Class, sym.range, model->name.range, {}};
            fields(model->fields, sym.children);
        } else if (auto* data = std::get_if<ast::DataDef>(&item.node)) {
            if (data->name.missing) return false;
            sym = {data->name.text, "data", SymbolKind::Struct, sym.range, data->name.range, {}};
            fields(data->fields, sym.children);
        } else {
            return false;  // `devices`, an error
        }
        std::stable_sort(sym.children.begin(), sym.children.end(),
                         [](const DocumentSymbol& a, const DocumentSymbol& b) {
                             return a.selection.begin < b.selection.begin;
                         });
        return true;
    }

    void fields(const std::vector<ast::Field>& fields, std::vector<DocumentSymbol>& out) const {
        for (const ast::Field& f : fields) {
            if (f.name.missing) continue;
            std::string detail = f.type ? written(f.type->range) : "";
            if (f.initializer) detail += " = " + written(f.initializer->range);
            out.push_back({f.name.text, detail, SymbolKind::Field, trimmed(f.range), f.name.range, {}});
        }
    }

    // Makes `sym` keep the rules: its range inside `outer` and holding its
    // selection, and so on for its children.
    void fit(DocumentSymbol& sym, ByteRange outer) const {
        auto clamp = [&](ByteRange& r) {
            r.begin = std::clamp(r.begin, outer.begin, outer.end);
            r.end = std::clamp(r.end, r.begin, outer.end);
        };
        clamp(sym.range);
        clamp(sym.selection);
        sym.range.begin = std::min(sym.range.begin, sym.selection.begin);
        sym.range.end = std::max(sym.range.end, sym.selection.end);
        for (DocumentSymbol& c : sym.children) fit(c, sym.range);
    }

    const Snapshot& s_;
    std::unordered_map<uint32_t, const check::SymbolFact*> facts_;  // locals, by definition's start
    std::vector<const check::SymbolFact*> axes_;                    // generic axes, by definition's start
};

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// 0 equal, 1 prefix, 2 substring, 3 subsequence (all ignoring ASCII case);
// -1 no match.
int match_rank(std::string_view name, std::string_view query) {
    if (query.empty()) return 0;
    std::string n, q;
    for (char c : name) n += lower(c);
    for (char c : query) q += lower(c);
    if (n == q) return 0;
    if (n.compare(0, q.size(), q) == 0) return 1;
    if (n.find(q) != std::string::npos) return 2;
    size_t at = 0;
    for (char c : n)
        if (at < q.size() && c == q[at]) ++at;
    return at == q.size() ? 3 : -1;
}

}  // namespace

std::vector<DocumentSymbol> document_symbols(const Snapshot& snapshot) { return Outline(snapshot).run(); }

std::vector<SymbolMatch> workspace_symbols(const Snapshot& snapshot, std::string_view query) {
    std::vector<SymbolMatch> out;
    auto consider = [&](const DocumentSymbol& s, const std::string& container) {
        int rank = match_rank(s.name, query);
        if (rank >= 0) out.push_back({s.name, container, s.kind, s.range, s.selection, static_cast<uint32_t>(rank)});
    };
    for (const DocumentSymbol& item : document_symbols(snapshot)) {
        consider(item, "");
        if (item.kind == SymbolKind::Class || item.kind == SymbolKind::Struct)
            for (const DocumentSymbol& field : item.children) consider(field, item.name);
    }
    std::stable_sort(out.begin(), out.end(), [](const SymbolMatch& a, const SymbolMatch& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.selection.begin < b.selection.begin;
    });
    return out;
}

}  // namespace ss::ide
