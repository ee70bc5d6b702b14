// What the client said in `initialize` that it supports, read once. Every
// answer whose form the protocol leaves to the client is shaped by it
// (docs/lsp.md, "What the server sends to which client"): a client is sent
// only what it declared, and a field it left out means the protocol's
// oldest form (LSP 3.17, each `*ClientCapabilities`).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>

#include "lsp/json_rpc.hpp"
#include "lsp/protocol.hpp"

namespace ss::lsp {

// The values of an enumeration (CompletionItemKind, SymbolKind) a client
// handles: its `valueSet`, or the protocol's first values when it gave
// none (or an empty or malformed one).
class KindSet {
public:
    KindSet(int first_default, int last_default);
    void read(const Json* value_set);
    bool contains(int kind) const { return kinds_.count(kind) != 0; }
    // The first of `preferred` the client handles; nothing when none.
    std::optional<int> first_of(std::initializer_list<int> preferred) const;
    // Any kind the client handles (for a field the protocol requires).
    int any() const { return *kinds_.begin(); }

private:
    std::set<int> kinds_;
};

struct ClientCapabilities {
    PositionEncoding encoding = PositionEncoding::Utf16;  // general.positionEncodings lists utf-8
    bool work_done_progress = false;                      // window.workDoneProgress
    bool apply_edit = false;                              // workspace.applyEdit
    bool watched_files_registration = false;              // workspace.didChangeWatchedFiles.dynamicRegistration

    // textDocument.*
    bool hover_markdown = false;           // hover.contentFormat lists markdown
    bool snippets = false;                 // completion.completionItem.snippetSupport
    bool completion_markdown = false;      // completion.completionItem.documentationFormat
    KindSet completion_kinds{1, 18};       // completion.completionItemKind.valueSet; Text..Reference
    bool signature_markdown = false;       // signatureHelp.signatureInformation.documentationFormat
    bool label_offsets = false;            // ...signatureInformation.parameterInformation.labelOffsetSupport
    bool hierarchical_symbols = false;     // documentSymbol.hierarchicalDocumentSymbolSupport
    KindSet document_symbol_kinds{1, 18};  // documentSymbol.symbolKind.valueSet; File..Array
    bool prepare_rename = false;           // rename.prepareSupport
    bool code_action_literals = false;     // codeAction.codeActionLiteralSupport
    bool preferred_code_actions = false;   // codeAction.isPreferredSupport
    bool code_description = false;         // publishDiagnostics.codeDescriptionSupport
    bool related_information = false;      // publishDiagnostics.relatedInformation
    bool pull_diagnostics = false;         // diagnostic (an object): textDocument/diagnostic

    KindSet workspace_symbol_kinds{1, 18};  // workspace.symbol.symbolKind.valueSet; File..Array
};

// Reads `params.capabilities` (null or not an object: nothing declared).
// Values of the wrong type count as not declared; nothing here throws.
ClientCapabilities read_client_capabilities(const Json& capabilities);

}  // namespace ss::lsp
