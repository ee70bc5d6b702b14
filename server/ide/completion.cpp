// Completion (completion.hpp): the text context at the offset
// (text_context.hpp) picks what to offer; the checker's facts and the AST
// say what each name is.
#include "ide/completion.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <variant>

#include "check/builtins.hpp"
#include "check/describe.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/function_label.hpp"
#include "ide/text_context.hpp"
#include "syntax/keywords.hpp"

namespace ss::ide {

namespace {

using namespace text;

constexpr size_t kMaxRepairBytes = 1 << 20;

constexpr const char* kElementTypes[][2] = {
    {"f32", "32-bit floats, the default element type"},
    {"f16", "16-bit floats"},
    {"bf16", "bfloat16 floats"},
    {"f64", "64-bit floats"},
    {"i32", "32-bit integers"},
    {"i64", "64-bit integers"},
    {"Mask", "booleans"},
    {"Index", "`Index[V]`: i64 positions in `0..V`"},
    {"Logit", "`Logit over A`: floats, the logits of a distribution over the axis `A`"},
    {"Prob", "`Prob over A`: floats, a distribution over the axis `A`"},
    {"LogProb", "`LogProb over A`: floats, the log of a distribution over the axis `A`"},
};

constexpr const char* kHostTypes[][2] = {
    {"int", "a host integer"},
    {"float", "a host float"},
    {"bool", "a host bool"},
    {"str", "a string"},
    {"Mode", "`Train(seed=...)` or `Eval`"},
    {"Dataset", "`Dataset[D]`: examples of the data record `D`"},
    {"Batch", "`Batch[D]`: a batch of examples of `D`; each field gains a leading axis `b`"},
    {"Optimizer", "`Optimizer[M]`: the optimizer state of the model `M`"},
};

// The pieces of a type as written: `[b n D] Logit over D` gives the axis
// names b, n, D; an unnamed axis (`3*D`, a group) gives none.
std::vector<std::string> axis_names(std::string_view type) {
    std::vector<std::string> out;
    size_t open = type.find('[');
    if (open == std::string_view::npos) return out;
    int depth = 0;
    size_t i = open + 1;
    while (i < type.size()) {
        char c = type[i];
        if (c == ']' && depth == 0) break;
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (depth == 0 && ident_start(c) && (i == 0 || !ident_char(type[i - 1]))) {
            size_t s = i;
            while (i < type.size() && ident_char(type[i])) ++i;
            bool whole =
                (s == open + 1 || type[s - 1] == ' ') && (i >= type.size() || type[i] == ' ' || type[i] == ']');
            if (whole) out.emplace_back(type.substr(s, i - s));
            continue;
        }
        ++i;
    }
    return out;
}

// A value's type as completion knows it: the checker's, from a fact, or the
// source text of a type written where no fact has one (a text mid-edit).
struct ValueType {
    check::TypeRef checked;
    std::string written;
    bool empty() const { return !checked && written.empty(); }
    std::string shown() const { return checked ? check::describe(*checked) : written; }
};

// The checker's type, when it knows one.
ValueType known(const check::TypeRef& type) {
    if (!type || type->kind == check::TypeKind::Unknown) return {};
    return {type, ""};
}

bool is_identifier_text(const std::string& s) {
    if (s.empty() || !ident_start(s[0])) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return ident_char(c); });
}

// The names of a type's axes (a tuple's: its first element's); an axis
// written as a size or a group has none.
std::vector<std::string> axis_names(const ValueType& type) {
    if (!type.checked) return axis_names(type.written);
    const check::Type* t = type.checked.get();
    if (t->kind == check::TypeKind::Tuple && !t->elements.empty()) t = &t->elements.front();
    std::vector<std::string> out;
    if (t->kind != check::TypeKind::Tensor) return out;
    for (const check::AxisType& a : t->tensor.axes)
        if (is_identifier_text(a.written)) out.push_back(a.written);
    return out;
}

struct Local {
    std::string name;
    uint32_t at = 0;
    bool parameter = false;
    ValueType type;         // empty if unknown
    ByteRange iterable;     // a `for` target: the loop's iterable
    bool counting = false;  // a `for` target over `a..b`
};

class Completer {
public:
    Completer(const Snapshot& s, TextContext c) : s_(s), c_(std::move(c)) {}

    std::vector<CompletionEntry> run() {
        if (c_.in_comment_or_string) return {};
        if (!c_.prefix.empty() && std::isdigit(static_cast<unsigned char>(c_.prefix[0]))) return {};
        repair();
        collect_locals();
        dispatch();
        std::sort(out_.begin(), out_.end(),
                  [](const CompletionEntry& a, const CompletionEntry& b) { return a.sort_text < b.sort_text; });
        if (out_.size() > kMaxCompletions) out_.resize(kMaxCompletions);
        for (CompletionEntry& e : out_)
            if (auto fill = fills_.find(entry_key(e.label, e.kind)); fill != fills_.end()) fill->second(e);
        return std::move(out_);
    }

private:
    // ------------------------------------------------------------ repair

    // The facts to read: the snapshot's, or those of a repaired copy of its
    // text when the function the offset is in has a syntax error (the
    // unfinished statement being typed makes the whole `fn` an error, and
    // the checker then says nothing about it). Positions before the offset
    // are the same in both texts.
    const check::CheckResult& facts() const { return repaired_facts_ ? *repaired_facts_ : s_.result.check; }

    static bool lowers_function_at(const check::DocumentResult& r, uint32_t at) {
        for (const ast::Item* item : r.items)
            if (item && item->range.begin == at && std::holds_alternative<ast::FnDef>(item->node)) return true;
        return false;
    }

    void repair() {
        if (c_.item != ItemKind::Fn) return;
        bool broken = !lowers_function_at(s_.result, c_.item_begin);
        for (const Diagnostic& d : s_.result.diagnostics)
            if (d.code.rfind("E00", 0) == 0 && d.range.end >= c_.item_begin && d.range.begin <= c_.item_end)
                broken = true;
        // A whole analysis of the copy: bounded for very large files.
        if (!broken || s_.text.size() > kMaxRepairBytes) return;
        std::string_view text = s_.text;
        size_t line_end = text.find('\n', c_.offset);
        std::string_view rest = line_end == std::string_view::npos ? "" : text.substr(line_end);
        // First: the statement finished where the offset is, its brackets closed.
        std::string closed(text.substr(0, c_.offset));
        const Token* p = prev();
        bool operand_before = p && c_.prefix.empty() &&
                              (p->kind == TokenKind::Identifier || p->kind == TokenKind::Number ||
                               p->kind == TokenKind::String || is(*p, ")") || is(*p, "]"));
        if (c_.prefix.empty() && !operand_before) closed += "x";
        for (auto it = c_.open.rbegin(); it != c_.open.rend(); ++it) {
            char open = c_.tokens[it->open].text[0];
            closed += open == '(' ? ')' : open == '[' ? ']' : '}';
        }
        closed += rest;
        repaired_ = std::make_unique<check::DocumentAnalysis>(std::move(closed));
        if (const auto& r = repaired_->analyze(); lowers_function_at(r, c_.item_begin)) {
            repaired_facts_ = &r.check;
            return;
        }
        // Else: the statement replaced by `0`, the same length.
        size_t start = c_.tokens.size();
        while (start > 0 && c_.tokens[start - 1].kind != TokenKind::Newline) --start;
        if (start == 0) {
            repaired_.reset();
            return;
        }
        uint32_t from = start < c_.tokens.size() ? c_.tokens[start].begin : c_.prefix_begin;
        std::string blank(text);
        size_t to = line_end == std::string_view::npos ? text.size() : line_end;
        for (size_t i = from; i < to; ++i)
            if (blank[i] != '\n') blank[i] = ' ';
        if (from < to) blank[from] = '0';
        repaired_ = std::make_unique<check::DocumentAnalysis>(std::move(blank));
        if (const auto& r = repaired_->analyze(); lowers_function_at(r, c_.item_begin)) repaired_facts_ = &r.check;
    }

    // ------------------------------------------------------------ helpers

    const Token* prev() const { return c_.tokens.empty() ? nullptr : &c_.tokens.back(); }
    const Token* prev2() const { return c_.tokens.size() < 2 ? nullptr : &c_.tokens[c_.tokens.size() - 2]; }
    const Bracket* inner() const { return c_.open.empty() ? nullptr : &c_.open.back(); }

    bool matches(std::string_view label) const {
        if (c_.prefix.size() > label.size()) return false;
        for (size_t i = 0; i < c_.prefix.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(c_.prefix[i])) !=
                std::tolower(static_cast<unsigned char>(label[i])))
                return false;
        return true;
    }

    static std::string entry_key(const std::string& label, CompletionKind kind) {
        return label + "\x1f" + std::to_string(static_cast<int>(kind == CompletionKind::Snippet));
    }

    // An entry whose detail and doc cost something to make (a function's
    // label, a record's fields): made only if the entry is among those
    // returned, since a large file has thousands of candidates.
    void add_lazy(int group, const std::string& label, CompletionKind kind,
                  std::function<void(CompletionEntry&)> fill) {
        if (add(group, label, kind)) fills_[entry_key(label, kind)] = std::move(fill);
    }

    void add_keywords(int group, syntax::KeywordRole role) {
        for (const syntax::Keyword& k : syntax::kKeywords)
            if (k.role == role) add(group, std::string(k.text), CompletionKind::Keyword);
    }

    bool add(int group, std::string label, CompletionKind kind, std::string detail = "", std::string doc = "",
             std::string insert = "", bool snippet = false) {
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

    std::string slice(ByteRange r) const {
        if (r.begin >= r.end || r.end > s_.text.size()) return "";
        return collapse_spaces(s_.text.substr(r.begin, r.end - r.begin));
    }

    bool in_item(ByteRange r) const { return r.begin >= c_.item_begin && r.end <= c_.item_end; }

    // An axis of this item's signature (in a repaired text, not one the
    // repair wrote at the offset).
    bool own_axis(ByteRange r) const { return in_item(r) && (!repaired_facts_ || r.begin < c_.prefix_begin); }

    // The fact of the parameter or local defined at `at`.
    const check::SymbolFact* local_fact(uint32_t at) const {
        for (const check::SymbolFact& f : facts().symbols)
            if ((f.kind == check::SymbolKind::Parameter || f.kind == check::SymbolKind::Local) &&
                f.definition.begin == at)
                return &f;
        return nullptr;
    }

    // ------------------------------------------------------------ locals

    // Parameters, assignment targets and `for` targets of the function the
    // offset is in, before the offset, from its tokens; their types from
    // the checker's facts.
    void collect_locals() {
        if (c_.item != ItemKind::Fn) return;
        const auto& t = c_.tokens;
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
            if (is_for) {
                size_t last = end;
                while (last > j + 1 && !(is(t[last - 1], ":") && t[last - 1].depth == 0)) --last;
                if (last == j + 1) last = end;
                else --last;
                if (last > j + 1) iterable = {t[j + 1].begin, t[last - 1].end};
                for (size_t k = j + 1; k < last; ++k)
                    if (is(t[k], "..") && t[k].depth == 0) counting = true;
            }
            for (size_t n : names) {
                Local l;
                l.name = std::string(t[n].text);
                l.at = t[n].begin;
                if (is_for) {
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

    // `for batch in data |> batches(64)` makes `batch` a Batch[T].
    ValueType for_target_type(ByteRange iterable) const {
        ValueType type = fact_type(iterable, true);
        if (!type.checked || type.checked->kind != check::TypeKind::Batches) return {};
        return known(std::make_shared<check::Type>(check::of_kind(check::TypeKind::Batch, type.checked->ref)));
    }

    // The expression fact for `range`, or for a pipe stage ending it.
    ValueType fact_type(ByteRange range, bool allow_stage) const {
        const check::ExpressionFact* best = nullptr;
        for (const check::ExpressionFact& e : facts().expressions) {
            if (e.range.begin == range.begin && e.range.end == range.end) return {e.type, ""};
            if (!allow_stage || e.range.end != range.end || e.range.begin <= range.begin) continue;
            // A stage `x |> f |> g`: the text before it ends with `|>`.
            std::string_view before = s_.text.substr(range.begin, e.range.begin - range.begin);
            size_t last = before.find_last_not_of(" \t\r\n");
            if (last == std::string_view::npos || last < 1 || before.substr(last - 1, 2) != "|>") continue;
            if (!best || e.range.begin < best->range.begin) best = &e;
        }
        return best ? ValueType{best->type, ""} : ValueType{};
    }

    const Local* local(std::string_view name) const {
        const Local* found = nullptr;
        for (const Local& l : locals_)
            if (l.name == name) found = &l;
        return found;
    }

    // ------------------------------------------------------------ records

    // The file's items by name (the first of a name, as the checker keeps).
    const std::unordered_map<std::string_view, const ast::Item*>& items_by_name() const {
        if (!items_by_name_) {
            items_by_name_.emplace();
            for (const ast::Item* item : s_.result.items) {
                if (!item) continue;
                std::string_view name;
                if (auto* m = std::get_if<ast::ModelDef>(&item->node)) name = m->name.text;
                if (auto* d = std::get_if<ast::DataDef>(&item->node)) name = d->name.text;
                if (auto* f = std::get_if<ast::FnDef>(&item->node)) name = f->name.text;
                if (auto* f = std::get_if<ast::ExternFn>(&item->node)) name = f->name.text;
                if (!name.empty()) items_by_name_->emplace(name, item);
            }
        }
        return *items_by_name_;
    }

    const ast::Item* record(std::string_view name, bool* is_model = nullptr) const {
        auto it = items_by_name().find(name);
        if (it == items_by_name().end()) return nullptr;
        bool model = std::holds_alternative<ast::ModelDef>(it->second->node);
        if (!model && !std::holds_alternative<ast::DataDef>(it->second->node)) return nullptr;
        if (is_model) *is_model = model;
        return it->second;
    }

    const ast::Item* function(std::string_view name) const {
        auto it = items_by_name().find(name);
        if (it == items_by_name().end()) return nullptr;
        const auto& node = it->second->node;
        return std::holds_alternative<ast::FnDef>(node) || std::holds_alternative<ast::ExternFn>(node) ? it->second
                                                                                                       : nullptr;
    }

    static const std::vector<ast::Field>* fields_of(const ast::Item& item) {
        if (auto* m = std::get_if<ast::ModelDef>(&item.node)) return &m->fields;
        if (auto* d = std::get_if<ast::DataDef>(&item.node)) return &d->fields;
        return nullptr;
    }

    // A field's type as a value of type `owner` shows it: a batch's fields
    // gain the leading axis `b`.
    std::string field_type(const ast::Field& f, bool batch) const {
        std::string type = f.type ? slice(f.type->range) : "";
        if (!batch || type.empty()) return type;
        if (type[0] == '[') return type.size() > 1 && type[1] == ']' ? "[b" + type.substr(1) : "[b " + type.substr(1);
        return "[b] " + type;
    }

    // The record a value of type `type` has fields of: `Mlp`, `Digit`,
    // `Batch[Digit]`.
    const ast::Item* record_of_type(const ValueType& type, bool* batch) const {
        *batch = false;
        if (type.checked) {
            auto kind = type.checked->kind;
            *batch = kind == check::TypeKind::Batch;
            bool has_fields = kind == check::TypeKind::Model || kind == check::TypeKind::Data || *batch;
            return has_fields ? record(type.checked->ref) : nullptr;
        }
        // A type as written in the source.
        std::string name = type.written;
        if (name.rfind("Batch[", 0) == 0 && name.back() == ']') {
            *batch = true;
            name = name.substr(6, name.size() - 7);
        }
        return record(name);
    }

    // The type of `a.b.c` (names), or empty when unknown.
    ValueType chain_type(const std::vector<std::string_view>& chain) const {
        if (chain.empty()) return {};
        ValueType type;
        if (const Local* l = local(chain[0])) type = l->type;
        if (type.empty()) return {};
        for (size_t i = 1; i < chain.size(); ++i) {
            bool batch = false;
            const ast::Item* rec = record_of_type(type, &batch);
            if (!rec) return {};
            const ast::Field* found = nullptr;
            for (const ast::Field& f : *fields_of(*rec))
                if (f.name.text == chain[i]) found = &f;
            if (!found) return {};
            type = {nullptr, field_type(*found, batch)};  // shown as written
        }
        return type;
    }

    // The type of an expression before the offset, as far as facts and
    // names tell.
    ValueType expression_type(ByteRange range) const {
        if (range.begin >= range.end) return {};
        ValueType fact = fact_type(range, false);
        if (!fact.empty()) return fact;
        std::vector<const Token*> tokens;
        for (const Token& t : c_.tokens)
            if (t.begin >= range.begin && t.end <= range.end) tokens.push_back(&t);
        std::vector<std::string_view> chain;
        bool plain = !tokens.empty();
        for (size_t i = 0; i < tokens.size() && plain; ++i) {
            if (i % 2 == 0) plain = is_name(*tokens[i]);
            else plain = is(*tokens[i], ".");
            if (plain && i % 2 == 0) chain.push_back(tokens[i]->text);
        }
        if (plain && tokens.size() % 2 == 1) {
            ValueType type = chain_type(chain);
            if (!type.empty()) return type;
        }
        return fact_type(range, true);
    }

    // ------------------------------------------------------------ kinds of entries

    void add_fields(const ast::Item& rec, bool batch, bool is_model) {
        const std::string owner =
            is_model ? std::get<ast::ModelDef>(rec.node).name.text : std::get<ast::DataDef>(rec.node).name.text;
        for (const ast::Field& f : *fields_of(rec)) {
            if (f.name.missing) continue;
            std::string doc = doc_comment_above(s_.text, f.range.begin);
            if (f.initializer) {
                std::string init = "Initialised by `" + slice(f.initializer->range) + "`.";
                doc = doc.empty() ? init : doc + "\n\n" + init;
            }
            std::string detail = field_type(f, batch);
            add(0, f.name.text, CompletionKind::Field, detail,
                (batch ? "A field of `Batch[" + owner + "]`" : "A field of `" + owner + "`") +
                    (doc.empty() ? "" : ". " + doc));
        }
    }

    void add_dims(int group, std::string_view except = "") {
        for (const check::SymbolFact& f : facts().symbols)
            if (f.kind == check::SymbolKind::Dim && f.name != except)
                add(group, f.name, CompletionKind::Dim, check::describe(f));
    }

    // Axis names: the operands' first, then the names written in this
    // item's types and patterns and its signature's axes, then dims.
    void add_axes(const std::vector<std::string>& operand_axes, const std::string& operand_type, bool dims_only) {
        std::unordered_set<std::string> dims;
        for (const check::SymbolFact& f : facts().symbols)
            if (f.kind == check::SymbolKind::Dim) dims.insert(f.name);
        for (const std::string& a : operand_axes)
            add(0, a, dims.count(a) ? CompletionKind::Dim : CompletionKind::Axis, "axis of " + operand_type);
        if (!dims_only) {
            for (const check::SymbolFact& f : facts().symbols)
                if (f.kind == check::SymbolKind::Axis && own_axis(f.definition) && !dims.count(f.name))
                    add(1, f.name, CompletionKind::Axis, check::describe(f));
            for (const std::string& name : written_axes())
                if (!dims.count(name)) add(1, name, CompletionKind::Axis, "axis");
        }
        add_dims(2);
    }

    // Names written inside tensor types, `causal[...]` and patterns of
    // this item, before the offset.
    std::vector<std::string> written_axes() const {
        std::vector<std::string> out;
        // A name is an axis when the bracket around it (as its closer, or the
        // open bracket, says) is a tensor type, `causal[` or a pattern call.
        std::vector<std::pair<size_t, size_t>> spans;  // token spans of axis brackets
        std::vector<size_t> opens;
        for (size_t i = 0; i < c_.tokens.size(); ++i) {
            const Token& t = c_.tokens[i];
            if (t.kind != TokenKind::Punct) continue;
            if (t.text == "(" || t.text == "[" || t.text == "{") opens.push_back(i);
            if ((t.text == ")" || t.text == "]" || t.text == "}") && !opens.empty()) {
                BracketRole r = t.closes;
                if (r == BracketRole::TensorType || r == BracketRole::Causal || r == BracketRole::PatternCall)
                    spans.emplace_back(opens.back(), i);
                opens.pop_back();
            }
        }
        for (const Bracket& b : c_.open)
            if (b.role == BracketRole::TensorType || b.role == BracketRole::Causal ||
                b.role == BracketRole::PatternCall)
                spans.emplace_back(b.open, c_.tokens.size());
        std::unordered_set<std::string> seen;
        for (auto [from, to] : spans) {
            // A pattern call's operands (before its `:`) are values.
            if (c_.tokens[from].kind == TokenKind::Punct && c_.tokens[from].text == "(")
                for (size_t i = from + 1; i < to && i < c_.tokens.size(); ++i) {
                    if (c_.tokens[i].depth != c_.tokens[from].depth + 1) continue;
                    if (is(c_.tokens[i], "->")) break;
                    if (is(c_.tokens[i], ":")) {
                        from = i;
                        break;
                    }
                }
            for (size_t i = from + 1; i < to && i < c_.tokens.size(); ++i) {
                const Token& t = c_.tokens[i];
                if (t.kind != TokenKind::Identifier || syntax::pattern_function(t.text)) continue;
                if (i > 0 && is(c_.tokens[i - 1], "=")) continue;  // a size argument's value
                if (i + 1 < c_.tokens.size() && is(c_.tokens[i + 1], "=")) continue;
                if (seen.insert(std::string(t.text)).second) out.emplace_back(t.text);
            }
        }
        return out;
    }

    void add_types() {
        for (auto& [name, doc] : kElementTypes) add(0, name, CompletionKind::Type, "element type", doc);
        for (auto& [name, doc] : kHostTypes) add(1, name, CompletionKind::Type, "type", doc);
        if (c_.item == ItemKind::ExternFn)
            add(1, "axis", CompletionKind::Type, "type", "The name of an axis of the first tensor argument");
        for (const check::SymbolFact& f : facts().symbols) {
            if (f.kind == check::SymbolKind::Model) add(0, f.name, CompletionKind::Model, check::describe(f));
            if (f.kind == check::SymbolKind::Data) add(0, f.name, CompletionKind::Data, check::describe(f));
        }
    }

    std::string function_doc(const ast::Item& item) const { return doc_comment_above(s_.text, item.range.begin); }

    std::string record_doc(const ast::Item& item) const {
        std::string doc = doc_comment_above(s_.text, item.range.begin);
        bool is_model = std::holds_alternative<ast::ModelDef>(item.node);
        const auto& name =
            is_model ? std::get<ast::ModelDef>(item.node).name.text : std::get<ast::DataDef>(item.node).name.text;
        std::string code = "```shapescript\n" + std::string(is_model ? "model " : "data ") + name + ":\n";
        for (const ast::Field& f : *fields_of(item))
            code += "    " + f.name.text + ": " + (f.type ? slice(f.type->range) : "?") +
                    (f.initializer ? " = " + slice(f.initializer->range) : "") + "\n";
        code += "```";
        return doc.empty() ? code : doc + "\n\n" + code;
    }

    // Top-level items, built-ins and pattern functions.
    // With `callable_only` (a pipeline stage after `|>`), functions and
    // Python modules only.
    void add_items(int group, bool callable_only = false) {
        for (const check::SymbolFact& f : facts().symbols) {
            if (!matches(f.name)) continue;
            if (callable_only && f.kind != check::SymbolKind::Function && f.kind != check::SymbolKind::ExternFunction &&
                f.kind != check::SymbolKind::PythonModule)
                continue;
            switch (f.kind) {
                case check::SymbolKind::Dim: add(group, f.name, CompletionKind::Dim, check::describe(f)); break;
                case check::SymbolKind::Model:
                case check::SymbolKind::Data:
                    add_lazy(group, f.name,
                             f.kind == check::SymbolKind::Model ? CompletionKind::Model : CompletionKind::Data,
                             [this, &f](CompletionEntry& e) {
                                 const ast::Item* rec = record(f.name);
                                 e.detail = check::describe(f);
                                 e.documentation = rec ? record_doc(*rec) : "";
                             });
                    break;
                case check::SymbolKind::Function:
                case check::SymbolKind::ExternFunction:
                    add_lazy(group, f.name, CompletionKind::Function, [this, &f](CompletionEntry& e) {
                        const ast::Item* item = function(f.name);
                        std::string detail = check::describe(f);
                        if (item) {
                            detail = function_label(s_, *item).label;
                            auto* fn = std::get_if<ast::FnDef>(&item->node);
                            if (fn && !fn->return_type && f.type)
                                detail += " -> " + check::describe(*f.type) + " (inferred)";
                            detail = (fn ? (fn->exported ? "export fn " : "fn ") : "extern fn ") + detail;
                        }
                        e.detail = std::move(detail);
                        e.documentation = item ? function_doc(*item) : "";
                    });
                    break;
                case check::SymbolKind::PythonModule:
                    add(group, f.name, CompletionKind::Module, check::describe(f));
                    break;
                default: break;
            }
        }
        std::unordered_set<std::string> defined;
        for (const check::SymbolFact& f : facts().symbols)
            if (f.kind == check::SymbolKind::Dim || f.kind == check::SymbolKind::Model ||
                f.kind == check::SymbolKind::Data || f.kind == check::SymbolKind::Function ||
                f.kind == check::SymbolKind::ExternFunction || f.kind == check::SymbolKind::PythonModule)
                defined.insert(f.name);  // the file's items
        for (const BuiltinDoc& d : builtin_docs())
            if (!defined.count(d.name) && !local(d.name) && (d.is_call || !callable_only))
                add(group + 1, d.name, CompletionKind::Function, d.signature, d.doc);
        for (const BuiltinDoc& d : pattern_function_docs())
            add(group + 1, d.name, CompletionKind::Function, d.signature, d.doc);
    }

    // Everything an expression in a function body may name.
    void add_expression_names(bool statement_start) {
        for (auto it = locals_.rbegin(); it != locals_.rend(); ++it)
            add(1, it->name, it->parameter ? CompletionKind::Parameter : CompletionKind::Variable, it->type.shown());
        for (const check::SymbolFact& f : facts().symbols)
            if (f.kind == check::SymbolKind::Axis && own_axis(f.definition))
                add(2, f.name, CompletionKind::Axis, check::describe(f));
        add_items(2);
        if (statement_start) add_keywords(4, syntax::KeywordRole::Statement);
        add_keywords(4, syntax::KeywordRole::Value);
        add_keywords(4, syntax::KeywordRole::Prefix);
    }

    void add_top_level() {
        add_keywords(4, syntax::KeywordRole::Item);
        add(5, "fn", CompletionKind::Snippet, "fn name(x: [n]) -> [n]:", "A function",
            "fn ${1:name}(${2:x}: ${3:[n]}) -> ${4:[n]}:\n    ${0:return $2}", true);
        add(5, "model", CompletionKind::Snippet, "model Name: fields",
            "A model: parameters with shapes and initialisers",
            "model ${1:Name}:\n    ${2:w}: ${3:[D D]} = ${0:normal(0.02)}", true);
        add(5, "data", CompletionKind::Snippet, "data Name: fields", "A data record: one example's fields",
            "data ${1:Name}:\n    ${2:x}: ${0:[D]}", true);
    }

    // ------------------------------------------------------------ contexts

    // `m.`, `batch.`, `Mlp.`: fields, or a model's `init`.
    bool member() {
        const Token* p = prev();
        if (!p || !is(*p, ".")) return false;
        const auto& t = c_.tokens;
        size_t i = t.size() - 1;
        std::vector<std::string_view> chain;
        while (i >= 1 && is_name(t[i - 1])) {
            chain.insert(chain.begin(), t[i - 1].text);
            if (i >= 3 && is(t[i - 2], ".")) i -= 2;
            else break;
        }
        if (chain.empty()) return true;  // `f(x).`, `3.`: nothing known
        if (chain.size() == 1 && !local(chain[0])) {
            bool is_model = false;
            if (record(chain[0], &is_model) && is_model)
                add(0, "init", CompletionKind::Function, "init(seed: int) -> " + std::string(chain[0]),
                    "Makes a `" + std::string(chain[0]) + "` with each field drawn by its initialiser from `seed`.",
                    "init(seed=${1:0})", true);
            return true;
        }
        ValueType type = chain_type(chain);
        bool batch = false;
        const ast::Item* rec = type.empty() ? nullptr : record_of_type(type, &batch);
        if (rec) add_fields(*rec, batch, std::holds_alternative<ast::ModelDef>(rec->node));
        return true;
    }

    // Inside `[...]` of a tensor type, `causal[...]`, `Index[...]`.
    bool axes_bracket() {
        const Bracket* b = inner();
        if (!b) return false;
        bool record_item = c_.item == ItemKind::Model || c_.item == ItemKind::Data;
        if (b->role == BracketRole::TensorType || b->role == BracketRole::Causal) {
            // `x as [`: x's axes first.
            std::vector<std::string> axes;
            ValueType type;
            if (b->open >= 1 && is(c_.tokens[b->open - 1], "as")) {
                type = expression_type(operand_before(c_, b->open - 1));
                axes = axis_names(type);
            }
            add_axes(axes, type.shown(), record_item);
            return true;
        }
        if (b->role == BracketRole::TypeArgs) {
            std::string_view type = b->open >= 1 ? c_.tokens[b->open - 1].text : "";
            for (const check::SymbolFact& f : facts().symbols) {
                if ((type == "Dataset" || type == "Batch") && f.kind == check::SymbolKind::Data)
                    add(0, f.name, CompletionKind::Data, check::describe(f));
                if (type == "Optimizer" && f.kind == check::SymbolKind::Model)
                    add(0, f.name, CompletionKind::Model, check::describe(f));
            }
            if (type == "Index") add_axes({}, "", record_item);
            return true;
        }
        return false;
    }

    bool type_context() {
        if (type_position(c_)) {
            add_types();
            return true;
        }
        if (element_position(c_)) {
            for (auto& [name, doc] : kElementTypes) add(0, name, CompletionKind::Type, "element type", doc);
            return true;
        }
        const Token* p = prev();
        const Token* pp = prev2();
        if (p && pp && p->kind == TokenKind::Identifier &&
            (p->text == "Logit" || p->text == "Prob" || p->text == "LogProb")) {
            add(0, "over", CompletionKind::Keyword);
            return true;
        }
        if (p && pp && is(*p, "over") && pp->kind == TokenKind::Identifier &&
            (pp->text == "Logit" || pp->text == "Prob" || pp->text == "LogProb")) {
            // The axes of the tensor type just written.
            std::vector<std::string> axes;
            for (size_t i = c_.tokens.size() - 2; i-- > 0;) {
                if (is(c_.tokens[i], "]") && c_.tokens[i].closes == BracketRole::TensorType) {
                    size_t j = i;
                    while (j > 0 && !(is(c_.tokens[j - 1], "[") && c_.tokens[j - 1].depth == c_.tokens[i].depth)) --j;
                    for (size_t k = j; k < i; ++k)
                        if (c_.tokens[k].kind == TokenKind::Identifier && c_.tokens[k].depth == c_.tokens[i].depth + 1)
                            axes.emplace_back(c_.tokens[k].text);
                    break;
                }
            }
            add_axes(axes, "the tensor type", c_.item == ItemKind::Model || c_.item == ItemKind::Data);
            return true;
        }
        return false;
    }

    // The axes of the operands of a call or pattern call.
    std::pair<std::vector<std::string>, std::string> operand_axes(const Bracket& b) const {
        std::vector<ByteRange> operands;
        ByteRange first = call_operand(c_, b);
        if (is_piped(c_, b)) operands.push_back(first);
        if (b.role == BracketRole::PatternCall && b.colon) {
            // einsum(q, k: ...), rearrange(x: ...): the operands before `:`.
            int depth = c_.tokens[b.open].depth + 1;
            size_t start = b.open + 1;
            for (size_t i = b.open + 1; i <= b.colon && i < c_.tokens.size(); ++i)
                if (i == b.colon || (c_.tokens[i].depth == depth && is(c_.tokens[i], ","))) {
                    if (i > start) operands.push_back({c_.tokens[start].begin, c_.tokens[i - 1].end});
                    start = i + 1;
                }
        } else if (!is_piped(c_, b) && b.role == BracketRole::Call) {
            operands.push_back(first);
        }
        std::vector<std::string> axes;
        std::string types;
        for (ByteRange r : operands) {
            ValueType type = expression_type(r);
            if (type.empty()) continue;
            for (std::string& a : axis_names(type))
                if (std::find(axes.begin(), axes.end(), a) == axes.end()) axes.push_back(std::move(a));
            types += (types.empty() ? "" : ", ") + type.shown();
        }
        return {axes, types};
    }

    bool pattern_call() {
        const Bracket* b = inner();
        if (!b || b->role != BracketRole::PatternCall) return false;
        std::string_view f = b->callee.empty() ? std::string_view() : std::string_view(b->callee[0]);
        if (f == "einsum" && !b->colon) {
            add_expression_names(false);
            return true;
        }
        if (b->arrow && b->argument_start > b->arrow) {
            // After the pattern: reduce's reducer, or sizes `h=16`.
            if (f == "reduce") {
                for (std::string_view r : syntax::kReducers)
                    add(0, std::string(r), CompletionKind::Keyword, "reducer",
                        "Reduces the axes the output leaves out");
                return true;
            }
            if (current_keyword(c_, *b).empty() && b->argument_start == c_.tokens.size())
                for (const std::string& name : written_axes())
                    add(0, name + "=", CompletionKind::Parameter, "the size of " + name);
            add_expression_names(false);
            return true;
        }
        auto [axes, types] = operand_axes(*b);
        add_axes(axes, types, false);
        return true;
    }

    struct CalleeParams {
        std::vector<std::string> names;
        std::vector<std::string> labels;
        std::vector<bool> variadic;
        bool known = false;
    };

    CalleeParams callee_params(const Bracket& b) const {
        CalleeParams out;
        if (b.callee.empty()) return out;
        if (b.callee.size() == 2 && b.callee[1] == "init" && !local(b.callee[0])) {
            bool is_model = false;
            if (record(b.callee[0], &is_model) && is_model) {
                out.known = true;
                out.names = {"seed"};
                out.labels = {"seed: int"};
                out.variadic = {false};
            }
            return out;
        }
        if (b.callee.size() != 1 || local(b.callee[0])) return out;
        if (const ast::Item* item = function(b.callee[0])) {
            FunctionLabel label = function_label(s_, *item);
            out.known = true;
            out.names = label.names;
            for (auto [from, to] : label.params) {
                out.labels.push_back(label.label.substr(from, to - from));
                out.variadic.push_back(false);
            }
            return out;
        }
        if (const BuiltinDoc* d = builtin_doc(b.callee[0])) {
            out.known = true;
            for (const BuiltinParam& p : d->params) {
                out.names.push_back(p.name);
                out.labels.push_back(p.label);
                out.variadic.push_back(p.variadic);
            }
        }
        return out;
    }

    bool call() {
        const Bracket* b = inner();
        if (!b || b->role != BracketRole::Call) return false;
        CalleeParams params = callee_params(*b);
        std::string_view keyword = current_keyword(c_, *b);
        size_t argument_tokens = c_.tokens.size() - std::min(b->argument_start, c_.tokens.size());
        if (!keyword.empty() && argument_tokens == 2) {
            // `over=`: an axis of the operand.
            bool axis = keyword == "over";
            for (size_t i = 0; i < params.names.size(); ++i)
                if (params.names[i] == keyword && params.labels[i].find(": axis") != std::string::npos) axis = true;
            if (axis) {
                auto [axes, types] = operand_axes(*b);
                add_axes(axes, types, false);
                return true;
            }
            add_expression_names(false);
            return true;
        }
        if (argument_tokens == 0 && params.known) {
            // Keyword arguments not given yet, past the positional ones.
            std::unordered_set<std::string> given;
            int depth = c_.tokens[b->open].depth + 1;
            for (size_t i = b->open + 1; i + 1 < c_.tokens.size(); ++i)
                if (c_.tokens[i].depth == depth && is_name(c_.tokens[i]) && is(c_.tokens[i + 1], "=") &&
                    (is(c_.tokens[i - 1], "(") || is(c_.tokens[i - 1], ",")))
                    given.insert(std::string(c_.tokens[i].text));
            size_t positional = static_cast<size_t>(b->commas) + (is_piped(c_, *b) ? 1 : 0);
            for (size_t i = 0; i < params.names.size(); ++i) {
                if (i < positional || params.variadic[i] || given.count(params.names[i])) continue;
                if (params.names[i].empty()) continue;
                add(0, params.names[i] + "=", CompletionKind::Parameter, params.labels[i]);
            }
        }
        if (c_.item == ItemKind::Model || c_.item == ItemKind::Data) {
            add_dims(1);
            return true;
        }
        add_expression_names(false);
        return true;
    }

    bool after_operand() const {
        const Token* p = prev();
        if (!p || p->end == c_.prefix_begin) return false;  // `x.f|`: not after a space
        if (p->kind == TokenKind::Identifier || p->kind == TokenKind::Number || p->kind == TokenKind::String)
            return true;
        if (p->kind == TokenKind::Keyword) return p->text == "true" || p->text == "false" || p->text == "inf";
        return p->kind == TokenKind::Punct && (p->text == ")" || p->text == "]");
    }

    bool statement_starts_with_for() const {
        for (size_t i = c_.tokens.size(); i-- > 0;) {
            if (c_.tokens[i].kind == TokenKind::Newline) return i + 1 < c_.tokens.size() && is(c_.tokens[i + 1], "for");
            if (i == 0) return is(c_.tokens[0], "for");
        }
        return false;
    }

    void dispatch() {
        const Token* p = prev();
        bool depth0 = c_.open.empty();
        if (depth0 && c_.at_line_start && c_.column == 0) {
            add_top_level();
            return;
        }
        if (member()) return;
        if (p && (is(*p, "fn") || is(*p, "model") || is(*p, "data") || is(*p, "dim") || is(*p, "for") ||
                  is(*p, "devices") || is(*p, "python")))
            return;  // a new name
        if (axes_bracket()) return;
        if (type_context()) return;
        if (pattern_call()) return;
        const Bracket* b = inner();
        switch (c_.item) {
            case ItemKind::None: add_top_level(); return;
            case ItemKind::Import:
                if (p && is(*p, "import")) add(0, "python", CompletionKind::Keyword);
                return;
            case ItemKind::Devices:
            case ItemKind::ExternFn:
                if (b && b->role == BracketRole::ParamList && p && (is(*p, "(") || is(*p, ",")))
                    add(0, "mut", CompletionKind::Keyword);
                return;
            case ItemKind::Dim:
                if (p && (is(*p, "=") || p->kind == TokenKind::Punct)) {
                    std::string_view self = c_.tokens.size() > 1 ? c_.tokens[1].text : "";
                    add_dims(0, self);
                }
                return;
            case ItemKind::Model:
            case ItemKind::Data:
                if (call()) return;
                if (depth0 && p && is(*p, "=") && c_.item == ItemKind::Model) {
                    for (const check::Builtin& init : check::builtin_table())
                        if (const BuiltinDoc* d =
                                init.typing == check::BuiltinTyping::Initializer ? builtin_doc(init.name) : nullptr)
                            add(0, d->name, CompletionKind::Function, d->signature, d->doc);
                    add_dims(1);
                }
                return;
            case ItemKind::Fn: break;
        }
        // A function: its header, then its body.
        if (b && b->role == BracketRole::ParamList) {
            if (p && (is(*p, "(") || is(*p, ","))) add(0, "mut", CompletionKind::Keyword);
            else if (p && is(*p, "=")) {
                add_dims(0);
                add_keywords(4, syntax::KeywordRole::Value);
            }
            return;
        }
        bool in_body = false;
        for (const Token& t : c_.tokens)
            if (t.kind == TokenKind::Newline) in_body = true;
        if (!in_body) return;  // `fn f(...) -> R` then more header
        if (call()) return;
        if (after_operand()) {
            add_keywords(4, syntax::KeywordRole::Infix);
            if (statement_starts_with_for()) add(0, "in", CompletionKind::Keyword);
            return;
        }
        if (p && is(*p, "|>")) {
            add_items(0, true);  // a pipeline stage: a function
            return;
        }
        bool statement_start = depth0 && (!p || p->kind == TokenKind::Newline);
        add_expression_names(statement_start);
    }

    const Snapshot& s_;
    TextContext c_;
    std::unique_ptr<check::DocumentAnalysis> repaired_;
    mutable std::optional<std::unordered_map<std::string_view, const ast::Item*>> items_by_name_;
    const check::CheckResult* repaired_facts_ = nullptr;
    std::vector<Local> locals_;
    std::vector<CompletionEntry> out_;
    std::unordered_set<std::string> seen_;
    std::unordered_map<std::string, std::function<void(CompletionEntry&)>> fills_;  // by entry_key
};

}  // namespace

// A failure here is a bug: it reaches the LSP boundary, which logs it and
// answers the request with an error, and the tests of random edits see it.
std::vector<CompletionEntry> complete(const Snapshot& snapshot, uint32_t offset) {
    return Completer(snapshot, lex_context(snapshot, offset)).run();
}

}  // namespace ss::ide
