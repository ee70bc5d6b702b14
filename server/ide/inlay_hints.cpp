#include "ide/inlay_hints.hpp"

#include <algorithm>

#include "check/describe.hpp"

namespace ss::ide {

namespace {

// A pipeline stage is an expression written right after `|>`.
bool after_pipe(std::string_view text, uint32_t begin) {
    size_t i = begin;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n' || text[i - 1] == '\r')) --i;
    return i >= 2 && text[i - 2] == '|' && text[i - 1] == '>';
}

}  // namespace

std::vector<InlayHint> inlay_hints(const Snapshot& s, ByteRange visible) {
    std::vector<InlayHint> out;
    auto wanted = [&](uint32_t at) { return visible.begin <= at && at <= visible.end; };
    for (const check::SymbolFact& f : s.result.check.symbols) {
        // A local's type; a parameter's is written.
        if (f.kind != check::SymbolKind::Local || !wanted(f.definition.end)) continue;
        if (!f.type || !check::fully_known(*f.type)) continue;
        out.push_back({f.definition.end, ": " + check::describe(*f.type), true, false});
    }
    for (const check::ExpressionFact& e : s.result.check.expressions) {
        if (!wanted(e.range.end) || !check::fully_known(*e.type) || !after_pipe(s.text, e.range.begin)) continue;
        out.push_back({e.range.end, check::describe(*e.type), true, true});
    }
    // After a loop's batches, whether its last batch is padded (docs/padding.md).
    if (s.analysed)
        for (const analysis::Fact& f : s.analysed->facts) {
            if (!wanted(f.range.end)) continue;
            if (f.kind == analysis::FactKind::PaddedLoop)
                out.push_back({f.range.end, "last batch padded", false, true});
            if (f.kind == analysis::FactKind::UnpaddedLoop)
                out.push_back({f.range.end, "last batch not padded", false, true});
        }
    std::stable_sort(out.begin(), out.end(),
                     [](const InlayHint& a, const InlayHint& b) { return a.offset < b.offset; });
    return out;
}

}  // namespace ss::ide
