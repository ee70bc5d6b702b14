// The completion context (context.hpp): the repaired facts and the locals
// before the offset. The types of values are in types.cpp.
#include "ide/completion/context.hpp"

#include <variant>

#include "ide/builtin_docs.hpp"

namespace ss::ide::completion {

using namespace text;

namespace {

constexpr size_t kMaxRepairBytes = 1 << 20;

bool lowers_function_at(const check::DocumentResult& r, uint32_t at) {
    for (const ast::Item* item : r.items)
        if (item && item->range.begin == at && std::holds_alternative<ast::FnDef>(item->node)) return true;
    return false;
}

}  // namespace

CompletionContext::CompletionContext(const Snapshot& snapshot, TextContext context)
    : s(snapshot), c(std::move(context)) {
    repair();
    collect_locals();
}

CompletionContext::~CompletionContext() = default;

// The facts to read: the snapshot's, or those of a repaired copy of its
// text when the function the offset is in has a syntax error (the
// unfinished statement being typed makes the whole `fn` an error, and
// the checker then says nothing about it). Positions before the offset
// are the same in both texts.
void CompletionContext::repair() {
    if (c.item != ItemKind::Fn) return;
    bool broken = !lowers_function_at(s.result, c.item_begin);
    for (const Diagnostic& d : s.result.diagnostics)
        if (d.code.rfind("E00", 0) == 0 && d.range.end >= c.item_begin && d.range.begin <= c.item_end) broken = true;
    // A whole analysis of the copy: bounded for very large files.
    if (!broken || s.text.size() > kMaxRepairBytes) return;
    std::string_view text = s.text;
    size_t line_end = text.find('\n', c.offset);
    std::string_view rest = line_end == std::string_view::npos ? "" : text.substr(line_end);
    // First: the statement finished where the offset is, its brackets closed.
    std::string closed(text.substr(0, c.offset));
    const Token* p = prev();
    bool operand_before = p && c.prefix.empty() &&
                          (p->kind == TokenKind::Identifier || p->kind == TokenKind::Number ||
                           p->kind == TokenKind::String || is(*p, ")") || is(*p, "]"));
    if (c.prefix.empty() && !operand_before) closed += "x";
    for (auto it = c.open.rbegin(); it != c.open.rend(); ++it) {
        char open = c.tokens[it->open].text[0];
        closed += open == '(' ? ')' : open == '[' ? ']' : '}';
    }
    closed += rest;
    repaired_ = std::make_unique<check::DocumentAnalysis>(std::move(closed));
    repaired_->set_resolver(s.imports);
    if (const auto& r = repaired_->analyze(); lowers_function_at(r, c.item_begin)) {
        repaired_facts_ = &r.check;
        return;
    }
    // Else: the statement replaced by `0`, the same length.
    size_t start = c.tokens.size();
    while (start > 0 && c.tokens[start - 1].kind != TokenKind::Newline) --start;
    if (start == 0) {
        repaired_.reset();
        return;
    }
    uint32_t from = start < c.tokens.size() ? c.tokens[start].begin : c.prefix_begin;
    std::string blank(text);
    size_t to = line_end == std::string_view::npos ? text.size() : line_end;
    for (size_t i = from; i < to; ++i)
        if (blank[i] != '\n') blank[i] = ' ';
    if (from < to) blank[from] = '0';
    repaired_ = std::make_unique<check::DocumentAnalysis>(std::move(blank));
    repaired_->set_resolver(s.imports);
    if (const auto& r = repaired_->analyze(); lowers_function_at(r, c.item_begin)) repaired_facts_ = &r.check;
}

std::string CompletionContext::slice(ByteRange r) const {
    if (r.begin >= r.end || r.end > s.text.size()) return "";
    return collapse_spaces(s.text.substr(r.begin, r.end - r.begin));
}

bool CompletionContext::own_axis(ByteRange r) const {
    bool in_item = r.begin >= c.item_begin && r.end <= c.item_end;
    return in_item && (!repaired_facts_ || r.begin < c.prefix_begin);
}

// The fact of the parameter or local defined at `at`.
const check::SymbolFact* CompletionContext::local_fact(uint32_t at) const {
    for (const check::SymbolFact& f : facts().symbols)
        if ((f.kind == check::SymbolKind::Parameter || f.kind == check::SymbolKind::Local) && f.definition.begin == at)
            return &f;
    return nullptr;
}

// Parameters, assignment targets and `for` targets of the function the
// offset is in, before the offset, from its tokens; their types from
// the checker's facts.
void CompletionContext::collect_locals() {
    if (c.item != ItemKind::Fn) return;
    const auto& t = c.tokens;
    size_t i = 0;
    // Parameters: the first `(` after `fn name`.
    while (i < t.size() && !(is(t[i], "(") && t[i].depth == 0)) ++i;
    if (i < t.size()) {
        size_t open = i++;
        for (; i < t.size() && t[i].depth >= 1; ++i) {
            if (t[i].depth != 1 || !is_name(t[i])) continue;
            const Token& before = t[i - 1];
            if (!(i - 1 == open || is(before, ",") || is(before, "mut"))) continue;
            Local l;
            l.name = std::string(t[i].text);
            l.at = t[i].begin;
            l.parameter = true;
            if (const check::SymbolFact* f = local_fact(l.at)) l.type = known(f->type);
            if (l.type.empty() && i + 2 < t.size() && is(t[i + 1], ":")) {
                size_t j = i + 2;
                while (j < t.size() && !(t[j].depth <= 1 && (is(t[j], ",") || is(t[j], ")") || is(t[j], "=")))) ++j;
                l.type = {nullptr, slice({t[i + 2].begin, t[j - 1].end})};
            }
            locals_.push_back(std::move(l));
        }
    }
    // Statements: `a = `, `a, b = `, `for a in ...:`, complete ones only
    // (a Newline follows), so the statement being written adds nothing.
    for (; i < t.size(); ++i) {
        if (t[i].depth != 0 || !(i == 0 || t[i - 1].kind == TokenKind::Newline)) continue;
        bool is_for = is(t[i], "for");
        size_t j = is_for ? i + 1 : i;
        std::vector<size_t> names;
        while (j < t.size() && is_name(t[j])) {
            names.push_back(j++);
            if (j < t.size() && is(t[j], ",")) ++j;
            else break;
        }
        if (names.empty() || j >= t.size()) continue;
        if (is_for ? !is(t[j], "in") : !is(t[j], "=")) continue;
        size_t end = j + 1;
        while (end < t.size() && t[end].kind != TokenKind::Newline) ++end;
        if (end >= t.size()) continue;  // the statement the offset is in
        ByteRange iterable;
        bool counting = false;
        // `for i, x in enumerate(xs)`: i counts, x is an item of xs.
        bool enumerated = false;
        if (is_for) {
            size_t last = end;
            while (last > j + 1 && !(is(t[last - 1], ":") && t[last - 1].depth == 0)) --last;
            if (last == j + 1) last = end;
            else --last;
            size_t first = j + 1;
            enumerated = names.size() >= 2 && last > first + 3 && is_name(t[first]) && t[first].text == "enumerate" &&
                         is(t[first + 1], "(") && is(t[last - 1], ")");
            if (enumerated) {
                first += 2;
                --last;
            }
            if (last > first) iterable = {t[first].begin, t[last - 1].end};
            for (size_t k = first; k < last; ++k)  // (enumerate takes data, never a range: E0418)
                if (is(t[k], "..") && t[k].depth == 0 && !enumerated) counting = true;
        }
        for (size_t n : names) {
            Local l;
            l.name = std::string(t[n].text);
            l.at = t[n].begin;
            if (is_for && enumerated && n == names.front()) {
                l.counting = true;
                l.type = known(std::make_shared<check::Type>(check::of_kind(check::TypeKind::Int)));
            } else if (is_for) {
                l.iterable = iterable;
                l.counting = counting && names.size() == 1;
                l.type = l.counting ? known(std::make_shared<check::Type>(check::of_kind(check::TypeKind::Int)))
                                    : for_target_type(iterable);
            } else if (const check::SymbolFact* f = local_fact(l.at)) {
                l.type = known(f->type);
            }
            locals_.push_back(std::move(l));
        }
    }
}

const Local* CompletionContext::local(std::string_view name) const {
    const Local* found = nullptr;
    for (const Local& l : locals_)
        if (l.name == name) found = &l;
    return found;
}

}  // namespace ss::ide::completion
