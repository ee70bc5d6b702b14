// Syntax diagnostics (E00xx) of one source text: encoding problems, parse
// errors (tree-sitter ERROR nodes) and missing tokens (MISSING nodes).
#pragma once

#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "syntax/ast.hpp"

namespace ss::syntax {

class SyntaxTree;
struct ChunkView;

// One chunk's syntax diagnostics, positions in the whole source; `lowered`
// is the lowering's (its too_deep and positional_after_keyword in the chunk
// are reported). Not capped or sorted across chunks:
// merge_syntax_diagnostics does that.
std::vector<Diagnostic> chunk_syntax_diagnostics(std::string_view whole_text, const ChunkView& chunk,
                                                 const ast::File& lowered);

// Sorted by position, at most 50 of each code in a file.
std::vector<Diagnostic> merge_syntax_diagnostics(std::vector<Diagnostic> all);

// The syntax diagnostics of a parsed (possibly incrementally) tree and its
// AST, sorted by position.
std::vector<Diagnostic> syntax_diagnostics(const SyntaxTree& tree, const ast::File& file);

// Parses `source` from scratch and returns its syntax diagnostics, sorted by
// position. Never throws on bad input: bad bytes become diagnostics.
std::vector<Diagnostic> check_syntax(std::string_view source);

}  // namespace ss::syntax
