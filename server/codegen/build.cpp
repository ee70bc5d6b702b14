#include "codegen/build.hpp"

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

BuildOutput build_python(const std::string& source, const Options& options) {
    BuildOutput out;
    // One analysis, the one `shapescript check` runs, keeping the types the
    // generator needs: the file is checked once.
    check::DocumentAnalysis document{source, true};
    const check::DocumentResult& checked = document.analyze();
    analysis::Result analysed = analysis::analyze(checked.check);
    out.diagnostics = analysis::with_analyses(checked.diagnostics, analysed);
    for (const Diagnostic& d : out.diagnostics)
        if (d.severity == Severity::Error) ++out.errors;
    if (out.errors) return out;
    try {
        out.module = generate_python(checked, analysed, source, options);
    } catch (const CodegenError& e) {
        out.unsupported = Unsupported{e.range, e.message};
    }
    return out;
}

}  // namespace ss::codegen
