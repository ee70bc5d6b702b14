// Lowering of the tree-sitter concrete syntax tree to the typed AST.
#pragma once

#include "syntax/ast.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::syntax {

// Builds the AST of the tree's current text. Total: any tree, including one
// full of ERROR and MISSING nodes, lowers without throwing.
ast::File lower(const SyntaxTree& tree);

// The AST of one chunk's items (whole-source ranges).
ast::File lower_chunk(const ChunkView& chunk);

}  // namespace ss::syntax
