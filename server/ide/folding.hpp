// Folding ranges: items, blocks, multi-line brackets, comment runs and
// import runs, by 0-based line (server/lsp/ passes lines through as they are).
#pragma once

#include <cstdint>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

enum class FoldingKind { Region, Comment, Imports };

struct FoldingRange {
    uint32_t start_line = 0;  // 0-based: the line the fold's header is on
    uint32_t end_line = 0;    // 0-based: the last line with the fold's content (never a trailing blank line)
    FoldingKind kind = FoldingKind::Region;
};

// What folds: a multi-line `fn`, `model` or `data` item (from its header to
// its last line); an `if`, `elif`, `else` or `for` with its block; a
// bracketed list that spans lines (parameters, arguments, lists, tuples,
// parentheses, pattern calls, type arguments); a statement that spans
// lines (`x = a\n    |> f`); a run of two or more lines
// that hold only a comment (Comment); a run of `import python` items
// (Imports). A fold's end is its last line of code: comments after it
// fold on their own. Every range has start_line < end_line; they are sorted
// by start line, at most one per start line (the outermost).
std::vector<FoldingRange> folding_ranges(const Snapshot& snapshot);

}  // namespace ss::ide
