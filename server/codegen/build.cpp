#include "codegen/build.hpp"

#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/export.hpp"
#include "check/document.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

// The function an export is for, or why there is none.
std::string chosen_export(const check::ProgramFacts& program, const std::string& asked, std::string& refused) {
    std::vector<std::string> marked;
    for (const check::FunctionFacts& fn : program.functions) {
        if (!asked.empty() && fn.name == asked) return asked;
        if (fn.exported) marked.push_back(fn.name);
    }
    if (!asked.empty()) refused = "there is no function `" + asked + "` in the file";
    else if (marked.size() == 1) return marked[0];
    else if (marked.empty()) refused = "the file has no `export fn`: name the function with --fn";
    else {
        std::string names;
        for (const std::string& n : marked) names += (names.empty() ? "`" : ", `") + n + "`";
        refused = "the file has " + std::to_string(marked.size()) + " export fns (" + names + "): choose one with --fn";
    }
    return "";
}

}  // namespace

BuildOutput build_python(const std::string& source, const Options& options, bool exporting) {
    BuildOutput out;
    // One analysis, the one `shapescript check` runs, keeping the types the
    // generator needs: the file is checked once.
    check::DocumentAnalysis document{source, true};
    const check::DocumentResult& checked = document.analyze();
    analysis::Result analysed = analysis::analyze(checked.check);
    out.diagnostics = analysis::with_analyses(checked.diagnostics, analysed);
    Options chosen = options;
    if (exporting) {
        chosen.export_fn = out.export_fn = chosen_export(checked.check.program, options.export_fn, out.export_refused);
        if (out.export_fn.empty()) return out;
        bool marked = false;
        for (const check::FunctionFacts& fn : checked.check.program.functions) {
            if (fn.name != out.export_fn) continue;
            marked = fn.exported;
            // A model first makes a model export (seed 001, "Hugging Face").
            if (!fn.params.empty() && fn.params[0].type->kind == check::TypeKind::Model) {
                out.export_refused = "`" + fn.name + "` takes the model `" + fn.params[0].name +
                                     "` first: exporting a model is for --hf and --gguf, which this "
                                     "version doesn't have yet; export a function of tensors";
                return out;
            }
        }
        if (!marked) {  // checked as an exported function is
            std::vector<Diagnostic> extra = analysis::export_errors(checked.check.program, out.export_fn);
            out.diagnostics.insert(out.diagnostics.end(), extra.begin(), extra.end());
            std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                             [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
        }
    }
    for (const Diagnostic& d : out.diagnostics)
        if (d.severity == Severity::Error) ++out.errors;
    if (out.errors) return out;
    try {
        out.module = generate_python(checked, analysed, source, chosen);
    } catch (const CodegenError& e) {
        out.unsupported = Unsupported{e.range, e.message};
    }
    return out;
}

}  // namespace ss::codegen
