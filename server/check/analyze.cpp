#include "check/analyze.hpp"

#include <string>

#include "check/document.hpp"

namespace ss::check {

std::vector<Diagnostic> check_text(std::string_view source) {
    // The same path as the language server's documents, run once, so the
    // command line and the editor can't disagree.
    DocumentAnalysis document{std::string(source)};
    return document.analyze().diagnostics;
}

}  // namespace ss::check
