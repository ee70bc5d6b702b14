// The failing and fixed examples of docs/errors.md do what the page says:
// the failing one gives its code, the fixed one gives nothing (the checker
// and the analyses, as `shapescript check` runs them), and any block
// after them is another failing example. Each front end
// layer adds its codes to `kRunnable` as it lands; codes whose examples
// can't be written in Markdown (bad bytes, abbreviated huge inputs) are left
// out on purpose.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/serving.hpp"
#include "check/document.hpp"
#include "syntax_test_util.hpp"

namespace {

// Code -> its ```ss blocks, in order, from docs/errors.md.
std::map<std::string, std::vector<std::string>> examples_by_code() {
    std::string doc = ss::test::read_source_file("docs/errors.md");
    std::map<std::string, std::vector<std::string>> out;
    std::string code;
    size_t at = 0;
    while (at < doc.size()) {
        size_t end = doc.find('\n', at);
        if (end == std::string::npos) end = doc.size();
        std::string line = doc.substr(at, end - at);
        if (line.rfind("<a id=\"e", 0) == 0 || line.rfind("<a id=\"h", 0) == 0) {
            code = (line[7] == 'e' ? "E" : "H") + line.substr(8, 4);
        } else if (line == "```ss" && !code.empty()) {
            size_t close = doc.find("\n```", end);
            REQUIRE(close != std::string::npos);
            out[code].push_back(doc.substr(end + 1, close - end));
            end = close + 4;
        }
        at = end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("docs/errors.md: each code's failing example fails with it, and its fix is clean") {
    const std::vector<std::string> kRunnable = {"E0001", "E0002", "E0005", "E0009", "E0101", "E0102", "E0103", "E0104",
                                                "E0301", "E0302", "E0303", "E0304", "E0401", "E0402", "E0403", "E0404",
                                                "E0406", "E1301", "E1302", "E0105", "E0106", "E0410", "E0411", "E0416",
                                                "E0417", "E0418", "E0501", "E0502", "E0503", "E0504", "E0505", "E0506",
                                                "E0507", "E0601", "E0602", "E0603", "E0419", "E0107", "E1303", "E0405",
                                                "E0407", "E0408", "E0409", "E0412", "E0413", "E0414", "E0415", "E0508",
                                                "E0421", "E0305", "E0306", "E0509", "E0108", "E0510", "E0422", "E0605",
                                                "E0511", "E0426", "E0427", "E0606", "E0607", "E0428", "H2001"};
    auto examples = examples_by_code();
    for (const std::string& code : kRunnable) {
        CAPTURE(code);
        REQUIRE(examples[code].size() >= 2);
        auto failing = ss::test::codes_of(ss::analysis::check_source(examples[code][0]));
        CHECK(std::find(failing.begin(), failing.end(), code) != failing.end());
        CHECK(ss::test::codes_of(ss::analysis::check_source(examples[code][1])).empty());
        // Blocks after the fix are more failing examples.
        for (size_t i = 2; i < examples[code].size(); ++i) {
            auto more = ss::test::codes_of(ss::analysis::check_source(examples[code][i]));
            CHECK(std::find(more.begin(), more.end(), code) != more.end());
        }
    }
}

// The serving rules are no diagnostics of `check` (analysis/serving.hpp):
// their examples' `forward` breaks the rule when served, and the fix checks
// clean and is servable.
TEST_CASE("docs/errors.md: each serving rule's failing example breaks it, and its fix is servable") {
    auto examples = examples_by_code();
    auto serving_codes = [](const std::string& source) {
        ss::check::DocumentAnalysis document{source};
        const ss::check::DocumentResult& checked = document.analyze();
        return ss::test::codes_of(ss::analysis::serving_errors(checked.check.program, "forward"));
    };
    for (const std::string code : {"E3301", "E3302", "E3303", "E3304", "E3305"}) {
        CAPTURE(code);
        REQUIRE(examples[code].size() >= 2);
        auto failing = serving_codes(examples[code][0]);
        CHECK(std::find(failing.begin(), failing.end(), code) != failing.end());
        CHECK(ss::test::codes_of(ss::analysis::check_source(examples[code][1])).empty());
        CHECK(serving_codes(examples[code][1]).empty());
    }
}
