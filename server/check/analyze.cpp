#include "check/analyze.hpp"

#include <algorithm>
#include <string>

#include "check/checker.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_check.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::check {

std::vector<Diagnostic> analyze_source(std::string_view source) {
    syntax::SyntaxTree tree{std::string(source)};
    ast::File file = syntax::lower(tree);
    std::vector<Diagnostic> out = syntax::syntax_diagnostics(tree, file);
    CheckResult checked = check_file(file, tree.text());
    out.insert(out.end(), checked.diagnostics.begin(), checked.diagnostics.end());
    std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return out;
}

}  // namespace ss::check
