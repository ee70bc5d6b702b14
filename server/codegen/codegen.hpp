// The code generator: a checked ShapeScript file to a Python module over
// torch, einops and the runtime (`shapescript.rt`). What the module looks
// like, and which runtime functions it calls, is docs/generated-code.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "syntax/ast.hpp"

namespace ss::codegen {

struct Options {
    std::string checks = "debug";        // always | debug | never
    std::string value_checks = "debug";  // always | debug | never
    std::string source_path;             // the .ss file, as the module records it
    std::string version;                 // the compiler's, for the header line
    std::string devices;                 // --devices, overriding the file's `devices` ("" = the file's)
    bool padding = true;                 // false (--no-padding): nothing padded, every loop `False`
    // `shapescript export`: the module embeds the runtime and ends with the
    // export step for this function (docs/export.md); "" for `build`.
    std::string export_fn;
    // With export_fn: the module is a Hugging Face folder's
    // modeling_shapescript.py too (runtime/shapescript/hf.py), its
    // attentions routed through the model's attention layers.
    bool hf = false;
    // `--vllm` or `--gguf`: a broken serving rule (E3301-E3305) refuses the
    // export; otherwise it is a note (driver/build.hpp).
    bool serving_required = false;
    // The folders the program's imports were searched in after the
    // importer's own (--path, SHAPESCRIPT_PATH): an imported module is
    // built with them too (docs/modules.md).
    std::vector<std::string> search_path;
    // Every .ss file the program imports, directly or not: the module lists
    // them (`_ss_modules`) so a cache of built modules can tell when one
    // changed (runtime/shapescript/compiler.py).
    std::vector<std::string> imported_files;
    // An export module that loads without the compiler (a Hugging Face
    // folder's code): the generated module of each .ss file it imports,
    // directly or not, by file, embedded in it (docs/modules.md).
    std::vector<std::pair<std::string, std::string>> embedded_modules;
    // This module is one of those: it takes the runtime the export module
    // embeds, and calls its causal attentions through that module's
    // attention router (`_ss_attention`, given when the module loads).
    bool embedded_module = false;
};

// The Python module for `text`, which must have checked without errors;
// `checked` is its analysis with the types kept (DocumentAnalysis, typed),
// `analysed` what the analyses found in it (which functions are steps).
std::string generate_python(const check::DocumentResult& checked, const analysis::Result& analysed,
                            std::string_view text, const Options& options);

// The type stub (.pyi) of that module: its functions' and models' Python
// types, for Pyright and mypy (docs/python.md, "Types for Python callers").
std::string generate_stub(const check::DocumentResult& checked, const analysis::Result& analysed, std::string_view text,
                          const Options& options);

// Something the code generator can't write yet (generate_python throws
// it); the build reports it with the range, and writes nothing.
struct CodegenError {
    ByteRange range;
    std::string message;
};

}  // namespace ss::codegen
