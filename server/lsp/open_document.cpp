#include "lsp/open_document.hpp"

#include <algorithm>

namespace ss::lsp {

OpenDocument::OpenDocument(std::string uri_, int64_t version_, std::string text_)
    : uri(std::move(uri_)),
      version(version_),
      analysis(std::move(text_)),
      lines(std::make_unique<LineIndex>(analysis.text())),
      queued_edits(std::make_shared<std::atomic<int>>(0)) {}

void OpenDocument::apply(ByteRange range, std::string_view new_text) {
    auto size = static_cast<uint32_t>(text().size());
    uint32_t begin = std::min(range.begin, size), end = std::min(std::max(range.end, begin), size);
    analysis.apply_edit(syntax::TextEdit{begin, end, std::string(new_text)});
    lines = std::make_unique<LineIndex>(analysis.text());
    result = nullptr;
    analysed = nullptr;
}

void OpenDocument::replace_all(std::string_view new_text) {
    apply({0, static_cast<uint32_t>(text().size())}, new_text);
}

}  // namespace ss::lsp
