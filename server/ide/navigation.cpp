#include "ide/navigation.hpp"

#include <algorithm>
#include <set>

#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/prelude.hpp"
#include "syntax/identifier.hpp"
#include "syntax/keywords.hpp"
#include "syntax/node_kinds.hpp"

namespace ss::ide {

namespace {

using check::SymbolFact;
using check::SymbolKind;

bool touches(ByteRange r, uint32_t offset) { return r.begin <= offset && offset <= r.end && r.begin < r.end; }
bool strictly_inside(ByteRange r, uint32_t offset) { return r.begin <= offset && offset < r.end; }
bool contains(ByteRange outer, ByteRange inner) { return outer.begin <= inner.begin && inner.end <= outer.end; }

// Function-scoped kinds: their facts group by name within one function.
bool function_scoped(SymbolKind k) {
    return k == SymbolKind::Parameter || k == SymbolKind::Local || k == SymbolKind::Axis;
}

// Facts of one symbol have one kind, but a parameter and a local of its name
// (`for x in ...` over a parameter `x`) are one variable.
bool same_symbol_kind(SymbolKind a, SymbolKind b) {
    auto variable = [](SymbolKind k) { return k == SymbolKind::Parameter || k == SymbolKind::Local; };
    return a == b || (variable(a) && variable(b));
}

// The range of the item (function) holding `r`, or the whole text.
ByteRange scope_of(const Snapshot& s, ByteRange r) {
    if (const ast::Item* item = item_containing(s, r)) return item->range;
    return {0, static_cast<uint32_t>(s.text.size())};
}

// Where the name is written inside `r`: `r` itself, or the name at its end
// (`..s`, `16gh`).
std::optional<ByteRange> name_range(std::string_view text, ByteRange r, std::string_view name) {
    if (r.end > text.size() || r.begin > r.end || name.empty()) return std::nullopt;
    std::string_view written = text.substr(r.begin, r.end - r.begin);
    if (written == name) return r;
    if (written.size() > name.size() && written.substr(written.size() - name.size()) == name)
        return ByteRange{static_cast<uint32_t>(r.end - name.size()), r.end};
    return std::nullopt;
}

// An axis a pattern introduces (`p` in `rearrange(b (h p) -> b h p)`):
// the checker records each use with where its call first writes it. Its
// scope is the function holding it: every pattern axis of that name in the
// function, and every later mention of the name no fact claims, is one
// symbol (docs/lsp.md, "Pattern axes").
struct PatternAxis {
    std::string name;
    ByteRange scope;
    ByteRange definition;        // the first write in the function
    std::vector<ByteRange> all;  // in order
    std::vector<ByteRange> writes;
};

std::string_view text_of(const Snapshot& s, ByteRange r) {
    if (r.end > s.text.size() || r.begin > r.end) return {};
    return s.text.substr(r.begin, r.end - r.begin);
}

// Where the function names the axis again after its patterns, with no
// fact of the checker's: `over=m`, `causal[n m]`, `x[m: 0..4]`, `as [b n m]`.
// An identifier no fact claims that is neither a keyword argument's name
// nor an attribute (`seed=`, `torch.m`).
void later_mentions(const Snapshot& s, ByteRange scope, std::string_view name, uint32_t after,
                    std::set<std::pair<uint32_t, uint32_t>>& out) {
    std::set<uint32_t> claimed;
    for (const SymbolFact& f : s.result.check.symbols) {
        if (contains(scope, f.definition)) claimed.insert(f.definition.begin);
        for (ByteRange r : f.references)
            if (contains(scope, r)) claimed.insert(name_range(s.text, r, f.name).value_or(r).begin);
    }
    for (const check::NameUse& u : s.result.check.uses)
        if (contains(scope, u.at)) claimed.insert(u.at.begin);
    const syntax::NodeKinds& k = syntax::NodeKinds::get();
    std::vector<syntax::ChunkSpan> spans = s.tree.spans();
    for (size_t index = 0; index < spans.size(); ++index) {
        if (spans[index].begin >= scope.end || spans[index].end <= scope.begin) continue;
        syntax::ChunkView chunk = s.tree.chunk(index);  // only the trees of the chunks in scope
        std::vector<TSNode> stack{chunk.root};
        while (!stack.empty()) {
            TSNode node = stack.back();
            stack.pop_back();
            ByteRange r = chunk.range(node);
            if (r.end <= scope.begin || r.begin >= scope.end) continue;
            if (ts_node_symbol(node) == k.identifier) {
                if (r.begin < after || text_of(s, r) != name || claimed.count(r.begin)) continue;
                TSNode parent = ts_node_parent(node);
                TSSymbol p = ts_node_is_null(parent) ? 0 : ts_node_symbol(parent);
                if (p == k.keyword_argument && ts_node_eq(ts_node_child_by_field_id(parent, k.f_name), node)) continue;
                if (p == k.attribute && ts_node_eq(ts_node_child_by_field_id(parent, k.f_attribute), node)) continue;
                if (p == k.dotted_name) continue;
                out.insert({r.begin, r.end});
                continue;
            }
            for (uint32_t i = ts_node_child_count(node); i-- > 0;) stack.push_back(ts_node_child(node, i));
        }
    }
}

// The pattern axis `name` of the function `scope`, when a pattern there writes it.
std::optional<PatternAxis> pattern_axis_named(const Snapshot& s, ByteRange scope, std::string_view name) {
    PatternAxis out;
    out.name = std::string(name);
    out.scope = scope;
    std::set<std::pair<uint32_t, uint32_t>> all, writes;
    for (const check::NameUse& u : s.result.check.uses) {
        if (u.kind != SymbolKind::PatternAxis || !contains(scope, u.at) || text_of(s, u.at) != name) continue;
        all.insert({u.at.begin, u.at.end});
        if (text_of(s, u.definition) == name) {
            all.insert({u.definition.begin, u.definition.end});
            writes.insert({u.definition.begin, u.definition.end});
        }
    }
    if (all.empty() || name.empty()) return std::nullopt;
    uint32_t first = writes.empty() ? all.begin()->first : writes.begin()->first;
    later_mentions(s, scope, name, first, all);
    for (auto [b, e] : all) out.all.push_back({b, e});
    for (auto [b, e] : writes) out.writes.push_back({b, e});
    out.definition = out.writes.empty() ? out.all.front() : out.writes.front();
    return out;
}

std::optional<PatternAxis> pattern_axis_at(const Snapshot& s, uint32_t offset) {
    const check::NameUse* hit = nullptr;
    for (const check::NameUse& u : s.result.check.uses) {
        if (u.kind != SymbolKind::PatternAxis || !touches(u.at, offset)) continue;
        if (!hit || (strictly_inside(u.at, offset) && !strictly_inside(hit->at, offset))) hit = &u;
    }
    if (hit) return pattern_axis_named(s, scope_of(s, hit->at), text_of(s, hit->at));
    // A later mention (`over=m`) is one only if the axis's list holds it.
    ByteRange word = identifier_at(s.text, offset);
    if (word.begin == word.end) return std::nullopt;
    auto axis = pattern_axis_named(s, scope_of(s, word), text_of(s, word));
    if (!axis) return std::nullopt;
    for (ByteRange r : axis->all)
        if (r.begin == word.begin && r.end == word.end) return axis;
    return std::nullopt;
}

// Why renaming to `new_name` is refused wherever a name stands, or empty.
std::string refusal(std::string_view new_name) {
    if (!syntax::is_identifier(new_name))
        return "`" + std::string(new_name) +
               "` is not a name: a name is a letter or `_`, then letters, digits and `_` (docs/syntax.md)";
    if (is_keyword(new_name)) return "`" + std::string(new_name) + "` is a keyword";
    if (check::is_builtin(new_name))
        return "`" + std::string(new_name) + "` is a built-in; a definition of that name would hide it";
    return {};
}

std::string clash(std::string_view new_name, const SymbolFact& f) {
    return "`" + std::string(new_name) + "` is already " + check::describe(f).substr(0, 80) +
           "; renaming would make the two names one";
}

RenameResult rename_pattern_axis(const Snapshot& s, const PatternAxis& axis, std::string_view new_name) {
    RenameResult out;
    if (new_name == axis.name) return out;
    if (out.refused = refusal(new_name); !out.refused.empty()) return out;
    // Any name seen in the function would capture or be captured by it.
    for (const SymbolFact& f : s.result.check.symbols)
        if (f.name == new_name && (!function_scoped(f.kind) || contains(axis.scope, f.definition))) {
            out.refused = clash(new_name, f);
            return out;
        }
    for (const check::NameUse& u : s.result.check.uses)
        if (u.kind == SymbolKind::PatternAxis && contains(axis.scope, u.at) && text_of(s, u.at) == new_name) {
            out.refused = "`" + std::string(new_name) + "` is already an axis of a pattern in this function";
            return out;
        }
    out.ranges = axis.all;
    return out;
}

}  // namespace

ByteRange identifier_at(std::string_view text, uint32_t offset) {
    if (offset > text.size()) return {};
    uint32_t begin = offset, end = offset;
    while (begin > 0 && is_name_char(text[begin - 1])) --begin;
    while (end < text.size() && is_name_char(text[end])) ++end;
    return {begin, end};
}

bool is_keyword(std::string_view text) {
    // Pattern functions are contextual, but renaming to them would read badly.
    return syntax::is_keyword(text) || syntax::pattern_function(text);
}

std::optional<SymbolAt> symbol_at(const Snapshot& s, uint32_t offset) {
    const std::vector<SymbolFact>& facts = s.result.check.symbols;
    // The occurrence under the cursor: prefer one the cursor is inside
    // over one it is just after.
    const SymbolFact* hit = nullptr;
    ByteRange at{};
    bool hit_strict = false;
    auto consider = [&](const SymbolFact& f, ByteRange r) {
        if (!touches(r, offset)) return;
        bool strict = strictly_inside(r, offset);
        if (!hit || (strict && !hit_strict)) {
            hit = &f;
            at = r;
            hit_strict = strict;
        }
    };
    for (const SymbolFact& f : facts) {
        if (!f.module) consider(f, f.definition);  // an imported name's is in its own file
        for (ByteRange r : f.references) consider(f, r);
    }
    if (!hit) return std::nullopt;
    SymbolAt out;
    out.occurrence = name_range(s.text, at, hit->name).value_or(at);
    if (function_scoped(hit->kind)) {
        ByteRange scope = scope_of(s, hit->definition);
        for (const SymbolFact& f : facts)
            if (same_symbol_kind(f.kind, hit->kind) && f.name == hit->name && contains(scope, f.definition))
                out.facts.push_back(&f);
    } else {
        out.facts.push_back(hit);
    }
    std::sort(out.facts.begin(), out.facts.end(),
              [](const SymbolFact* a, const SymbolFact* b) { return a->definition.begin < b->definition.begin; });
    return out;
}

Occurrences occurrences(const Snapshot& s, const SymbolAt& symbol) {
    Occurrences out;
    std::set<std::pair<uint32_t, uint32_t>> seen, writes;
    for (const SymbolFact* f : symbol.facts) {
        // A name of another file (`layers.block`): defined there, written
        // here by its last part.
        std::string_view name = f->name;
        if (f->module) name = name.substr(name.rfind('.') + 1);
        if (auto r = f->module ? std::nullopt : name_range(s.text, f->definition, name)) {
            seen.insert({r->begin, r->end});
            writes.insert({r->begin, r->end});
        }
        for (ByteRange ref : f->references)
            if (auto r = name_range(s.text, ref, name)) seen.insert({r->begin, r->end});
    }
    for (auto [b, e] : seen) out.all.push_back({b, e});
    for (auto [b, e] : writes) out.writes.push_back({b, e});
    if (!symbol.facts.empty())
        out.definition = name_range(s.text, symbol.facts.front()->definition, symbol.facts.front()->name)
                             .value_or(symbol.facts.front()->definition);
    return out;
}

std::vector<Target> definition(const Snapshot& s, uint32_t offset) {
    if (auto symbol = symbol_at(s, offset)) {
        const SymbolFact& first = *symbol->facts.front();
        if (first.module && first.module <= s.result.check.modules.size())
            return {Target{false, first.definition, s.result.check.modules[first.module - 1]}};
        return {Target{false, occurrences(s, *symbol).definition}};
    }
    if (auto axis = pattern_axis_at(s, offset)) return {Target{false, axis->definition}};
    // A built-in: its declaration in the prelude, when it has one.
    ByteRange word = identifier_at(s.text, offset);
    if (word.begin == word.end) return {};
    std::string name(s.text.substr(word.begin, word.end - word.begin));
    if (!check::is_builtin(name)) return {};
    if (const ast::ExternFn* ext = check::prelude_declaration(name)) return {Target{true, ext->name.range}};
    return {};
}

std::vector<ByteRange> references(const Snapshot& s, uint32_t offset, bool include_declaration) {
    Occurrences o;
    if (auto symbol = symbol_at(s, offset)) o = occurrences(s, *symbol);
    else if (auto axis = pattern_axis_at(s, offset)) o = {axis->definition, axis->all, axis->writes};
    else return {};
    if (include_declaration) return o.all;
    std::vector<ByteRange> out;
    for (ByteRange r : o.all)
        if (!(r.begin == o.definition.begin && r.end == o.definition.end)) out.push_back(r);
    return out;
}

std::vector<Highlight> highlights(const Snapshot& s, uint32_t offset) {
    Occurrences o;
    if (auto symbol = symbol_at(s, offset)) o = occurrences(s, *symbol);
    else if (auto axis = pattern_axis_at(s, offset)) o = {axis->definition, axis->all, axis->writes};
    else return {};
    std::vector<Highlight> out;
    for (ByteRange r : o.all) {
        bool write = std::any_of(o.writes.begin(), o.writes.end(),
                                 [&](ByteRange w) { return w.begin == r.begin && w.end == r.end; });
        out.push_back({r, write});
    }
    return out;
}

std::optional<ByteRange> prepare_rename(const Snapshot& s, uint32_t offset) {
    if (auto symbol = symbol_at(s, offset)) return symbol->occurrence;
    if (auto axis = pattern_axis_at(s, offset))
        for (ByteRange r : axis->all)
            if (touches(r, offset)) return r;
    return std::nullopt;
}

RenameResult rename(const Snapshot& s, uint32_t offset, std::string_view new_name) {
    RenameResult out;
    auto symbol = symbol_at(s, offset);
    if (!symbol) {
        if (auto axis = pattern_axis_at(s, offset)) return rename_pattern_axis(s, *axis, new_name);
        out.refused = "there is no name to rename here";
        return out;
    }
    const SymbolFact& first = *symbol->facts.front();
    if (new_name == first.name) return out;  // nothing to change
    if (first.module) {
        out.refused = "`" + first.name + "` is defined in another file (" + s.result.check.modules[first.module - 1] +
                      "): rename it there";
        return out;
    }
    if (out.refused = refusal(new_name); !out.refused.empty()) return out;
    // A clash: another symbol of that name that the renamed one would hide
    // or be hidden by. Function-scoped names clash within their function
    // and with items; items and fields clash with any name of the file
    // (a local or axis of that name would capture their uses).
    const bool scoped = function_scoped(first.kind);
    const ByteRange scope = scoped ? scope_of(s, first.definition) : ByteRange{0, static_cast<uint32_t>(s.text.size())};
    for (const SymbolFact& f : s.result.check.symbols) {
        if (f.name != new_name) continue;
        bool clashes;
        if (first.kind == SymbolKind::Field)
            clashes =
                f.kind == SymbolKind::Field && scope_of(s, f.definition).begin == scope_of(s, first.definition).begin;
        else if (scoped) clashes = !function_scoped(f.kind) || contains(scope, f.definition);
        else clashes = true;
        if (clashes) {
            out.refused = clash(new_name, f);
            return out;
        }
    }
    out.ranges = occurrences(s, *symbol).all;
    out.exported = exported_symbol_at(s, offset);
    return out;
}

namespace {

bool importable(SymbolKind kind) {
    return kind == SymbolKind::Dim || kind == SymbolKind::Model || kind == SymbolKind::Data ||
           kind == SymbolKind::Function || kind == SymbolKind::ExternFunction || kind == SymbolKind::Field;
}

std::string_view last_part(std::string_view name) { return name.substr(name.rfind('.') + 1); }

}  // namespace

std::optional<ExportedSymbol> exported_symbol_at(const Snapshot& s, uint32_t offset) {
    auto symbol = symbol_at(s, offset);
    if (!symbol) return std::nullopt;
    const SymbolFact& first = *symbol->facts.front();
    if (first.module || !importable(first.kind)) return std::nullopt;
    return ExportedSymbol{first.kind, first.name, first.kind == SymbolKind::Field ? first.owner : ""};
}

std::vector<ByteRange> imported_uses(const Snapshot& importer, const std::string& module_file,
                                     const ExportedSymbol& symbol, std::string_view new_name, std::string* refused) {
    const check::CheckResult& r = importer.result.check;
    std::vector<ByteRange> out;
    auto from_module = [&](const SymbolFact& f) {
        return f.module && f.module <= r.modules.size() && r.modules[f.module - 1] == module_file;
    };
    for (const SymbolFact& f : r.symbols) {
        if (!from_module(f) || f.kind != symbol.kind) continue;
        bool same = symbol.kind == SymbolKind::Field ? f.name == symbol.name && last_part(f.owner) == symbol.owner
                                                     : last_part(f.name) == symbol.name;
        if (!same) continue;
        // Only where the name itself is written: not an alias (`as layer`).
        for (ByteRange ref : f.references)
            if (ref.end <= importer.text.size() && importer.text.substr(ref.begin, ref.end - ref.begin) == symbol.name)
                out.push_back(ref);
        // `from layers import block` names it `block` here too: the new
        // name must not meet another of this file's names.
        if (refused && !new_name.empty() && f.name == symbol.name && symbol.kind != SymbolKind::Field)
            for (const SymbolFact& other : r.symbols)
                if (other.name == new_name && !function_scoped(other.kind) && other.kind != SymbolKind::Field)
                    *refused = clash(new_name, other);
    }
    std::sort(out.begin(), out.end(), [](ByteRange a, ByteRange b) { return a.begin < b.begin; });
    out.erase(std::unique(out.begin(), out.end(), [](ByteRange a, ByteRange b) { return a.begin == b.begin; }),
              out.end());
    return out;
}

}  // namespace ss::ide
