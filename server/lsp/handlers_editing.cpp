// Requests about structure and editing: completion, signature help,
// symbols, semantic tokens, folding, selection ranges and formatting.
// JSON in and out here; the answers come from server/ide/ and server/format/.
#include <algorithm>

#include "diag/utf8.hpp"
#include "format/format.hpp"
#include "ide/completion.hpp"
#include "ide/folding.hpp"
#include "ide/navigation.hpp"
#include "ide/selection.hpp"
#include "ide/semantic_tokens.hpp"
#include "ide/signature_help.hpp"
#include "ide/symbols.hpp"
#include "lsp/plain_text.hpp"
#include "lsp/server.hpp"

namespace ss::lsp {

namespace {

constexpr size_t kMaxWorkspaceSymbols = 500;

// LSP's CompletionItemKind for each of ours, then fallbacks in the
// protocol's first kinds (Text..Reference); nothing when the client handles
// none of them.
std::optional<int> completion_kind(ide::CompletionKind k, const KindSet& handled) {
    switch (k) {
        case ide::CompletionKind::Function: return handled.first_of({3, 2});  // Function, Method
        case ide::CompletionKind::Model: return handled.first_of({7});        // Class
        case ide::CompletionKind::Data: return handled.first_of({22, 7});     // Struct, Class
        case ide::CompletionKind::Dim: return handled.first_of({21, 12, 6});  // Constant, Value, Variable
        case ide::CompletionKind::Variable: return handled.first_of({6});
        case ide::CompletionKind::Parameter: return handled.first_of({6});  // Variable
        case ide::CompletionKind::Field: return handled.first_of({5, 10});  // Field, Property
        case ide::CompletionKind::Axis: return handled.first_of({25, 6});   // TypeParameter, Variable
        case ide::CompletionKind::Type: return handled.first_of({7});       // Class
        case ide::CompletionKind::Keyword: return handled.first_of({14});
        case ide::CompletionKind::Module: return handled.first_of({9});
        case ide::CompletionKind::Snippet: return handled.first_of({15});
    }
    return std::nullopt;
}

// LSP's SymbolKind for each of ours (ide::SymbolKind's values), then
// fallbacks in the protocol's first kinds (File..Array); the protocol
// requires a kind, so at worst any the client handles.
int symbol_kind(ide::SymbolKind k, const KindSet& handled) {
    std::optional<int> kind;
    switch (k) {
        case ide::SymbolKind::Module: kind = handled.first_of({2}); break;
        case ide::SymbolKind::Class: kind = handled.first_of({5}); break;
        case ide::SymbolKind::Field: kind = handled.first_of({8, 7}); break;      // Field, Property
        case ide::SymbolKind::Function: kind = handled.first_of({12, 6}); break;  // Function, Method
        case ide::SymbolKind::Variable: kind = handled.first_of({13}); break;
        case ide::SymbolKind::Constant: kind = handled.first_of({14, 13}); break;       // Constant, Variable
        case ide::SymbolKind::Struct: kind = handled.first_of({23, 5}); break;          // Struct, Class
        case ide::SymbolKind::TypeParameter: kind = handled.first_of({26, 13}); break;  // TypeParameter, Variable
    }
    if (!kind) kind = handled.first_of({13});
    return kind ? *kind : handled.any();
}

// Documentation as the client takes it: Markdown, or a plain string.
Json documentation(const std::string& markdown, bool client_takes_markdown) {
    if (client_takes_markdown) return {{"kind", "markdown"}, {"value", markdown}};
    return markdown_as_plain_text(markdown);
}

// The length of `text` in the units positions count: bytes or UTF-16
// (decoded as the line index does, so the two agree on invalid bytes).
uint32_t length_in(std::string_view text, PositionEncoding encoding) {
    if (encoding == PositionEncoding::Utf8) return static_cast<uint32_t>(text.size());
    uint32_t units = 0;
    for (size_t i = 0; i < text.size();) {
        utf8::Char c = utf8::decode(text, i);
        units += c.utf16_units;
        i += c.length;
    }
    return units;
}

Json folding_kind(ide::FoldingKind k) {
    switch (k) {
        case ide::FoldingKind::Comment: return "comment";
        case ide::FoldingKind::Imports: return "imports";
        case ide::FoldingKind::Region: return "region";
    }
    return "region";
}

Json symbol_json(const ide::DocumentSymbol& s, const PositionCodec& codec, const KindSet& kinds) {
    Json children = Json::array();
    for (const ide::DocumentSymbol& c : s.children) children.push_back(symbol_json(c, codec, kinds));
    Json out{{"name", s.name.empty() ? std::string("?") : s.name},
             {"kind", symbol_kind(s.kind, kinds)},
             {"range", codec.range(s.range)},
             {"selectionRange", codec.range(s.selection)},
             {"children", std::move(children)}};
    if (!s.detail.empty()) out["detail"] = s.detail;
    return out;
}

// The outline as a flat SymbolInformation list (for clients without
// hierarchical symbols): each symbol, then those under it, which name it
// as their container.
void flat_symbols(const ide::DocumentSymbol& s, const std::string& container, const std::string& uri,
                  const PositionCodec& codec, const KindSet& kinds, Json& out) {
    std::string name = s.name.empty() ? std::string("?") : s.name;
    Json item{{"name", name},
              {"kind", symbol_kind(s.kind, kinds)},
              {"location", {{"uri", uri}, {"range", codec.range(s.range)}}}};
    if (!container.empty()) item["containerName"] = container;
    out.push_back(std::move(item));
    for (const ide::DocumentSymbol& c : s.children) flat_symbols(c, name, uri, codec, kinds, out);
}

}  // namespace

Json LanguageServer::semantic_tokens_legend() {
    Json types = Json::array(), modifiers = Json::array();
    for (std::string_view t : ide::token_type_names()) types.push_back(t);
    for (std::string_view m : ide::token_modifier_names()) modifiers.push_back(m);
    return {{"tokenTypes", std::move(types)}, {"tokenModifiers", std::move(modifiers)}};
}

Json LanguageServer::on_completion(const Json& params) {
    OpenDocument& doc = document_of(params);
    uint32_t offset = offset_of(doc, params);
    ByteRange word = ide::identifier_at(doc.text(), offset);
    ByteRange replaced{word.begin < offset ? word.begin : offset, offset};
    PositionCodec c = codec(doc);
    Json items = Json::array();
    for (const ide::CompletionEntry& e : ide::complete(doc.snapshot(), offset)) {
        // Without snippets, an item snippet (`model Name: ...`) is only a
        // template: left out; others insert their placeholders' text.
        if (e.is_snippet && !client_.snippets && e.kind == ide::CompletionKind::Snippet) continue;
        Json item{{"label", e.label}, {"sortText", e.sort_text}};
        if (auto kind = completion_kind(e.kind, client_.completion_kinds)) item["kind"] = *kind;
        if (!e.detail.empty()) item["detail"] = e.detail;
        if (!e.documentation.empty())
            item["documentation"] = documentation(e.documentation, client_.completion_markdown);
        bool snippet = e.is_snippet && client_.snippets;
        std::string text = e.insert_text.empty() ? e.label : e.insert_text;
        if (e.is_snippet && !snippet) text = snippet_as_plain_text(text);
        item["textEdit"] = {{"range", c.range(replaced)}, {"newText", std::move(text)}};
        item["insertTextFormat"] = snippet ? 2 : 1;
        items.push_back(std::move(item));
    }
    return {{"isIncomplete", false}, {"items", std::move(items)}};
}

Json LanguageServer::on_signature_help(const Json& params) {
    OpenDocument& doc = document_of(params);
    auto help = ide::signature_help(doc.snapshot(), offset_of(doc, params));
    if (!help) return nullptr;
    Json parameters = Json::array();
    std::string_view label = help->label;
    for (auto [begin, end] : help->parameter_label_offsets) {
        begin = std::min<uint32_t>(begin, static_cast<uint32_t>(label.size()));
        end = std::clamp<uint32_t>(end, begin, static_cast<uint32_t>(label.size()));
        if (!client_.label_offsets) {  // the label's text, a substring of the signature's
            parameters.push_back({{"label", label.substr(begin, end - begin)}});
            continue;
        }
        uint32_t from = length_in(label.substr(0, begin), client_.encoding);
        uint32_t to = from + length_in(label.substr(begin, end - begin), client_.encoding);
        parameters.push_back({{"label", {from, to}}});
    }
    Json signature{{"label", help->label}, {"parameters", std::move(parameters)}};
    if (!help->documentation.empty())
        signature["documentation"] = documentation(help->documentation, client_.signature_markdown);
    Json out{{"signatures", Json::array({std::move(signature)})}, {"activeSignature", 0}};
    if (help->active_parameter >= 0) out["activeParameter"] = help->active_parameter;
    return out;
}

Json LanguageServer::on_document_symbol(const Json& params) {
    OpenDocument& doc = document_of(params);
    PositionCodec c = codec(doc);
    const KindSet& kinds = client_.document_symbol_kinds;
    Json out = Json::array();
    for (const ide::DocumentSymbol& s : ide::document_symbols(doc.snapshot())) {
        if (client_.hierarchical_symbols) out.push_back(symbol_json(s, c, kinds));
        else flat_symbols(s, "", doc.uri, c, kinds, out);
    }
    return out;
}

Json LanguageServer::on_workspace_symbol(const Json& params) {
    std::string query = string_member(params, "query", "query");
    struct Found {
        ide::SymbolMatch match;
        std::string uri;
        std::shared_ptr<LineIndex> lines;  // of the file's text
        std::string_view text;
    };
    std::vector<Found> found;
    std::set<std::string> open_files;
    for (auto& [uri, doc] : documents_) {
        if (doc->text().size() > options_.max_document_bytes) continue;
        if (!doc->result) analyze(*doc, /*cancellable=*/false);
        open_files.insert(doc->path);
        auto lines = std::make_shared<LineIndex>(doc->text());
        for (ide::SymbolMatch& m : ide::workspace_symbols(doc->snapshot(), query))
            found.push_back({std::move(m), uri, lines, doc->text()});
    }
    // The files open documents import, as their importers saw them.
    if (modules_)
        for (const auto& [file, analysis] : modules_->checked()) {
            const check::DocumentResult* result = analysis->last();
            if (!result || open_files.count(file)) continue;
            auto lines = std::make_shared<LineIndex>(analysis->text());
            ide::Snapshot s{analysis->text(), *lines, *result, analysis->tree(), nullptr};
            for (ide::SymbolMatch& m : ide::workspace_symbols(s, query))
                found.push_back({std::move(m), file_uri(file), lines, analysis->text()});
        }
    std::stable_sort(found.begin(), found.end(),
                     [](const Found& a, const Found& b) { return a.match.rank < b.match.rank; });
    if (found.size() > kMaxWorkspaceSymbols) found.resize(kMaxWorkspaceSymbols);
    Json out = Json::array();
    for (const Found& f : found) {
        Json item{{"name", f.match.name},
                  {"kind", symbol_kind(f.match.kind, client_.workspace_symbol_kinds)},
                  {"location",
                   {{"uri", f.uri},
                    {"range", PositionCodec(f.text, *f.lines, client_.encoding).range(f.match.selection)}}}};
        if (!f.match.container.empty()) item["containerName"] = f.match.container;
        out.push_back(std::move(item));
    }
    return out;
}

// Tokens as LSP encodes them: five numbers each, positions relative to the
// previous token, in the negotiated units.
static std::vector<uint32_t> encode_tokens(const OpenDocument& doc, PositionEncoding encoding) {
    std::vector<uint32_t> data;
    uint32_t last_line = 0, last_start = 0;
    std::string_view text = doc.text();
    for (const ide::SemanticToken& t : ide::semantic_tokens(doc.snapshot())) {
        uint32_t line = doc.lines->line_of(t.begin);
        uint32_t line_start = doc.lines->line_start(line);
        uint32_t start = length_in(text.substr(line_start, t.begin - line_start), encoding);
        uint32_t length = length_in(text.substr(t.begin, t.length), encoding);
        data.insert(data.end(), {line - last_line, line == last_line ? start - last_start : start, length,
                                 static_cast<uint32_t>(t.type), t.modifiers});
        last_line = line;
        last_start = start;
    }
    return data;
}

Json LanguageServer::on_semantic_tokens_full(const Json& params) {
    OpenDocument& doc = document_of(params);
    doc.tokens_data = encode_tokens(doc, client_.encoding);
    doc.tokens_result_id = std::to_string(++tokens_generation_);
    return {{"resultId", doc.tokens_result_id}, {"data", doc.tokens_data}};
}

// One edit: what lies between the unchanged prefix and suffix of the data.
// An unknown previous result gets the full tokens instead.
Json LanguageServer::on_semantic_tokens_delta(const Json& params) {
    OpenDocument& doc = document_of(params);
    std::string previous = string_member(params, "previousResultId", "previousResultId");
    if (previous != doc.tokens_result_id || doc.tokens_result_id.empty()) return on_semantic_tokens_full(params);
    std::vector<uint32_t> now = encode_tokens(doc, client_.encoding);
    const std::vector<uint32_t>& before = doc.tokens_data;
    size_t prefix = 0;
    while (prefix < before.size() && prefix < now.size() && before[prefix] == now[prefix]) ++prefix;
    size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < now.size() - prefix &&
           before[before.size() - 1 - suffix] == now[now.size() - 1 - suffix])
        ++suffix;
    Json edits = Json::array();
    if (prefix != before.size() || prefix != now.size())
        edits.push_back({{"start", prefix},
                         {"deleteCount", before.size() - prefix - suffix},
                         {"data", std::vector<uint32_t>(now.begin() + static_cast<long>(prefix),
                                                        now.end() - static_cast<long>(suffix))}});
    doc.tokens_data = std::move(now);
    doc.tokens_result_id = std::to_string(++tokens_generation_);
    return {{"resultId", doc.tokens_result_id}, {"edits", std::move(edits)}};
}

Json LanguageServer::on_folding_range(const Json& params) {
    OpenDocument& doc = document_of(params);
    Json out = Json::array();
    for (const ide::FoldingRange& f : ide::folding_ranges(doc.snapshot()))
        out.push_back({{"startLine", f.start_line}, {"endLine", f.end_line}, {"kind", folding_kind(f.kind)}});
    return out;
}

Json LanguageServer::on_selection_range(const Json& params) {
    OpenDocument& doc = document_of(params);
    const Json& positions = array_member(params, "positions", "positions");
    PositionCodec c = codec(doc);
    Json out = Json::array();
    for (size_t i = 0; i < positions.size(); ++i) {
        uint32_t offset = c.offset(positions[i], "positions[" + std::to_string(i) + "]");
        std::vector<ByteRange> chain = ide::selection_chain(doc.snapshot(), offset);
        if (chain.empty()) chain.push_back({offset, offset});
        Json range;  // built from the outermost in
        for (auto r = chain.rbegin(); r != chain.rend(); ++r) {
            Json next{{"range", c.range(*r)}};
            if (!range.is_null()) next["parent"] = std::move(range);
            range = std::move(next);
        }
        out.push_back(std::move(range));
    }
    return out;
}

Json LanguageServer::on_formatting(const Json& params) {
    OpenDocument& doc = document_of(params);
    format::FormatOptions options;
    if (const Json* o = optional_member(params, "options"))
        if (const Json* tab = optional_member(*o, "tabSize"); tab && tab->is_number_integer())
            options.indent_width = static_cast<int>(std::clamp<int64_t>(tab->get<int64_t>(), 1, 16));
    auto formatted = format::format_source(doc.text(), options);
    if (auto* refused = std::get_if<format::FormatRefused>(&formatted)) {
        LineColumn at = doc.lines->position(refused->offset);
        throw RpcError(rpc_error::kRequestFailed, "cannot format: " + refused->reason + " (line " +
                                                      std::to_string(at.line) + ", column " +
                                                      std::to_string(at.column) + ")");
    }
    const std::string& text = std::get<std::string>(formatted);
    if (text == doc.text()) return Json::array();
    ByteRange all{0, static_cast<uint32_t>(doc.text().size())};
    return Json::array({{{"range", codec(doc).range(all)}, {"newText", text}}});
}

}  // namespace ss::lsp
