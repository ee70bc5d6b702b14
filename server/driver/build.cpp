#include "driver/build.hpp"

#include <algorithm>

#include "analysis/analysis.hpp"
#include "analysis/export.hpp"
#include "analysis/serving.hpp"
#include "check/describe.hpp"
#include "check/document.hpp"
#include "diag/catalogue.hpp"

namespace ss::driver {

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

// What refuses exporting `function` beyond the file's own diagnostics: an
// unmarked function checked as an `export fn` is (E17xx); a Hugging Face
// folder's function must take a model first (E3306), and one served by an
// engine keep the serving rules (E3301-E3305, `serving_required`).
std::vector<Diagnostic> export_refusals(const check::ProgramFacts& program, const std::string& function,
                                        const codegen::Options& options, const analysis::Result& analysed,
                                        BuildOutput& out) {
    std::vector<Diagnostic> refused;
    for (const check::FunctionFacts& fn : program.functions) {
        if (fn.name != function) continue;
        if (!fn.exported) refused = analysis::export_errors(program, function, analysed.imported());
        if (!options.hf) break;
        if (!fn.serving) {
            std::string first = fn.params.empty()
                                    ? "nothing"
                                    : "`" + fn.params[0].name + ": " + check::describe(*fn.params[0].type) + "`";
            refused.push_back(make_diagnostic(DiagCode::E3306, fn.name_range, {function, first}));
            break;
        }
        std::vector<Diagnostic> serving = analysis::serving_errors(program, function, analysed.imported());
        if (options.serving_required) refused.insert(refused.end(), serving.begin(), serving.end());
        else out.serving_notes = std::move(serving);
        break;
    }
    return refused;
}

// The text checked and analysed once (the analyses `shapescript check`
// runs, keeping the types the generator needs), then, when `exporting`,
// the function to export chosen and checked, then the module generated
// when nothing is an error.
// Why a Hugging Face folder can't hold the model `function` takes first,
// when a field of it is a model (`first: layers.Block`): its parameters
// would need dotted names, which a folder's model doesn't have yet.
std::string nested_model(const check::TypedProgram& typed, const std::string& function) {
    auto fn = typed.functions.find(function);
    if (fn == typed.functions.end() || fn->second.params.empty()) return "";
    const check::Type& model = fn->second.params.front().type;
    auto fields = typed.record_fields.find(model.ref);
    if (model.kind != check::TypeKind::Model || fields == typed.record_fields.end()) return "";
    for (const auto& [name, type] : fields->second)
        if (type.kind == check::TypeKind::Model)
            return "the field `" + name + "` of `" + model.ref + "` is a model (" + type.ref +
                   "), and a Hugging Face folder or GGUF file of a model made of models is not supported yet: "
                   "export a .pt2 or an AOTInductor package, or give the model its fields directly (docs/export.md)";
    return "";
}

// The generated module of each file the program at `source_path` imports,
// directly or not, for a Hugging Face folder's code to embed; nothing, with
// `refused` set, when one can't be generated.
std::vector<std::pair<std::string, std::string>> embedded_modules(check::ModuleGraph& modules,
                                                                  const codegen::Options& options,
                                                                  std::string& refused);

BuildOutput build(const std::string& source, const codegen::Options& options, bool exporting,
                  const check::ImportResolver& imports, const ImportedFiles& imported_files = nullptr,
                  check::ModuleGraph* modules = nullptr) {
    BuildOutput out;
    check::DocumentAnalysis document{source, true};
    document.set_resolver(imports);
    const check::DocumentResult& checked = document.analyze();
    analysis::Result analysed = analysis::analyze(checked.check);
    out.diagnostics = analysis::with_analyses(checked.diagnostics, analysed);
    codegen::Options chosen = options;
    if (imported_files) chosen.imported_files = imported_files();
    if (exporting) {
        // A Hugging Face folder or GGUF file holds its code whole: one that
        // loads other .ss files at run time would need this compiler there.
        if (options.hf && !checked.typed.module_files.empty()) {
            if (!modules) {
                out.export_refused = "the program imports other .ss files, which this export can't find";
                return out;
            }
            chosen.embedded_modules = embedded_modules(*modules, options, out.export_refused);
            if (!out.export_refused.empty()) return out;
        }
        chosen.export_fn = out.export_fn = chosen_export(checked.check.program, options.export_fn, out.export_refused);
        if (out.export_fn.empty()) return out;
        if (options.hf) {
            out.export_refused = nested_model(checked.typed, out.export_fn);
            if (!out.export_refused.empty()) return out;
        }
        std::vector<Diagnostic> extra = export_refusals(checked.check.program, out.export_fn, options, analysed, out);
        out.diagnostics.insert(out.diagnostics.end(), extra.begin(), extra.end());
        std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    }
    for (const Diagnostic& d : out.diagnostics)
        if (d.severity == Severity::Error) ++out.errors;
    if (out.errors) return out;
    try {
        out.module = codegen::generate_python(checked, analysed, source, chosen);
        if (chosen.export_fn.empty() && !chosen.embedded_module)
            out.stub = codegen::generate_stub(checked, analysed, source, chosen);
    } catch (const codegen::CodegenError& e) {
        out.unsupported = Unsupported{e.range, e.message};
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> embedded_modules(check::ModuleGraph& modules,
                                                                  const codegen::Options& options,
                                                                  std::string& refused) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string& file : modules.imported_by(options.source_path)) {
        std::optional<std::string> text = modules.text_of(file);
        codegen::Options o;
        o.checks = options.checks;
        o.value_checks = options.value_checks;
        o.devices = options.devices;
        o.padding = options.padding;
        o.version = options.version;
        o.source_path = file;
        o.search_path = options.search_path;
        o.embedded_module = true;
        BuildOutput built = text ? build(*text, o, false, modules.resolver_for(file)) : BuildOutput{};
        if (!built.module) {
            refused = file + (text ? " couldn't be generated to embed (it has errors, or uses what Python code "
                                     "can't be written for yet: `shapescript build` it to see)"
                                   : " can't be read");
            return {};
        }
        out.emplace_back(file, std::move(*built.module));
    }
    return out;
}

}  // namespace

BuildOutput build_module(const std::string& source, const codegen::Options& options,
                         const check::ImportResolver& imports, const ImportedFiles& imported_files) {
    return build(source, options, false, imports, imported_files);
}

BuildOutput build_export_module(const std::string& source, const codegen::Options& options,
                                const check::ImportResolver& imports, check::ModuleGraph* modules) {
    return build(source, options, true, imports, nullptr, modules);
}

}  // namespace ss::driver
