// Exit statuses shared by `shapescript` and `shapescript-lsp` (docs/cli.md).
#pragma once

namespace ss::cli {

inline constexpr int kExitOk = 0;      // no errors (warnings and hints don't count)
inline constexpr int kExitErrors = 1;  // at least one error diagnostic
inline constexpr int kExitUsage = 2;   // bad usage, unreadable file, not implemented yet

}  // namespace ss::cli
