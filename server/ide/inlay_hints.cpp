#include "ide/inlay_hints.hpp"

#include <algorithm>

namespace ss::ide {

namespace {

bool known(const std::string& type) { return !type.empty() && type.find('?') == std::string::npos; }

// A pipeline stage is an expression written right after `|>`.
bool after_pipe(std::string_view text, uint32_t begin) {
    size_t i = begin;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n' || text[i - 1] == '\r')) --i;
    return i >= 2 && text[i - 2] == '|' && text[i - 1] == '>';
}

bool in_body(const Snapshot& s, ByteRange r) {
    const ast::Item* item = item_containing(s, r);
    auto* fn = item ? std::get_if<ast::FnDef>(&item->node) : nullptr;
    return fn && fn->body.range.begin <= r.begin && r.end <= fn->body.range.end;
}

}  // namespace

std::vector<InlayHint> inlay_hints(const Snapshot& s, ByteRange visible) {
    std::vector<InlayHint> out;
    auto wanted = [&](uint32_t at) { return visible.begin <= at && at <= visible.end; };
    for (const check::SymbolFact& f : s.result.check.symbols) {
        if (f.kind != check::SymbolKind::Parameter || !wanted(f.definition.end)) continue;
        if (!in_body(s, f.definition)) continue;  // a parameter's type is written
        size_t colon = f.detail.find(": ");
        if (colon == std::string::npos) continue;
        std::string type = f.detail.substr(colon + 2);
        if (!known(type)) continue;
        out.push_back({f.definition.end, ": " + type, true, false});
    }
    for (const check::ExpressionFact& e : s.result.check.expressions) {
        if (!wanted(e.range.end) || !known(e.type) || !after_pipe(s.text, e.range.begin)) continue;
        out.push_back({e.range.end, e.type, true, true});
    }
    std::stable_sort(out.begin(), out.end(), [](const InlayHint& a, const InlayHint& b) { return a.offset < b.offset; });
    return out;
}

}  // namespace ss::ide
