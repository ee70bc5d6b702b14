#include <doctest/doctest.h>

#include <string>

#include "cli/render.hpp"
#include "diag/catalogue.hpp"
#include "diag/line_index.hpp"

namespace {
std::string human(const ss::Diagnostic& d, const std::string& source) {
    ss::LineIndex index(source);
    return ss::cli::render_human(d, "m.ss", source, index);
}
}  // namespace

TEST_CASE("human format: header, source line, carets under the range") {
    const std::string source = "fn f(x: [b n D] -> [b n D]:\n    return x\n";
    auto d = ss::make_diagnostic("E0001", {16, 18}, {"`->`", " in a parameter list"});
    CHECK(human(d, source) ==
          "m.ss:1:17: error[E0001]: syntax error: unexpected `->` in a parameter list\n"
          " 1 | fn f(x: [b n D] -> [b n D]:\n"
          "   |                 ^~\n");
}

TEST_CASE("human format: empty range at end of line, other severities") {
    const std::string source = "ab\n";
    auto d = ss::make_diagnostic("E0002", {2, 2}, {"`:`"});
    CHECK(human(d, source) ==
          "m.ss:1:3: error[E0002]: expected `:` here\n"
          " 1 | ab\n"
          "   |   ^\n");
    d.severity = ss::Severity::Hint;
    CHECK(human(d, source).find("m.ss:1:3: hint[E0002]:") == 0);
    d.severity = ss::Severity::Information;
    CHECK(human(d, source).find(": info[E0002]:") != std::string::npos);
}

TEST_CASE("human format: a range over several lines underlines the first line only") {
    const std::string source = "abc\ndef\n";
    ss::Diagnostic d = ss::make_diagnostic("E0006", {1, 6});
    CHECK(human(d, source) ==
          "m.ss:1:2: error[E0006]: tab in indentation: indent with spaces\n"
          " 1 | abc\n"
          "   |  ^~\n");
}

TEST_CASE("human format: tabs are mirrored so carets line up; bad bytes shown safely") {
    const std::string source = "\tx\xFFy\n";
    ss::Diagnostic d = ss::make_diagnostic("E0003", {2, 3}, {"FF"});
    const std::string out = human(d, source);
    CHECK(out.find(" 1 | \tx\xEF\xBF\xBDy\n") != std::string::npos);
    CHECK(out.find("   | \t ^\n") != std::string::npos);
    const std::string nul = std::string("a\0b", 3);
    ss::Diagnostic n = ss::make_diagnostic("E0004", {1, 2});
    CHECK(human(n, nul).find(" 1 | a\xE2\x90\x80"
                             "b\n") != std::string::npos);
}

TEST_CASE("human format: long lines show a bounded window around the caret") {
    std::string source(10'000'000, 'x');
    ss::Diagnostic d = ss::make_diagnostic("E0001", {5'000'000, 5'000'001}, {"`x`", ""});
    const std::string out = human(d, source);
    CHECK(out.size() < 600);
    CHECK(out.find("m.ss:1:5000001:") == 0);
    CHECK(out.find(" | ...xxx") != std::string::npos);
    CHECK(out.find("xxx...\n") != std::string::npos);
    // The caret sits under the right character: 3 for "...", then the window.
    const auto caret_line = out.substr(out.rfind("| ") + 2);
    const auto source_line_start = out.find(" | ") + 3;
    CHECK(caret_line.find('^') == 3 + 200 / 3);
    (void)source_line_start;

    ss::Diagnostic at_start = ss::make_diagnostic("E0001", {0, 1}, {"`x`", ""});
    const std::string start_out = human(at_start, source);
    CHECK(start_out.size() < 600);
    CHECK(start_out.find(" | xxx") != std::string::npos);
}

TEST_CASE("messages are bounded") {
    std::string big(100'000, 'q');
    ss::Diagnostic d = ss::make_diagnostic("E0002", {0, 1}, {big});
    CHECK(human(d, "q\n").size() < 1200);
    CHECK(ss::cli::bounded_message("\xC3\xA9\xC3\xA9", 3) == "\xC3\xA9...");
}

TEST_CASE("JSON: exactly the documented keys, 1-based, end just past the range") {
    const std::string source =
        "a\xC3\xA9"
        "bc\nd\n";
    ss::LineIndex index(source);
    ss::Diagnostic d = ss::make_diagnostic("E0001", {3, 5}, {"`bc`", ""});
    const nlohmann::ordered_json j = ss::cli::render_json(d, "m.ss", index);
    CHECK(j.size() == 9);
    CHECK(j["related"] == nlohmann::ordered_json::array());
    CHECK(j["file"] == "m.ss");
    CHECK(j["line"] == 1);
    CHECK(j["column"] == 3);
    CHECK(j["end_line"] == 1);
    CHECK(j["end_column"] == 5);
    CHECK(j["severity"] == "error");
    CHECK(j["code"] == "E0001");
    CHECK(j["message"] == "syntax error: unexpected `bc`");
    // Invalid UTF-8 in a message does not throw when dumped.
    nlohmann::ordered_json bad = {{"message", std::string("\xFF")}};
    CHECK_NOTHROW((void)ss::cli::dump_json(bad));
}
