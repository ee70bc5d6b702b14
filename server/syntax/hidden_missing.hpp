// Where a hidden token the parser inserted as MISSING belongs.
//
// The scanner's zero-width tokens (NEWLINE, INDENT, DEDENT: `_newline`,
// `_indent`, `_dedent` in grammar.js) are hidden, and tree-sitter's cursors
// and ts_node_child never show a hidden node, not even a MISSING one. Such a
// token is missing where two statements share a line (`x = 1  y = 2`) or a
// line ends in a character the scanner doesn't take for the end of the line
// (a vertical tab). All the tree shows is a node that has an error although
// none of its visible children has one (nor is an ERROR or MISSING node): the
// missing token is that node's own. The syntax diagnostics (E0002) and the
// formatter's guard both use this to place it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <tree_sitter/api.h>

namespace ss::syntax {

struct ChunkView;

struct HiddenMissing {
    uint32_t offset = 0;   // in the whole source
    std::string expected;  // for "expected {expected} here"; empty when unknown
};

// When `node` (of `chunk`'s tree) has an error that none of its visible
// children has, where its missing hidden token belongs and what it is;
// nullopt otherwise (no error, or an error some child accounts for).
//
// In a block, a field block or a file, the token goes at the first line end
// the scanner could not see: after a statement (item, field) followed on its
// line by anything but blanks or a comment, such as a second statement ("the
// end of the line"). A block or field block without one misses its DEDENT
// ("the end of the block"): after its last statement, or at the control
// character (a vertical tab) just after it that hid the next line from the
// scanner. Any other node's own hidden token is its closing NEWLINE ("the end
// of the line"), after its last visible child. A file with no such place (no
// grammar rule gives it a hidden token of its own) gets its start and an
// empty `expected`.
std::optional<HiddenMissing> hidden_missing_token(const ChunkView& chunk, TSNode node);

}  // namespace ss::syntax
