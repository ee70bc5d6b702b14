// Parsing the arguments of `shapescript check` (and `shapescript-lsp --check`).
#pragma once

#include <span>
#include <string>
#include <variant>

#include "cli/check_command.hpp"

namespace ss::cli {

struct UsageError {
    std::string message;  // "unknown option `--fromat`"
};

struct HelpRequested {};

using CheckArgs = std::variant<CheckOptions, UsageError, HelpRequested>;

// `args` are the words after "check": options and files in any order,
// `--` ends options, "-" is standard input.
CheckArgs parse_check_args(std::span<const std::string> args);

// The usage text of `shapescript check`.
std::string check_usage();

}  // namespace ss::cli
