#include "ide/hover.hpp"

#include <algorithm>
#include <map>

#include "check/builtins.hpp"
#include "ide/builtin_docs.hpp"
#include "ide/navigation.hpp"

namespace ss::ide {

namespace {

using check::SymbolFact;
using check::SymbolKind;

std::string code_block(const std::string& text) { return "```shapescript\n" + text + "\n```"; }

// Dim name -> its value, from the dims' facts (`dim Dh = D / H = 64`).
std::map<std::string, std::string> dim_values(const Snapshot& s) {
    std::map<std::string, std::string> out;
    for (const SymbolFact& f : s.result.check.symbols) {
        if (f.kind != SymbolKind::Dim) continue;
        size_t eq = f.detail.rfind(" = ");
        if (eq == std::string::npos) continue;
        std::string value = f.detail.substr(eq + 3);
        if (!value.empty() && std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
            out[f.name] = value;
    }
    return out;
}

// The smallest expression fact around `offset`.
const check::ExpressionFact* expression_at(const Snapshot& s, uint32_t offset) {
    const check::ExpressionFact* best = nullptr;
    for (const check::ExpressionFact& e : s.result.check.expressions)
        if (e.range.begin <= offset && offset < e.range.end &&
            (!best || e.range.end - e.range.begin < best->range.end - best->range.begin))
            best = &e;
    return best;
}

// A function's or extern function's header as written, for its hover.
std::string item_signature(const Snapshot& s, const SymbolFact& fact) {
    const ast::Item* item = item_containing(s, fact.definition);
    if (!item) return {};
    uint32_t end = item->range.end;
    if (auto* fn = std::get_if<ast::FnDef>(&item->node)) end = fn->body.range.begin;
    else if (!std::holds_alternative<ast::ExternFn>(item->node)) return {};
    std::string header(s.text.substr(item->range.begin, end - item->range.begin));
    while (!header.empty() && (header.back() == ' ' || header.back() == '\n' || header.back() == '\r' ||
                               header.back() == ':'))
        header.pop_back();
    return header;
}

// The fact of `symbol` an occurrence at `at` belongs to: for a local
// assigned twice, the last assignment at or before it.
const SymbolFact* fact_for(const SymbolAt& symbol, ByteRange at) {
    const SymbolFact* best = symbol.facts.front();
    for (const SymbolFact* f : symbol.facts)
        if (f->definition.begin <= at.begin) best = f;
    return best;
}

}  // namespace

std::string evaluated_type(const Snapshot& s, const std::string& type) {
    std::map<std::string, std::string> dims = dim_values(s);
    std::string out;
    for (size_t i = 0; i < type.size();) {
        if (is_name_char(type[i]) && !(type[i] >= '0' && type[i] <= '9')) {
            size_t j = i;
            while (j < type.size() && is_name_char(type[j])) ++j;
            std::string word = type.substr(i, j - i);
            auto it = dims.find(word);
            // Only inside brackets: an element type's `Index[V]` bound too.
            out += it != dims.end() ? it->second : word;
            i = j;
        } else {
            out += type[i++];
        }
    }
    return out;
}

std::optional<HoverInfo> hover(const Snapshot& s, uint32_t offset) {
    if (auto symbol = symbol_at(s, offset)) {
        const SymbolFact& fact = *fact_for(*symbol, symbol->occurrence);
        std::string shown = fact.detail;
        if (fact.kind == SymbolKind::Function || fact.kind == SymbolKind::ExternFunction) {
            std::string header = item_signature(s, fact);
            if (!header.empty()) shown = header;
            size_t inferred = fact.detail.find(" -> ");
            if (inferred != std::string::npos && header.find("->") == std::string::npos)
                shown += fact.detail.substr(inferred);
        }
        std::string markdown = code_block(shown);
        size_t colon = shown.find(": [");
        if (colon != std::string::npos && fact.kind != SymbolKind::Dim) {
            std::string type = shown.substr(colon + 2);
            std::string value = evaluated_type(s, type);
            if (value != type) markdown += "\n\nsizes: `" + value + "`";
        }
        return HoverInfo{symbol->occurrence, markdown};
    }
    const check::ExpressionFact* expression = expression_at(s, offset);
    ByteRange word = identifier_at(s.text, offset);
    if (word.begin < word.end) {
        std::string name(s.text.substr(word.begin, word.end - word.begin));
        if (const BuiltinDoc* doc = builtin_doc(name)) {
            std::string markdown = code_block(doc->signature);
            if (!doc->doc.empty()) markdown += "\n\n" + doc->doc;
            if (expression) markdown += "\n\ngives `" + expression->type + "` here";
            return HoverInfo{word, markdown};
        }
    }
    if (expression) {
        std::string markdown = code_block(expression->type);
        std::string value = evaluated_type(s, expression->type);
        if (value != expression->type) markdown += "\n\nsizes: `" + value + "`";
        return HoverInfo{expression->range, markdown};
    }
    return std::nullopt;
}

}  // namespace ss::ide
