// LSP positions and the JSON shapes of the front end's results: the edge
// where byte offsets become (line, character) in the negotiated encoding.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostic.hpp"
#include "diag/line_index.hpp"
#include "lsp/json_rpc.hpp"

namespace ss::lsp {

enum class PositionEncoding { Utf16, Utf8 };

std::string_view encoding_name(PositionEncoding e);

// Converts between byte offsets of one text and LSP positions.
class PositionCodec {
public:
    PositionCodec(std::string_view text, const LineIndex& lines, PositionEncoding encoding)
        : text_(text), lines_(lines), encoding_(encoding) {}

    Json position(uint32_t offset) const;
    Json range(ByteRange r) const;

    // The offset of an LSP position: out-of-range lines and characters are
    // clamped to the text (clients send stale positions); a position that
    // is not {line, character} integers throws InvalidParams.
    uint32_t offset(const Json& position, std::string_view where) const;
    ByteRange byte_range(const Json& range, std::string_view where) const;

private:
    std::string_view text_;
    const LineIndex& lines_;
    PositionEncoding encoding_;
};

// Where a diagnostic code's page is: `docs_page` + "#e0408"; empty: no link.
struct DiagnosticLinks {
    std::string docs_page;  // "file:///.../docs/errors.md" or an https URL
};

// `links` empty: no `codeDescription`; `related_information` false: no
// `relatedInformation` (for clients that don't take them).
Json diagnostic_json(const Diagnostic& d, const PositionCodec& codec, const std::string& uri,
                     const DiagnosticLinks& links, bool related_information);

// `file:///a/b%20c.ss` for an absolute path.
std::string file_uri(std::string_view absolute_path);

// The path of a `file://` URI, percent escapes decoded; nothing for any
// other URI (an unsaved editor buffer, a remote file).
std::optional<std::string> file_path(std::string_view uri);

}  // namespace ss::lsp
