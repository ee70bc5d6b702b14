// The `shapescript-lsp` program's options. The protocol server itself comes
// with the language-server issue; until then `--check` runs the same check
// as `shapescript check`, so editors' wrappers can already call it.
#pragma once

#include <ostream>
#include <span>
#include <string>

namespace ss::cli {

// `args` excludes the program name. Returns the exit status.
int lsp_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err);

std::string lsp_usage();

}  // namespace ss::cli
