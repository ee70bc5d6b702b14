#include "ide/navigation.hpp"

#include <algorithm>
#include <set>

#include "check/builtin_table.hpp"
#include "check/describe.hpp"
#include "check/prelude.hpp"

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

}  // namespace

ByteRange identifier_at(std::string_view text, uint32_t offset) {
    if (offset > text.size()) return {};
    uint32_t begin = offset, end = offset;
    while (begin > 0 && is_name_char(text[begin - 1])) --begin;
    while (end < text.size() && is_name_char(text[end])) ++end;
    return {begin, end};
}

bool is_identifier(std::string_view text) {
    if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
    return std::all_of(text.begin(), text.end(), is_name_char);
}

bool is_keyword(std::string_view text) {
    static const std::set<std::string_view> words = {"and", "as", "causal", "data", "devices", "dim", "elif", "else",
                                                     "export", "extern", "false", "fn", "for", "if", "import", "in",
                                                     "inf", "model", "mut", "not", "or", "over", "python", "return",
                                                     "true",
                                                     // contextual, but renaming to them would read badly
                                                     "einsum", "rearrange", "reduce", "repeat", "split"};
    return words.count(text) > 0;
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
        consider(f, f.definition);
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
        if (auto r = name_range(s.text, f->definition, f->name)) {
            seen.insert({r->begin, r->end});
            writes.insert({r->begin, r->end});
        }
        for (ByteRange ref : f->references)
            if (auto r = name_range(s.text, ref, f->name)) seen.insert({r->begin, r->end});
    }
    for (auto [b, e] : seen) out.all.push_back({b, e});
    for (auto [b, e] : writes) out.writes.push_back({b, e});
    if (!symbol.facts.empty())
        out.definition = name_range(s.text, symbol.facts.front()->definition, symbol.facts.front()->name)
                             .value_or(symbol.facts.front()->definition);
    return out;
}

std::vector<Target> definition(const Snapshot& s, uint32_t offset) {
    if (auto symbol = symbol_at(s, offset)) return {Target{false, occurrences(s, *symbol).definition}};
    // A built-in: its declaration in the prelude, when it has one.
    ByteRange word = identifier_at(s.text, offset);
    if (word.begin == word.end) return {};
    std::string name(s.text.substr(word.begin, word.end - word.begin));
    if (!check::is_builtin(name)) return {};
    if (const ast::ExternFn* ext = check::prelude_declaration(name)) return {Target{true, ext->name.range}};
    return {};
}

std::vector<ByteRange> references(const Snapshot& s, uint32_t offset, bool include_declaration) {
    auto symbol = symbol_at(s, offset);
    if (!symbol) return {};
    Occurrences o = occurrences(s, *symbol);
    if (include_declaration) return o.all;
    std::vector<ByteRange> out;
    for (ByteRange r : o.all)
        if (!(r.begin == o.definition.begin && r.end == o.definition.end)) out.push_back(r);
    return out;
}

std::vector<Highlight> highlights(const Snapshot& s, uint32_t offset) {
    auto symbol = symbol_at(s, offset);
    if (!symbol) return {};
    Occurrences o = occurrences(s, *symbol);
    std::vector<Highlight> out;
    for (ByteRange r : o.all) {
        bool write = std::any_of(o.writes.begin(), o.writes.end(),
                                 [&](ByteRange w) { return w.begin == r.begin && w.end == r.end; });
        out.push_back({r, write});
    }
    return out;
}

std::optional<ByteRange> prepare_rename(const Snapshot& s, uint32_t offset) {
    auto symbol = symbol_at(s, offset);
    if (!symbol) return std::nullopt;
    return symbol->occurrence;
}

RenameResult rename(const Snapshot& s, uint32_t offset, std::string_view new_name) {
    RenameResult out;
    auto symbol = symbol_at(s, offset);
    if (!symbol) {
        out.refused = "there is no name to rename here";
        return out;
    }
    const SymbolFact& first = *symbol->facts.front();
    if (!is_identifier(new_name)) {
        out.refused = "`" + std::string(new_name) +
                      "` is not a name: a name is letters, digits and `_`, not starting with a digit";
        return out;
    }
    if (is_keyword(new_name)) {
        out.refused = "`" + std::string(new_name) + "` is a keyword";
        return out;
    }
    if (new_name == first.name) return out;  // nothing to change
    if (check::is_builtin(new_name)) {
        out.refused = "`" + std::string(new_name) + "` is a built-in; a definition of that name would hide it";
        return out;
    }
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
            out.refused = "`" + std::string(new_name) + "` is already " + check::describe(f).substr(0, 80) +
                          "; renaming would make the two names one";
            return out;
        }
    }
    out.ranges = occurrences(s, *symbol).all;
    return out;
}

}  // namespace ss::ide
