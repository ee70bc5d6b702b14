// The driver: from source text to a Python module, the one path that
// `shapescript build`, `shapescript export` and the language server's
// commands share: check the text (the same analyses as `shapescript
// check`), and only when it has no errors, generate (codegen/codegen.hpp).
// The code generator only writes; choosing what to export and refusing
// what can't be exported is done here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "check/modules.hpp"
#include "codegen/codegen.hpp"
#include "diag/diagnostic.hpp"

namespace ss::driver {

struct Unsupported {
    ByteRange range;
    std::string message;  // what the code generator can't write yet
};

struct BuildOutput {
    std::optional<std::string> module;    // set when it was generated
    std::optional<std::string> stub;      // with a built (not exported) module: its .pyi
    std::vector<Diagnostic> diagnostics;  // every diagnostic of the text, sorted
    size_t errors = 0;                    // of them, errors: no module when > 0
    std::optional<Unsupported> unsupported;
    // An export module: the function exported, or why none could be chosen
    // (then no module, and the command's exit code 2).
    std::string export_fn;
    std::string export_refused;
    // `--hf`: the serving rules the function breaks (E3301-E3305), when
    // they aren't errors (without `--vllm`): what the notes say.
    std::vector<Diagnostic> serving_notes;
};

// The files a build's imports reached, asked once they are checked
// (codegen::Options::imported_files): the module lists them.
using ImportedFiles = std::function<std::vector<std::string>()>;

// The module `shapescript build` writes.
// `imports` finds the modules the source imports (check/modules.hpp).
BuildOutput build_module(const std::string& source, const codegen::Options& options,
                         const check::ImportResolver& imports = nullptr, const ImportedFiles& imported_files = nullptr);

// The module `shapescript export` runs: for the function `options.export_fn`,
// or the file's only `export fn` when that is empty. An unmarked function is
// checked as an exported one first (E17xx). A model it takes first is the
// program's: the export step makes it (docs/export.md, "Exporting a model").
// `modules`, the graph `imports` is of: a Hugging Face folder's code (`hf`)
// embeds the generated module of each file the program imports, made from
// the graph's texts; without it such a program is refused.
BuildOutput build_export_module(const std::string& source, const codegen::Options& options,
                                const check::ImportResolver& imports = nullptr, check::ModuleGraph* modules = nullptr);

}  // namespace ss::driver
