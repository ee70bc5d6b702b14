// One document the client has open: its text, version and analysis.
// Owned by the server's worker thread only.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "diag/line_index.hpp"
#include "ide/snapshot.hpp"
#include "lsp/protocol.hpp"

namespace ss::lsp {

struct OpenDocument {
    OpenDocument(std::string uri, int64_t version, std::string text);

    // Replaces bytes [begin, end) (clamped) and keeps the line index current.
    void apply(ByteRange range, std::string_view new_text);
    void replace_all(std::string_view new_text);

    const std::string& text() const { return analysis.text(); }
    PositionCodec codec(PositionEncoding e) const { return PositionCodec(text(), *lines, e); }
    // Valid while `result` is set (the text is analysed).
    ide::Snapshot snapshot() const {
        return ide::Snapshot{text(), *lines, *result, analysis.tree(), analysed, analysis.resolver()};
    }

    std::string uri;
    std::string path;  // the file a file:// uri names, as the module graph finds it; "" for any other
    int64_t version = 0;
    std::string summary_key;  // of its last check, with its facts' key (modules.hpp): importers are checked again when
                              // it changes
    check::DocumentAnalysis analysis;
    std::unique_ptr<LineIndex> lines;               // of text()
    const check::DocumentResult* result = nullptr;  // the analysis of the current text, once done
    // The analyses (server/analysis) over `result`, kept across edits so an
    // edit re-runs them only for the functions it changed.
    analysis::Analyzer analyses;
    const analysis::Result* analysed = nullptr;       // set with `result`
    std::vector<Diagnostic> diagnostics;              // of `result` and `analysed`: what is published
    std::chrono::steady_clock::time_point due;        // when to analyse, while `result` is null
    std::chrono::steady_clock::time_point last_edit;  // when the last didChange came (the debounce)
    // A work-done progress token asked for this document's checks
    // (lsp/progress.hpp), and until when its check waits for the answer.
    std::string progress_token;
    std::chrono::steady_clock::time_point progress_deadline;
    // Edits of this document received but not yet applied: a check in
    // flight stops when this becomes positive (shared with the reader).
    std::shared_ptr<std::atomic<int>> queued_edits;
    // The last semantic tokens sent, for delta requests.
    std::string tokens_result_id;
    std::vector<uint32_t> tokens_data;
};

}  // namespace ss::lsp
