// Quick fixes: the suggested fixes of the diagnostics a code action
// request's range overlaps. A client that takes code action literals gets
// them with their edits; any other gets `Command`s, which come back as
// `workspace/executeCommand` `shapescript-lsp.applyFix`, and the server then
// asks the client to apply the edit (`workspace/applyEdit`). A client that
// can do neither gets no fixes.
#include "lsp/command_ids.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

using command_id::kApplyFix;

Json LanguageServer::on_code_action(const Json& params) {
    OpenDocument& doc = document_of(params);
    ByteRange range = codec(doc).byte_range(member(params, "range", "range"), "range");
    Json out = Json::array();
    if (!client_.code_action_literals && !client_.apply_edit) return out;
    for (const Diagnostic& d : doc.diagnostics) {
        if (d.fixes.empty() || d.range.end < range.begin || d.range.begin > range.end) continue;
        for (const Fix& fix : d.fixes) {
            Json edits = Json::array();
            for (const FixEdit& e : fix.edits)
                edits.push_back({{"range", codec(doc).range(e.range)}, {"newText", e.text}});
            Json edit = {{"changes", {{doc.uri, std::move(edits)}}}};
            if (!client_.code_action_literals) {
                out.push_back({{"title", fix.title},
                               {"command", kApplyFix},
                               {"arguments", Json::array({{{"uri", doc.uri},
                                                           {"version", doc.version},
                                                           {"title", fix.title},
                                                           {"edit", std::move(edit)}}})}});
                continue;
            }
            Json action{{"title", fix.title},
                        {"kind", "quickfix"},
                        {"diagnostics", Json::array({diagnostic(doc, d)})},
                        {"edit", std::move(edit)}};
            if (client_.preferred_code_actions) action["isPreferred"] = d.fixes.size() == 1;
            out.push_back(std::move(action));
        }
    }
    return out;
}

// `shapescript-lsp.applyFix` with [{uri, version, title, edit}], as a Command
// of on_code_action gave it: refused when the document changed since.
Json LanguageServer::apply_fix(const Json& arguments) {
    const Json* fix = arguments.is_array() && arguments.size() == 1 ? &arguments[0] : nullptr;
    if (!fix || !fix->is_object())
        throw RpcError(rpc_error::kInvalidParams,
                       std::string("expected arguments [{uri, version, title, edit}] for `") + kApplyFix + "`, found " +
                           arguments.dump());
    std::string uri = string_member(*fix, "uri", "arguments[0].uri");
    int64_t version = integer_member(*fix, "version", "arguments[0].version");
    const Json& edit = object_member(*fix, "edit", "arguments[0].edit");
    auto open = documents_.find(uri);
    if (open == documents_.end() || open->second->version != version)
        throw RpcError(rpc_error::kRequestFailed, "the document changed since the fix was offered (expected version " +
                                                      std::to_string(version) + "): ask for the fix again");
    Json params{{"edit", edit}};
    if (const Json* title = optional_member(*fix, "title"); title && title->is_string()) params["label"] = *title;
    send(request(server_request_id(), "workspace/applyEdit", std::move(params)));
    return nullptr;
}

}  // namespace ss::lsp
