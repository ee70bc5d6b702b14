#include "lsp/client_capabilities.hpp"

#include <string_view>

namespace ss::lsp {

namespace {

// The value at a dotted path of objects, or null when any step is missing
// or not an object.
const Json* at(const Json& root, std::initializer_list<std::string_view> path) {
    const Json* node = &root;
    for (std::string_view key : path) {
        if (!node->is_object()) return nullptr;
        node = optional_member(*node, key);
        if (!node) return nullptr;
    }
    return node;
}

bool flag(const Json& root, std::initializer_list<std::string_view> path) {
    const Json* value = at(root, path);
    return value && value->is_boolean() && value->get<bool>();
}

// A capability whose presence (an object) is the declaration.
bool present(const Json& root, std::initializer_list<std::string_view> path) {
    const Json* value = at(root, path);
    return value && value->is_object();
}

bool lists(const Json* array, std::string_view wanted) {
    if (!array || !array->is_array()) return false;
    for (const Json& item : *array)
        if (item.is_string() && item.get_ref<const std::string&>() == wanted) return true;
    return false;
}

}  // namespace

KindSet::KindSet(int first_default, int last_default) {
    for (int k = first_default; k <= last_default; ++k) kinds_.insert(k);
}

void KindSet::read(const Json* value_set) {
    if (!value_set || !value_set->is_array()) return;
    std::set<int> declared;
    for (const Json& v : *value_set)
        if (v.is_number_integer()) declared.insert(v.get<int>());
    // A declared set replaces the defaults; an empty one is read as none
    // given (a symbol needs some kind).
    if (!declared.empty()) kinds_ = std::move(declared);
}

std::optional<int> KindSet::first_of(std::initializer_list<int> preferred) const {
    for (int k : preferred)
        if (contains(k)) return k;
    return std::nullopt;
}

ClientCapabilities read_client_capabilities(const Json& c) {
    ClientCapabilities out;
    if (!c.is_object()) return out;
    if (lists(at(c, {"general", "positionEncodings"}), "utf-8")) out.encoding = PositionEncoding::Utf8;
    out.work_done_progress = flag(c, {"window", "workDoneProgress"});
    out.apply_edit = flag(c, {"workspace", "applyEdit"});
    out.watched_files_registration = flag(c, {"workspace", "didChangeWatchedFiles", "dynamicRegistration"});

    out.hover_markdown = lists(at(c, {"textDocument", "hover", "contentFormat"}), "markdown");
    out.snippets = flag(c, {"textDocument", "completion", "completionItem", "snippetSupport"});
    out.completion_markdown =
        lists(at(c, {"textDocument", "completion", "completionItem", "documentationFormat"}), "markdown");
    out.completion_kinds.read(at(c, {"textDocument", "completion", "completionItemKind", "valueSet"}));
    out.signature_markdown =
        lists(at(c, {"textDocument", "signatureHelp", "signatureInformation", "documentationFormat"}), "markdown");
    out.label_offsets = flag(c, {"textDocument", "signatureHelp", "signatureInformation", "parameterInformation",
                                 "labelOffsetSupport"});
    out.hierarchical_symbols = flag(c, {"textDocument", "documentSymbol", "hierarchicalDocumentSymbolSupport"});
    out.document_symbol_kinds.read(at(c, {"textDocument", "documentSymbol", "symbolKind", "valueSet"}));
    out.prepare_rename = flag(c, {"textDocument", "rename", "prepareSupport"});
    out.code_action_literals = present(c, {"textDocument", "codeAction", "codeActionLiteralSupport"});
    out.preferred_code_actions = flag(c, {"textDocument", "codeAction", "isPreferredSupport"});
    out.code_description = flag(c, {"textDocument", "publishDiagnostics", "codeDescriptionSupport"});
    out.related_information = flag(c, {"textDocument", "publishDiagnostics", "relatedInformation"});
    out.pull_diagnostics = present(c, {"textDocument", "diagnostic"});

    out.workspace_symbol_kinds.read(at(c, {"workspace", "symbol", "symbolKind", "valueSet"}));
    return out;
}

}  // namespace ss::lsp
