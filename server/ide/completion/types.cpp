// The types of values before the offset (context.hpp), from the checker's
// facts, or from types as written when a text mid-edit has no fact.
#include <algorithm>
#include <variant>

#include "ide/completion/context.hpp"

namespace ss::ide::completion {

using namespace text;

namespace {

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

bool is_identifier_text(const std::string& s) {
    if (s.empty() || !ident_start(s[0])) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return ident_char(c); });
}

}  // namespace

// The checker's type, when it knows one.
ValueType known(const check::TypeRef& type) {
    if (!type || type->kind == check::TypeKind::Unknown) return {};
    return {type, ""};
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

// `for batch in data |> batches(64)` makes `batch` a Batch[T].
ValueType CompletionContext::for_target_type(ByteRange iterable) const {
    ValueType type = fact_type(iterable, true);
    if (!type.checked || type.checked->kind != check::TypeKind::Batches) return {};
    return known(std::make_shared<check::Type>(check::of_kind(check::TypeKind::Batch, type.checked->ref)));
}

// The expression fact for `range`, or for a pipe stage ending it.
ValueType CompletionContext::fact_type(ByteRange range, bool allow_stage) const {
    const check::ExpressionFact* best = nullptr;
    for (const check::ExpressionFact& e : facts().expressions) {
        if (e.range.begin == range.begin && e.range.end == range.end) return {e.type, ""};
        if (!allow_stage || e.range.end != range.end || e.range.begin <= range.begin) continue;
        // A stage `x |> f |> g`: the text before it ends with `|>`.
        std::string_view before = s.text.substr(range.begin, e.range.begin - range.begin);
        size_t last = before.find_last_not_of(" \t\r\n");
        if (last == std::string_view::npos || last < 1 || before.substr(last - 1, 2) != "|>") continue;
        if (!best || e.range.begin < best->range.begin) best = &e;
    }
    return best ? ValueType{best->type, ""} : ValueType{};
}

// The file's items by name (the first of a name, as the checker keeps).
const std::unordered_map<std::string_view, const ast::Item*>& CompletionContext::items_by_name() const {
    if (!items_by_name_) {
        items_by_name_.emplace();
        for (const ast::Item* item : s.result.items) {
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

const ast::Item* CompletionContext::record(std::string_view name, bool* is_model) const {
    auto it = items_by_name().find(name);
    if (it == items_by_name().end()) return nullptr;
    bool model = std::holds_alternative<ast::ModelDef>(it->second->node);
    if (!model && !std::holds_alternative<ast::DataDef>(it->second->node)) return nullptr;
    if (is_model) *is_model = model;
    return it->second;
}

const ast::Item* CompletionContext::function(std::string_view name) const {
    auto it = items_by_name().find(name);
    if (it == items_by_name().end()) return nullptr;
    const auto& node = it->second->node;
    return std::holds_alternative<ast::FnDef>(node) || std::holds_alternative<ast::ExternFn>(node) ? it->second
                                                                                                   : nullptr;
}

const std::vector<ast::Field>* CompletionContext::fields_of(const ast::Item& item) {
    if (auto* m = std::get_if<ast::ModelDef>(&item.node)) return &m->fields;
    if (auto* d = std::get_if<ast::DataDef>(&item.node)) return &d->fields;
    return nullptr;
}

// A field's type as a value of type `owner` shows it: a batch's fields
// gain the leading axis `b`.
std::string CompletionContext::field_type(const ast::Field& f, bool batch) const {
    std::string type = f.type ? slice(f.type->range) : "";
    if (!batch || type.empty()) return type;
    if (type[0] == '[') return type.size() > 1 && type[1] == ']' ? "[b" + type.substr(1) : "[b " + type.substr(1);
    return "[b] " + type;
}

// The record a value of type `type` has fields of: `Mlp`, `Digit`,
// `Batch[Digit]`.
const ast::Item* CompletionContext::record_of_type(const ValueType& type, bool* batch) const {
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
ValueType CompletionContext::chain_type(const std::vector<std::string_view>& chain) const {
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
ValueType CompletionContext::expression_type(ByteRange range) const {
    if (range.begin >= range.end) return {};
    ValueType fact = fact_type(range, false);
    if (!fact.empty()) return fact;
    std::vector<const Token*> tokens;
    for (const Token& t : c.tokens)
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

}  // namespace ss::ide::completion
