// Reading what a client declared in `initialize`
// (server/lsp/client_capabilities.hpp): a field left out means the
// protocol's oldest form, a value set replaces the defaults, and a field
// of the wrong type counts as not declared.
#include <doctest/doctest.h>

#include "lsp/client_capabilities.hpp"

using ss::lsp::ClientCapabilities;
using ss::lsp::Json;
using ss::lsp::PositionEncoding;
using ss::lsp::read_client_capabilities;

TEST_CASE("a client that declares nothing gets the protocol's first forms") {
    for (const Json& nothing : {Json(), Json::object(), Json::array(), Json("x")}) {
        ClientCapabilities c = read_client_capabilities(nothing);
        CHECK(c.encoding == PositionEncoding::Utf16);
        CHECK_FALSE(c.work_done_progress);
        CHECK_FALSE(c.hover_markdown);
        CHECK_FALSE(c.snippets);
        CHECK_FALSE(c.hierarchical_symbols);
        CHECK_FALSE(c.prepare_rename);
        CHECK_FALSE(c.code_action_literals);
        CHECK_FALSE(c.code_description);
        CHECK_FALSE(c.related_information);
        // Text..Reference and File..Array.
        CHECK(c.completion_kinds.contains(1));
        CHECK(c.completion_kinds.contains(18));
        CHECK_FALSE(c.completion_kinds.contains(19));
        CHECK(c.document_symbol_kinds.contains(18));
        CHECK_FALSE(c.document_symbol_kinds.contains(23));
    }
}

TEST_CASE("what a client declares is read") {
    Json caps = Json::parse(R"({
        "general": {"positionEncodings": ["utf-32", "utf-8"]},
        "window": {"workDoneProgress": true},
        "workspace": {"applyEdit": true, "symbol": {"symbolKind": {"valueSet": [5, 26]}}},
        "textDocument": {
            "hover": {"contentFormat": ["plaintext", "markdown"]},
            "completion": {"completionItem": {"snippetSupport": true, "documentationFormat": ["plaintext"]},
                           "completionItemKind": {"valueSet": [3, 25]}},
            "signatureHelp": {"signatureInformation": {"documentationFormat": ["markdown"],
                                                       "parameterInformation": {"labelOffsetSupport": true}}},
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true, "symbolKind": {"valueSet": []}},
            "rename": {"prepareSupport": true},
            "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}},
                           "isPreferredSupport": true},
            "publishDiagnostics": {"relatedInformation": true, "codeDescriptionSupport": true}}})");
    ClientCapabilities c = read_client_capabilities(caps);
    CHECK(c.encoding == PositionEncoding::Utf8);
    CHECK(c.work_done_progress);
    CHECK(c.apply_edit);
    CHECK(c.hover_markdown);
    CHECK(c.snippets);
    CHECK_FALSE(c.completion_markdown);
    CHECK(c.signature_markdown);
    CHECK(c.label_offsets);
    CHECK(c.hierarchical_symbols);
    CHECK(c.prepare_rename);
    CHECK(c.code_action_literals);
    CHECK(c.preferred_code_actions);
    CHECK(c.code_description);
    CHECK(c.related_information);
    // A value set replaces the defaults; an empty one is read as none given.
    CHECK(c.completion_kinds.contains(25));
    CHECK_FALSE(c.completion_kinds.contains(1));
    CHECK(c.completion_kinds.first_of({22, 7, 3}) == 3);
    CHECK_FALSE(c.completion_kinds.first_of({22, 7}).has_value());
    CHECK(c.document_symbol_kinds.contains(1));
    CHECK(c.workspace_symbol_kinds.contains(26));
    CHECK(c.workspace_symbol_kinds.any() == 5);
}

TEST_CASE("values of the wrong type are not declarations") {
    Json caps = Json::parse(R"({
        "window": {"workDoneProgress": "yes"},
        "textDocument": {
            "hover": {"contentFormat": "markdown"},
            "completion": {"completionItem": {"snippetSupport": 1}, "completionItemKind": {"valueSet": ["3", 3.5]}},
            "rename": {"prepareSupport": null},
            "codeAction": {"codeActionLiteralSupport": true},
            "publishDiagnostics": []}})");
    ClientCapabilities c = read_client_capabilities(caps);
    CHECK_FALSE(c.work_done_progress);
    CHECK_FALSE(c.hover_markdown);
    CHECK_FALSE(c.snippets);
    CHECK(c.completion_kinds.contains(1));  // no usable kind given: the defaults
    CHECK_FALSE(c.prepare_rename);
    CHECK_FALSE(c.code_action_literals);
    CHECK_FALSE(c.related_information);
}
