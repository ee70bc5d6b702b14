// `shapescript run FILE [--fn NAME] [ARGS...]`: runs a file's entry function
// in Python, through the runtime's runner (`python -m shapescript.runner`),
// which builds the file with this same compiler (docs/cli.md).
#pragma once

#include <ostream>
#include <span>
#include <string>

namespace ss::cli {

std::string run_usage();

// Replaces this process by Python on success; returns only on an error
// (kExitUsage) or for --help.
int run_run_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);

}  // namespace ss::cli
