#include "check/analyze.hpp"

#include <algorithm>
#include <string>
#include <thread>

#include "check/checker.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::check {

std::vector<Diagnostic> analyze_source(std::string_view source) {
    syntax::SyntaxTree tree{std::string(source)};
    ast::File file = syntax::lower(tree);
    // The syntax diagnostics and the checker only read the tree and the
    // AST: on a large file they run side by side.
    std::vector<Diagnostic> out;
    CheckResult checked;
    if (source.size() > 128 * 1024) {
        std::thread syntax_pass([&] { out = syntax::syntax_diagnostics(tree, file); });
        try {
            checked = check_file(file, tree.text());
        } catch (...) {
            syntax_pass.join();  // never leave a joinable thread behind
            throw;
        }
        syntax_pass.join();
    } else {
        out = syntax::syntax_diagnostics(tree, file);
        checked = check_file(file, tree.text());
    }
    out.insert(out.end(), checked.diagnostics.begin(), checked.diagnostics.end());
    std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return out;
}

}  // namespace ss::check
