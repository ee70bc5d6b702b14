// The `shapescript` program: subcommand dispatch. main() only converts argv.
#pragma once

#include <ostream>
#include <span>
#include <string>

namespace ss::cli {

// `args` excludes the program name. Returns the exit status.
int shapescript_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err);

// The top-level usage text.
std::string shapescript_usage();

}  // namespace ss::cli
