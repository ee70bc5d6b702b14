// Reading what a client declared in `initialize`
// (server/lsp/client_capabilities.hpp): a field left out means the
// protocol's oldest form, a value set replaces the defaults, and a field
// of the wrong type counts as not declared.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lsp/client_capabilities.hpp"

using ss::lsp::ClientCapabilities;
using ss::lsp::Json;
using ss::lsp::PositionEncoding;
using ss::lsp::read_client_capabilities;

namespace {

// Every yes-or-no capability, by name.
const std::vector<std::pair<const char*, bool ClientCapabilities::*>> kFlags = {
    {"work_done_progress", &ClientCapabilities::work_done_progress},
    {"apply_edit", &ClientCapabilities::apply_edit},
    {"hover_markdown", &ClientCapabilities::hover_markdown},
    {"snippets", &ClientCapabilities::snippets},
    {"completion_markdown", &ClientCapabilities::completion_markdown},
    {"signature_markdown", &ClientCapabilities::signature_markdown},
    {"label_offsets", &ClientCapabilities::label_offsets},
    {"hierarchical_symbols", &ClientCapabilities::hierarchical_symbols},
    {"prepare_rename", &ClientCapabilities::prepare_rename},
    {"code_action_literals", &ClientCapabilities::code_action_literals},
    {"preferred_code_actions", &ClientCapabilities::preferred_code_actions},
    {"code_description", &ClientCapabilities::code_description},
    {"related_information", &ClientCapabilities::related_information},
};

// The names of the flags that are set.
std::set<std::string> flags_set(const ClientCapabilities& c) {
    std::set<std::string> out;
    for (auto [name, flag] : kFlags)
        if (c.*flag) out.insert(name);
    return out;
}

}  // namespace

TEST_CASE("a client that declares nothing gets the protocol's first forms") {
    for (const Json& nothing : {Json(), Json::object(), Json::array(), Json("x")}) {
        ClientCapabilities c = read_client_capabilities(nothing);
        CHECK(c.encoding == PositionEncoding::Utf16);
        CHECK(flags_set(c).empty());
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
    std::set<std::string> all_but_completion_markdown;
    for (auto [name, flag] : kFlags)
        if (std::string(name) != "completion_markdown") all_but_completion_markdown.insert(name);
    CHECK(flags_set(c) == all_but_completion_markdown);
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
    CHECK(flags_set(c).empty());
    CHECK(c.completion_kinds.contains(1));  // no usable kind given: the defaults
}
