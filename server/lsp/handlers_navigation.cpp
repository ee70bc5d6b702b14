// Requests about names: hover, definition, type definition, references,
// highlights, rename, call hierarchy and inlay hints. JSON in and out here; the answers come from
// server/ide/.
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

#include "check/prelude.hpp"
#include "diag/version.hpp"
#include "diag/write_file.hpp"
#include "ide/call_hierarchy.hpp"
#include "ide/hover.hpp"
#include "ide/inlay_hints.hpp"
#include "ide/navigation.hpp"
#include "ide/type_definition.hpp"
#include "lsp/plain_text.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

namespace {

// The prelude written to a file, so editors can open a built-in's
// declaration: in the user's cache, once per version, written to a
// temporary name and renamed so a reader never sees half of it.
std::string write_prelude_file() {
    namespace fs = std::filesystem;
    const char* cache = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    fs::path folder = cache && *cache ? fs::path(cache) / "shapescript"
                      : home && *home ? fs::path(home) / ".cache" / "shapescript"
                                      : fs::temp_directory_path() / "shapescript";
    fs::path path = folder / ("prelude-" + std::string(kVersion) + ".ss");
    std::error_code ec;
    fs::create_directories(folder, ec);
    std::string_view text = check::prelude_text();
    if (fs::exists(path, ec) && fs::file_size(path, ec) == text.size()) return path.string();
    if (write_file_atomically(path.string(), text)) return {};
    return path.string();
}

// The item a call hierarchy request is about: its document and function.
std::string item_name(const Json& params) {
    return string_member(object_member(params, "item", "item"), "name", "item.name");
}

// `item.uri` as the `textDocument` of a request, for document_of.
Json item_document(const Json& params) {
    const Json& item = object_member(params, "item", "item");
    return {{"textDocument", {{"uri", string_member(item, "uri", "item.uri")}}}};
}

}  // namespace

std::string LanguageServer::prelude_uri() {
    if (prelude_uri_.empty()) {
        std::string path = write_prelude_file();
        if (path.empty()) spdlog::warn("could not write the prelude for go-to-definition of built-ins");
        else prelude_uri_ = file_uri(path);
    }
    return prelude_uri_;
}

Json LanguageServer::on_hover(const Json& params) {
    OpenDocument& doc = document_of(params);
    auto info = ide::hover(doc.snapshot(), offset_of(doc, params));
    if (!info) return nullptr;
    Json contents = client_.hover_markdown
                        ? Json{{"kind", "markdown"}, {"value", info->markdown}}
                        : Json{{"kind", "plaintext"}, {"value", markdown_as_plain_text(info->markdown)}};
    return {{"contents", std::move(contents)}, {"range", codec(doc).range(info->range)}};
}

Json LanguageServer::on_definition(const Json& params) {
    OpenDocument& doc = document_of(params);
    Json out = Json::array();
    for (const ide::Target& target : ide::definition(doc.snapshot(), offset_of(doc, params))) {
        if (!target.file.empty()) {
            // A name of an imported file: there, in its current text.
            std::optional<std::string> text = module_text(target.file);
            if (!text) continue;
            LineIndex lines(*text);
            PositionCodec other(*text, lines, client_.encoding);
            out.push_back({{"uri", file_uri(target.file)}, {"range", other.range(target.range)}});
            continue;
        }
        if (!target.in_prelude) {
            out.push_back({{"uri", doc.uri}, {"range", codec(doc).range(target.range)}});
            continue;
        }
        std::string uri = prelude_uri();
        if (uri.empty()) continue;
        std::string_view text = check::prelude_text();
        LineIndex lines(text);
        PositionCodec prelude(text, lines, client_.encoding);
        out.push_back({{"uri", uri}, {"range", prelude.range(target.range)}});
    }
    return out;
}

Json LanguageServer::on_references(const Json& params) {
    OpenDocument& doc = document_of(params);
    bool declaration = false;
    if (const Json* context = optional_member(params, "context"))
        if (const Json* include = optional_member(*context, "includeDeclaration"); include && include->is_boolean())
            declaration = include->get<bool>();
    Json out = Json::array();
    uint32_t offset = offset_of(doc, params);
    for (ByteRange r : ide::references(doc.snapshot(), offset, declaration))
        out.push_back({{"uri", doc.uri}, {"range", codec(doc).range(r)}});
    // A name other files import: its uses there too.
    if (auto exported = ide::exported_symbol_at(doc.snapshot(), offset))
        for (auto& [uri, ranges] : importer_uses(doc, *exported))
            for (Json& range : ranges) out.push_back({{"uri", uri}, {"range", std::move(range)}});
    return out;
}

Json LanguageServer::on_document_highlight(const Json& params) {
    OpenDocument& doc = document_of(params);
    Json out = Json::array();
    for (const ide::Highlight& h : ide::highlights(doc.snapshot(), offset_of(doc, params)))
        out.push_back({{"range", codec(doc).range(h.range)}, {"kind", h.is_write ? 3 : 2}});
    return out;
}

Json LanguageServer::on_prepare_rename(const Json& params) {
    OpenDocument& doc = document_of(params);
    auto range = ide::prepare_rename(doc.snapshot(), offset_of(doc, params));
    if (!range) return nullptr;
    return {{"range", codec(doc).range(*range)},
            {"placeholder", doc.text().substr(range->begin, range->end - range->begin)}};
}

// Where the files that import `doc` use `symbol` of it: the other open
// documents and the files the module graph checked, each by its uri, with
// its ranges as LSP ranges. With `new_name`, a clash there refuses.
std::vector<std::pair<std::string, Json>> LanguageServer::importer_uses(const OpenDocument& doc,
                                                                        const ide::ExportedSymbol& symbol,
                                                                        const std::string& new_name) {
    std::vector<std::pair<std::string, Json>> out;
    if (doc.path.empty()) return out;
    each_other_file(doc.path, [&](const std::string& uri, const ide::Snapshot& s, const PositionCodec& codec) {
        std::string refused;
        std::vector<ByteRange> ranges = ide::imported_uses(s, doc.path, symbol, new_name, &refused);
        if (!refused.empty()) throw RpcError(rpc_error::kRequestFailed, "cannot rename: in " + uri + ", " + refused);
        if (ranges.empty()) return;
        Json list = Json::array();
        for (ByteRange r : ranges) list.push_back(codec.range(r));
        out.emplace_back(uri, std::move(list));
    });
    return out;
}

void LanguageServer::each_other_file(const std::string& path, const FileVisit& visit) {
    std::set<std::string> seen{path};
    for (auto& [uri, other] : documents_) {
        if (other->path.empty() || other->path == path || other->text().size() > options_.max_document_bytes) continue;
        if (!other->result) analyze(*other, /*cancellable=*/false);
        seen.insert(other->path);
        visit(uri, other->snapshot(), codec(*other));
    }
    if (modules_)
        for (const auto& [file, analysis] : modules_->checked()) {
            const check::DocumentResult* result = analysis->last();
            if (!result || seen.count(file)) continue;
            LineIndex lines(analysis->text());
            ide::Snapshot s{analysis->text(), lines, *result, analysis->tree(), nullptr};
            visit(file_uri(file), s, PositionCodec(analysis->text(), lines, client_.encoding));
        }
}

bool LanguageServer::with_file(const std::string& uri, const FileVisit& visit) {
    if (auto open = documents_.find(uri); open != documents_.end()) {
        OpenDocument& doc = document_of({{"textDocument", {{"uri", uri}}}});
        visit(doc.uri, doc.snapshot(), codec(doc));
        return true;
    }
    std::optional<std::string> path = file_path(uri);
    if (!path || !modules_) return false;
    std::string file = check::ModuleGraph::normal_path(*path);
    for (const auto& [checked, analysis] : modules_->checked()) {
        const check::DocumentResult* result = analysis->last();
        if (checked != file || !result) continue;
        LineIndex lines(analysis->text());
        ide::Snapshot s{analysis->text(), lines, *result, analysis->tree(), nullptr};
        visit(uri, s, PositionCodec(analysis->text(), lines, client_.encoding));
        return true;
    }
    return false;
}

Json LanguageServer::on_rename(const Json& params) {
    OpenDocument& doc = document_of(params);
    std::string new_name = string_member(params, "newName", "newName");
    ide::RenameResult result = ide::rename(doc.snapshot(), offset_of(doc, params), new_name);
    if (!result.refused.empty()) throw RpcError(rpc_error::kRequestFailed, "cannot rename: " + result.refused);
    Json edits = Json::array();
    for (ByteRange r : result.ranges) edits.push_back({{"range", codec(doc).range(r)}, {"newText", new_name}});
    Json changes = {{doc.uri, std::move(edits)}};
    // Its uses in the files that import this one (docs/modules.md).
    if (result.exported && !result.ranges.empty())
        for (auto& [uri, ranges] : importer_uses(doc, *result.exported, new_name)) {
            Json more = Json::array();
            for (Json& range : ranges) more.push_back({{"range", std::move(range)}, {"newText", new_name}});
            changes[uri] = std::move(more);
        }
    return {{"changes", std::move(changes)}};
}

Json LanguageServer::on_inlay_hint(const Json& params) {
    OpenDocument& doc = document_of(params);
    ByteRange visible{0, static_cast<uint32_t>(doc.text().size())};
    if (const Json* range = optional_member(params, "range")) visible = codec(doc).byte_range(*range, "range");
    Json out = Json::array();
    for (const ide::InlayHint& h : ide::inlay_hints(doc.snapshot(), visible)) {
        Json hint = {{"position", codec(doc).position(h.offset)}, {"label", h.label}, {"paddingLeft", h.pad_left}};
        if (h.is_type) hint["kind"] = 1;  // InlayHintKind.Type; a padding note has no kind
        out.push_back(std::move(hint));
    }
    return out;
}

Json LanguageServer::on_type_definition(const Json& params) {
    OpenDocument& doc = document_of(params);
    Json out = Json::array();
    for (ByteRange r : ide::type_definition(doc.snapshot(), offset_of(doc, params)))
        out.push_back({{"uri", doc.uri}, {"range", codec(doc).range(r)}});
    return out;
}

Json LanguageServer::call_item_json(const ide::CallItem& item, const std::string& uri, const PositionCodec& codec) {
    auto json = [&](const std::string& in, const PositionCodec& positions) -> Json {
        return {{"name", item.name},
                {"kind", 12},  // Function
                {"detail", item.external ? "extern fn" : "fn"},
                {"uri", in},
                {"range", positions.range(item.range)},
                {"selectionRange", positions.range(item.name_range)}};
    };
    if (item.file.empty()) return json(uri, codec);
    // A function of another file: there, in its current text.
    std::optional<std::string> text = module_text(item.file);
    if (!text) return nullptr;
    LineIndex lines(*text);
    return json(file_uri(item.file), PositionCodec(*text, lines, client_.encoding));
}

// Incoming (`other` is "from") or outgoing ("to") calls, each with its
// ranges (in the file of `uri`, the caller's).
Json LanguageServer::calls_json(const std::vector<ide::Call>& calls, const char* other, const std::string& uri,
                                const PositionCodec& codec) {
    Json out = Json::array();
    for (const ide::Call& call : calls) {
        Json item = call_item_json(call.other, uri, codec);
        if (item.is_null()) continue;
        Json from = Json::array();
        for (ByteRange r : call.from) from.push_back(codec.range(r));
        out.push_back({{other, std::move(item)}, {"fromRanges", std::move(from)}});
    }
    return out;
}

Json LanguageServer::on_prepare_call_hierarchy(const Json& params) {
    OpenDocument& doc = document_of(params);
    auto item = ide::call_item_at(doc.snapshot(), offset_of(doc, params));
    if (!item) return nullptr;
    Json json = call_item_json(*item, doc.uri, codec(doc));
    return json.is_null() ? json : Json::array({std::move(json)});
}

// The item's file may be another than the open ones (a function of an
// imported file, reached by an outgoing call): the module graph's check of it.
Json LanguageServer::on_incoming_calls(const Json& params) {
    std::string uri = string_member(object_member(params, "item", "item"), "uri", "item.uri");
    std::string name = item_name(params);
    Json out = Json::array();
    auto append = [&](Json more) {
        for (Json& call : more) out.push_back(std::move(call));
    };
    std::string path;
    bool found = with_file(uri, [&](const std::string& in, const ide::Snapshot& s, const PositionCodec& positions) {
        append(calls_json(ide::incoming_calls(s, name), "from", in, positions));
    });
    if (!found) document_of(item_document(params));  // says the document isn't open
    if (auto file = file_path(uri)) path = check::ModuleGraph::normal_path(*file);
    // Its callers in the files that import it.
    if (!path.empty())
        each_other_file(path, [&](const std::string& in, const ide::Snapshot& s, const PositionCodec& positions) {
            append(calls_json(ide::importer_calls(s, path, name), "from", in, positions));
        });
    return out;
}

Json LanguageServer::on_outgoing_calls(const Json& params) {
    std::string uri = string_member(object_member(params, "item", "item"), "uri", "item.uri");
    Json out = Json::array();
    bool found = with_file(uri, [&](const std::string& in, const ide::Snapshot& s, const PositionCodec& positions) {
        out = calls_json(ide::outgoing_calls(s, item_name(params)), "to", in, positions);
    });
    if (!found) document_of(item_document(params));
    return out;
}

}  // namespace ss::lsp
