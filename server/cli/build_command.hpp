// `shapescript build FILE [-o OUT.py]`: check a file and, when it has no
// errors, write its Python module (docs/cli.md, docs/generated-code.md).
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace ss::cli {

struct BuildOptions {
    std::string file;
    std::string output;  // "" = FILE with .py; "-" = standard output
    std::string checks = "debug";
    std::string value_checks = "debug";
    std::string devices;
    bool padding = true;                   // --no-padding: no loop, function or selection is padded (notebook cells)
    bool json = false;                     // diagnostics as JSON (as `check --format json`)
    std::vector<std::string> search_path;  // --path: folders searched for imported modules
};

std::string build_usage();

// Parses the arguments after `build` and runs it. Diagnostics go to `err`
// (human) or `out` (JSON); the module to the output file, or `out` for -o -.
// Returns kExitOk, kExitErrors (the file has errors, or code can't be
// generated for it) or kExitUsage.
int run_build_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);

}  // namespace ss::cli
