// Requests about structure and editing: completion, signature help,
// symbols, semantic tokens, folding, selection ranges and formatting.
#include "format/format.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

Json LanguageServer::semantic_tokens_legend() { return {{"tokenTypes", Json::array()}, {"tokenModifiers", Json::array()}}; }
Json LanguageServer::on_completion(const Json&) { return Json::array(); }
Json LanguageServer::on_signature_help(const Json&) { return nullptr; }
Json LanguageServer::on_document_symbol(const Json&) { return Json::array(); }
Json LanguageServer::on_workspace_symbol(const Json&) { return Json::array(); }
Json LanguageServer::on_semantic_tokens_full(const Json&) { return {{"data", Json::array()}}; }
Json LanguageServer::on_semantic_tokens_delta(const Json&) { return {{"data", Json::array()}}; }
Json LanguageServer::on_folding_range(const Json&) { return Json::array(); }
Json LanguageServer::on_selection_range(const Json&) { return Json::array(); }

Json LanguageServer::on_formatting(const Json& params) {
    OpenDocument& doc = document_of(params);
    auto formatted = format::format_source(doc.text());
    if (auto* refused = std::get_if<format::FormatRefused>(&formatted))
        throw RpcError(rpc_error::kRequestFailed, "cannot format: " + refused->reason);
    const std::string& text = std::get<std::string>(formatted);
    if (text == doc.text()) return Json::array();
    ByteRange all{0, static_cast<uint32_t>(doc.text().size())};
    return Json::array({{{"range", codec(doc).range(all)}, {"newText", text}}});
}

}  // namespace ss::lsp
