#include "codegen/build.hpp"

#include "check/analyze.hpp"
#include "check/checker.hpp"
#include "codegen/emitter.hpp"
#include "syntax/lower.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::codegen {

BuildOutput build_python(const std::string& source, const Options& options) {
    BuildOutput out;
    out.diagnostics = check::analyze_source(source);
    for (const Diagnostic& d : out.diagnostics)
        if (d.severity == Severity::Error) ++out.errors;
    if (out.errors) return out;
    syntax::SyntaxTree tree{source};
    ast::File file = syntax::lower(tree);
    check::TypedProgram typed = check::check_program(file, source);
    try {
        out.module = generate_python(file, source, typed, options);
    } catch (const CodegenError& e) {
        out.unsupported = Unsupported{e.range, e.message};
    }
    return out;
}

}  // namespace ss::codegen
