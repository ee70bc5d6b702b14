#include "check/prelude.hpp"

#include <string>

#include "syntax/lower.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::check {

const ast::File& prelude_ast() {
    // Thread-safe initialisation; the AST only points into its own strings.
    static const ast::File file = [] {
        syntax::SyntaxTree tree{std::string(prelude_text())};
        return syntax::lower(tree);
    }();
    return file;
}

}  // namespace ss::check
