// What every editor feature works on: one analysed state of one document.
//
// The features in server/ide/ answer questions (hover, definition,
// completion, tokens, ...) from the checker's facts, the AST and the
// concrete syntax trees. They know nothing of JSON or of LSP positions:
// they take and return byte offsets into `text`, and server/lsp/ converts
// at the edge (UTF-16 or UTF-8 columns, JSON). A snapshot is only read, and
// is valid until the document's next edit.
#pragma once

#include <algorithm>
#include <string_view>

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "diag/line_index.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::ide {

struct Snapshot {
    std::string_view text;
    const LineIndex& lines;               // of `text`
    const check::DocumentResult& result;  // diagnostics, facts, items
    const syntax::SyntaxTree& tree;       // the trees of `text`
    const analysis::Result* analysed;     // the analyses' facts (padding), or null when not run
    // How the document's imports find their modules (check/modules.hpp):
    // a text made from it (completion's repaired copy) imports the same.
    check::ImportResolver imports = nullptr;
};

// The item whose range holds `r`, or null: a binary search, since the
// items are in source order and don't overlap.
inline const ast::Item* item_containing(const Snapshot& s, ByteRange r) {
    const auto& items = s.result.items;
    auto after = std::upper_bound(items.begin(), items.end(), r.begin,
                                  [](uint32_t at, const ast::Item* item) { return at < item->range.begin; });
    if (after == items.begin()) return nullptr;
    const ast::Item* item = *(after - 1);
    return item->range.begin <= r.begin && r.end <= item->range.end ? item : nullptr;
}

}  // namespace ss::ide
