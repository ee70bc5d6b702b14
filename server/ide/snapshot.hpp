// What every editor feature works on: one analysed state of one document.
//
// The features in server/ide/ answer questions (hover, definition,
// completion, tokens, ...) from the checker's facts, the AST and the
// concrete syntax trees. They know nothing of JSON or of LSP positions:
// they take and return byte offsets into `text`, and server/lsp/ converts
// at the edge (UTF-16 or UTF-8 columns, JSON). A snapshot is only read, and
// is valid until the document's next edit.
#pragma once

#include <string_view>

#include "check/document.hpp"
#include "diag/line_index.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::ide {

struct Snapshot {
    std::string_view text;
    const LineIndex& lines;                 // of `text`
    const check::DocumentResult& result;    // diagnostics, facts, items
    const syntax::SyntaxTree& tree;         // the trees of `text`
};

}  // namespace ss::ide
