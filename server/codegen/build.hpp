// From source text to a Python module, the one path `shapescript build` and
// the language server's build commands share: check the text (the same
// analysis as `shapescript check`), and only when it has no errors, generate.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "diag/diagnostic.hpp"

namespace ss::codegen {

struct Unsupported {
    ByteRange range;
    std::string message;  // what the code generator can't write yet
};

struct BuildOutput {
    std::optional<std::string> module;    // set when it was generated
    std::vector<Diagnostic> diagnostics;  // every diagnostic of the text, sorted
    size_t errors = 0;                    // of them, errors: no module when > 0
    std::optional<Unsupported> unsupported;
    // An export module (`export = true`): the function exported, or why
    // none could be chosen (then no module, and the command's exit code 2).
    std::string export_fn;
    std::string export_refused;
};

// With `exporting`, the module `shapescript export` runs: for the function
// `options.export_fn`, or the file's only `export fn` when that is empty; an
// unmarked function is checked as an exported one first (E17xx).
BuildOutput build_python(const std::string& source, const Options& options, bool exporting = false);

}  // namespace ss::codegen
