// What the analyses report reaches the users' diagnostics: `with_analyses`
// merges them into a document's diagnostics in position order, and
// `check_source` (what `shapescript check` runs) is the checker's
// diagnostics plus the analyses'.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "check/analyze.hpp"
#include "diag/catalogue.hpp"
#include "syntax_test_util.hpp"

namespace {

std::vector<uint32_t> begins(const std::vector<ss::Diagnostic>& ds) {
    std::vector<uint32_t> out;
    for (const ss::Diagnostic& d : ds) out.push_back(d.range.begin);
    return out;
}

}  // namespace

TEST_CASE("with_analyses merges the analyses' diagnostics in position order") {
    std::vector<ss::Diagnostic> checked = {ss::make_diagnostic("E0102", {5, 6}, {"x", ""}),
                                           ss::make_diagnostic("E0102", {30, 31}, {"y", ""})};
    ss::analysis::Result analysed;
    analysed.diagnostics = {ss::make_diagnostic("E0102", {1, 2}, {"a", ""}),
                            ss::make_diagnostic("E0102", {10, 12}, {"b", ""})};
    std::vector<ss::Diagnostic> merged = ss::analysis::with_analyses(checked, analysed);
    CHECK(begins(merged) == std::vector<uint32_t>{1, 5, 10, 30});
    CHECK(ss::analysis::with_analyses(checked, {}).size() == 2);
}

TEST_CASE("check_source is the checker's diagnostics plus the analyses'") {
    for (const std::string& file : ss::test::example_files()) {
        CAPTURE(file);
        std::string text = ss::test::read_source_file(file);
        std::vector<ss::Diagnostic> checker = ss::check::check_text(text);
        std::vector<ss::Diagnostic> all = ss::analysis::check_source(text);
        REQUIRE(all.size() >= checker.size());
        // No pass reports on the examples yet (steps gives facts only), so
        // the two agree exactly until padding and recording add hints.
        CHECK(begins(all) == begins(checker));
    }
}
