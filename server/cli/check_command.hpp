// `shapescript check`: read each file, collect its diagnostics, print them
// (human, JSON or SARIF), and return the exit status. Pure apart from
// reading the files: output goes to the given streams, so tests can call it
// directly.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/facts.hpp"
#include "check/modules.hpp"
#include "diag/diagnostic.hpp"

namespace ss::cli {

enum class OutputFormat { Human, Json, Sarif };

struct CheckOptions {
    OutputFormat format = OutputFormat::Human;
    std::vector<std::string> files;
    // Diagnostics shown per file; the rest are counted, not shown. 0: all.
    size_t max_diagnostics = 100;
    // SARIF only: the absolute URL the repository's files are published
    // under, ending in "/"; empty leaves helpUri out (cli/sarif.hpp).
    std::string sarif_docs_base;
    // JSON only (--facts): the analyses' facts too, for fixtures and tools
    // (tests/check's `# fact` markers).
    bool facts = false;
    // --path: folders searched for imported modules after the importer's own.
    std::vector<std::string> search_path;
};

// One file's diagnostics, and the analyses' facts.
struct Checked {
    Checked(std::vector<Diagnostic> diagnostics, std::vector<analysis::Fact> facts = {})
        : diagnostics(std::move(diagnostics)), facts(std::move(facts)) {}
    std::vector<Diagnostic> diagnostics;
    std::vector<analysis::Fact> facts;
};

// What a file's diagnostics come from: the whole front end (syntax, then the
// checker). Injected so the command can be tested without a parser.
// `imports` finds the modules the source imports (cli/program_files.hpp).
using Checker = std::function<Checked(std::string_view source, const check::ImportResolver& imports)>;

// The checker `shapescript check` uses.
Checked default_checker(std::string_view source, const check::ImportResolver& imports);

// Diagnostics on `out` (human: one block per diagnostic; JSON: one array over
// all files, or with --facts one object {diagnostics, facts}; SARIF: one log
// over all files, unreadable files included);
// notes, unreadable files and the human summary on `err`.
// Returns kExitOk, kExitErrors or kExitUsage (a file could not be read; the
// other files are still checked).
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err,
              const Checker& checker = default_checker);

}  // namespace ss::cli
