// The ids of the server's workspace/executeCommand commands, in one place.
//
// They live in the server's own namespace, `shapescript-lsp.`, never in an
// editor extension's (`shapescript.` is the VS Code extension's, for its
// palette commands): vscode-languageclient registers every advertised id as
// an editor command during initialisation, and an id registered twice aborts
// the client (issue 31). tests/lsp/test_commands.py checks that no advertised
// id is one the VS Code extension contributes.
#pragma once

namespace ss::lsp::command_id {

inline constexpr const char* kBuild = "shapescript-lsp.build";            // FILE.py next to the file
inline constexpr const char* kShowPython = "shapescript-lsp.showPython";  // the module's text
inline constexpr const char* kExport = "shapescript-lsp.export";          // torch.export in a child
inline constexpr const char* kApplyFix = "shapescript-lsp.applyFix";      // a quick fix as a Command

}  // namespace ss::lsp::command_id
