// The `shapescript-lsp` program's options: the protocol server over stdio
// or TCP (server/lsp/), or `--check`, the same check as `shapescript check`.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <variant>

#include "lsp/server.hpp"

namespace ss::cli {

// `args` excludes the program name. Returns the exit status.
int lsp_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err);

std::string lsp_usage();

// The server's options as parsed (tested on their own).
struct ServeArgs {
    bool stdio = false;
    std::optional<uint16_t> port;
    std::string log_file;  // empty: standard error
    std::string log_level = "warn";
    lsp::ServerOptions server;
    bool docs_base_given = false;
};
std::variant<ServeArgs, std::string> parse_serve_args(std::span<const std::string> args);  // or an error

}  // namespace ss::cli
