#include "lsp/protocol.hpp"

#include <algorithm>

#include "diag/catalogue.hpp"

namespace ss::lsp {

std::string_view encoding_name(PositionEncoding e) { return e == PositionEncoding::Utf8 ? "utf-8" : "utf-16"; }

Json PositionCodec::position(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
    uint32_t line = lines_.line_of(offset);
    uint32_t character =
        encoding_ == PositionEncoding::Utf8 ? offset - lines_.line_start(line) : lines_.utf16_column(offset);
    return Json{{"line", line}, {"character", character}};
}

Json PositionCodec::range(ByteRange r) const { return Json{{"start", position(r.begin)}, {"end", position(r.end)}}; }

uint32_t PositionCodec::offset(const Json& position, std::string_view where) const {
    if (!position.is_object())
        throw RpcError(rpc_error::kInvalidParams, "expected `" + std::string(where) +
                                                      "` to be a position {line, character}, found " +
                                                      json_kind(position));
    auto clamp = [](int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, 0, UINT32_MAX)); };
    uint32_t line = clamp(integer_member(position, "line", std::string(where) + ".line"));
    uint32_t character = clamp(integer_member(position, "character", std::string(where) + ".character"));
    if (line >= lines_.line_count()) return static_cast<uint32_t>(text_.size());
    if (encoding_ == PositionEncoding::Utf8) {
        uint32_t start = lines_.line_start(line);
        auto length = static_cast<uint32_t>(lines_.line_text(line).size());
        uint32_t at = start + std::min(character, length);
        // Inside a character, the position is the character's start, as
        // for UTF-16 (an edit there must not split it): back over at most
        // three continuation bytes.
        for (int back = 0;
             back < 3 && at > start && at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80;
             ++back)
            --at;
        return at;
    }
    return lines_.offset_of_utf16(line, character);
}

ByteRange PositionCodec::byte_range(const Json& range, std::string_view where) const {
    if (!range.is_object())
        throw RpcError(rpc_error::kInvalidParams,
                       "expected `" + std::string(where) + "` to be a range {start, end}, found " + json_kind(range));
    uint32_t begin = offset(member(range, "start", std::string(where) + ".start"), std::string(where) + ".start");
    uint32_t end = offset(member(range, "end", std::string(where) + ".end"), std::string(where) + ".end");
    if (end < begin) std::swap(begin, end);
    return {begin, end};
}

Json diagnostic_json(const Diagnostic& d, const PositionCodec& codec, const std::string& uri,
                     const DiagnosticLinks& links, bool related_information) {
    int severity = 1;
    switch (d.severity) {
        case Severity::Error: severity = 1; break;
        case Severity::Warning: severity = 2; break;
        case Severity::Information: severity = 3; break;
        case Severity::Hint: severity = 4; break;
    }
    Json out{{"range", codec.range(d.range)},
             {"severity", severity},
             {"code", d.code},
             {"source", "shapescript"},
             {"message", d.message}};
    if (!links.docs_page.empty())
        if (const CatalogueEntry* entry = find_entry(d.code))
            out["codeDescription"] = {{"href", links.docs_page + "#" + std::string(entry->anchor)}};
    if (related_information && !d.related.empty()) {
        Json related = Json::array();
        for (const RelatedInfo& r : d.related)
            related.push_back({{"location", {{"uri", uri}, {"range", codec.range(r.range)}}}, {"message", r.message}});
        out["relatedInformation"] = std::move(related);
    }
    return out;
}

std::string file_uri(std::string_view path) {
    static const char* hex = "0123456789ABCDEF";
    std::string out = "file://";
    for (char c : path) {
        auto u = static_cast<unsigned char>(c);
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' ||
                     c == '-' || c == '_' || c == '.' || c == '~';
        if (plain) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

std::optional<std::string> file_path(std::string_view uri) {
    constexpr std::string_view scheme = "file://";
    if (uri.substr(0, scheme.size()) != scheme) return std::nullopt;
    std::string_view rest = uri.substr(scheme.size());
    if (rest.substr(0, 9) == "localhost") rest.remove_prefix(9);
    if (rest.empty() || rest[0] != '/') return std::nullopt;
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    for (size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == '%' && i + 2 < rest.size() && hex(rest[i + 1]) >= 0 && hex(rest[i + 2]) >= 0) {
            out += static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
            i += 2;
        } else if (rest[i] == '?' || rest[i] == '#') {
            break;
        } else {
            out += rest[i];
        }
    }
    return out;
}

}  // namespace ss::lsp
