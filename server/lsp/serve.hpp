// Runs a language server over one connection until `exit` or end of input.
#pragma once

#include "lsp/server.hpp"
#include "lsp/transport.hpp"

namespace ss::lsp {

// The exit code: 0 after shutdown and exit, 1 otherwise.
int serve(Connection& connection, const ServerOptions& options);

// The docs page of the diagnostics next to this program, as a file:// URI
// (a build tree's or an install's docs/errors.md), or "" when none is found.
std::string find_docs_page();

}  // namespace ss::lsp
