// Pull diagnostics (LSP 3.17): `textDocument/diagnostic` for one open
// document and `workspace/diagnostic` for every open one, advertised only
// to a client that declared `textDocument.diagnostic`. A report's
// `resultId` is a digest of what it carries, so a client that sends it back
// as `previousResultId` is told `unchanged` while the diagnostics are the
// same. Once a client pulls, the server stops pushing (and clears what it
// pushed), so no editor shows a diagnostic twice.
#include <cstdio>
#include <functional>

#include "lsp/server.hpp"

namespace ss::lsp {

namespace {

std::string digest(const std::string& text) {
    char out[17];
    std::snprintf(out, sizeof out, "%016zx", std::hash<std::string>{}(text));
    return out;
}

std::string previous_id(const Json& params) {
    const Json* previous = optional_member(params, "previousResultId");
    return previous && previous->is_string() ? previous->get<std::string>() : std::string();
}

}  // namespace

void LanguageServer::start_pulling() {
    if (pulling_) return;
    pulling_ = true;
    for (const auto& [uri, doc] : documents_)
        send(notification("textDocument/publishDiagnostics",
                          {{"uri", uri}, {"version", doc->version}, {"diagnostics", Json::array()}}));
}

Json LanguageServer::diagnostic_report(OpenDocument& doc, const std::string& previous_result_id) {
    Json items = Json::array();
    for (const Diagnostic& d : doc.diagnostics) items.push_back(diagnostic(doc, d));
    std::string id = digest(doc.uri + "\n" + items.dump());
    if (id == previous_result_id) return {{"kind", "unchanged"}, {"resultId", id}};
    return {{"kind", "full"}, {"resultId", id}, {"items", std::move(items)}};
}

Json LanguageServer::on_document_diagnostic(const Json& params) {
    OpenDocument& doc = document_of(params);
    start_pulling();
    return diagnostic_report(doc, previous_id(params));
}

Json LanguageServer::on_workspace_diagnostic(const Json& params) {
    std::map<std::string, std::string> previous;  // by uri
    if (const Json* ids = optional_member(params, "previousResultIds"); ids && ids->is_array())
        for (const Json& p : *ids)
            if (p.is_object()) {
                const Json* uri = optional_member(p, "uri");
                const Json* value = optional_member(p, "value");
                if (uri && uri->is_string() && value && value->is_string())
                    previous[uri->get<std::string>()] = value->get<std::string>();
            }
    start_pulling();
    Json items = Json::array();
    for (auto& [uri, doc] : documents_) {
        if (doc->text().size() > options_.max_document_bytes) continue;
        if (!doc->result) analyze(*doc, /*cancellable=*/false);
        Json report = diagnostic_report(*doc, previous.count(uri) ? previous[uri] : std::string());
        report["uri"] = uri;
        report["version"] = doc->version;
        items.push_back(std::move(report));
    }
    return {{"items", std::move(items)}};
}

}  // namespace ss::lsp
