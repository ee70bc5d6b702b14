// The one helper of the editor features' tests: a text analysed by
// check::DocumentAnalysis and the analyses (as the language server does) and the
// ide::Snapshot the features in server/ide/ take.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>

#include "analysis/analysis.hpp"
#include "check/document.hpp"
#include "diag/line_index.hpp"
#include "ide/snapshot.hpp"

namespace ss::test {

class AnalysedDocument {
public:
    explicit AnalysedDocument(std::string text) : analysis_(std::move(text)) { analyse(); }
    AnalysedDocument(const AnalysedDocument&) = delete;
    AnalysedDocument& operator=(const AnalysedDocument&) = delete;

    // Edits the text and analyses it again (incrementally).
    void edit(const syntax::TextEdit& edit) {
        analysis_.apply_edit(edit);
        analyse();
    }

    ide::Snapshot snapshot() const { return {analysis_.text(), *lines_, *result_, analysis_.tree(), analysed_}; }
    const std::string& text() const { return analysis_.text(); }
    uint32_t size() const { return static_cast<uint32_t>(analysis_.text().size()); }
    const check::DocumentResult& result() const { return *result_; }
    const LineIndex& lines() const { return *lines_; }

    // Offset of the `nth` occurrence (0-based) of `needle`, plus `skip`; the
    // needle must be there.
    uint32_t at(std::string_view needle, int nth = 0, uint32_t skip = 0) const {
        size_t pos = text().find(needle);
        for (int i = 0; i < nth && pos != std::string::npos; ++i) pos = text().find(needle, pos + 1);
        REQUIRE_MESSAGE(pos != std::string::npos, needle);
        return static_cast<uint32_t>(pos) + skip;
    }
    std::string slice(ByteRange r) const { return text().substr(r.begin, r.end - r.begin); }

private:
    void analyse() {
        result_ = &analysis_.analyze();
        analysed_ = &analyzer_.run(result_->check);
        lines_ = std::make_unique<LineIndex>(analysis_.text());
    }

    check::DocumentAnalysis analysis_;
    const check::DocumentResult* result_ = nullptr;
    analysis::Analyzer analyzer_;  // as the language server keeps one per document
    const analysis::Result* analysed_ = nullptr;
    std::unique_ptr<LineIndex> lines_;  // a view of analysis_'s text, remade after each edit
};

}  // namespace ss::test
