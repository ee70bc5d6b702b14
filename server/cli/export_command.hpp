// `shapescript export FILE [--fn NAME] [-o OUT.pt2] [--aoti] ...`: check a
// file, generate its export module (the functions, the runtime embedded,
// and the export step: server/codegen/export_module.cpp), and run it in a
// Python child, which traces the function with torch.export and writes the
// .pt2 or AOTInductor package (docs/export.md).
#pragma once

#include <ostream>
#include <span>
#include <string>

namespace ss::cli {

std::string export_usage();

// Exit codes: kExitOk; kExitErrors when the file has errors (nothing is
// written) or torch couldn't export it (its error is shown); kExitUsage for
// bad usage, an unreadable file, or no function to export.
int run_export_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);

}  // namespace ss::cli
