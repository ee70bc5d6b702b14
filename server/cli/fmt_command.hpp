// `shapescript fmt`: format files in place, check that they are formatted
// (--check), or print the result (--stdout; `-` reads standard input and
// writes standard output). Style and guarantees: docs/formatting.md; the
// command: docs/cli.md.
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace ss::cli {

struct FmtOptions {
    bool check = false;      // change nothing; list the files that would change
    bool to_stdout = false;  // print the formatted text instead of writing it
    int indent_width = 4;    // spaces per level
    std::vector<std::string> files;
};

std::string fmt_usage();

// Parses the arguments after `fmt` and runs it. The formatted text of `-`
// and of --stdout goes to `out`; the files --check lists go to `out`;
// messages (refused and unreadable files, the --check summary) go to `err`.
// Returns kExitOk, kExitErrors (a file was refused, or with --check a file
// would change) or kExitUsage (bad usage, a file could not be read or
// written).
int run_fmt_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);

// The same with parsed options.
int run_fmt(const FmtOptions& options, std::ostream& out, std::ostream& err);

}  // namespace ss::cli
