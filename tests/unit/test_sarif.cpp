// The SARIF renderer (cli/sarif.hpp): the log's shape, levels, regions in
// code points, related locations, URIs and notifications.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "cli/render.hpp"
#include "cli/sarif.hpp"
#include "diag/catalogue.hpp"
#include "diag/line_index.hpp"

namespace {

ss::cli::SarifLog make_log(std::string docs_base = {}) {
    return ss::cli::SarifLog({"shapescript", "1.2.3", std::move(docs_base)});
}

// The log as a consumer sees it: serialized, then parsed again.
nlohmann::json parsed(const ss::cli::SarifLog& log) { return nlohmann::json::parse(ss::cli::dump_json(log.json())); }

}  // namespace

TEST_CASE("SARIF: a log with no results has the version, tool and one run") {
    ss::cli::SarifLog log = make_log();
    CHECK(log.add_artifact("ok.ss") == 0);
    const auto j = parsed(log);
    CHECK(j["version"] == "2.1.0");
    CHECK(j["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
    REQUIRE(j["runs"].size() == 1);
    const auto& run = j["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "shapescript");
    CHECK(run["tool"]["driver"]["version"] == "1.2.3");
    CHECK(run["tool"]["driver"]["rules"] == nlohmann::json::array());
    CHECK(run["columnKind"] == "unicodeCodePoints");
    CHECK(run["results"] == nlohmann::json::array());
    CHECK(run["artifacts"] == nlohmann::json::parse(R"([{"location": {"uri": "ok.ss"}}])"));
    REQUIRE(run["invocations"].size() == 1);
    CHECK(run["invocations"][0]["executionSuccessful"] == true);
    CHECK(run["invocations"][0]["toolExecutionNotifications"] == nlohmann::json::array());
    // Without a docs base there is no URI that would have to be absolute.
    CHECK_FALSE(run["tool"]["driver"].contains("informationUri"));
}

TEST_CASE("SARIF: levels, one rule per code, ruleIndex into the rules") {
    const std::string source = "abcdef\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log();
    const size_t file = log.add_artifact("m.ss");
    auto with = [](ss::Severity s) {
        ss::Diagnostic d = ss::make_diagnostic("E0002", {1, 2}, {"`:`"});
        d.severity = s;
        return d;
    };
    log.add_result(ss::make_diagnostic("E0001", {0, 1}, {"`a`", ""}), file, index);
    log.add_result(with(ss::Severity::Warning), file, index);
    log.add_result(with(ss::Severity::Information), file, index);
    log.add_result(with(ss::Severity::Hint), file, index);
    log.add_result(with(ss::Severity::Error), file, index);
    const auto j = parsed(log);
    const auto& rules = j["runs"][0]["tool"]["driver"]["rules"];
    const auto& results = j["runs"][0]["results"];
    REQUIRE(rules.size() == 2);
    REQUIRE(results.size() == 5);
    CHECK(results[0]["level"] == "error");
    CHECK(results[1]["level"] == "warning");
    CHECK(results[2]["level"] == "note");
    CHECK(results[3]["level"] == "note");
    CHECK(results[4]["level"] == "error");
    for (const auto& r : results) {
        CHECK(rules[r["ruleIndex"].get<size_t>()]["id"] == r["ruleId"]);
    }
    CHECK(results[0]["ruleId"] == "E0001");
    CHECK(results[1]["ruleId"] == "E0002");
    CHECK(results[0]["message"]["text"] == "syntax error: unexpected `a`");

    const auto& e2 = rules[1];
    CHECK(e2["id"] == "E0002");
    CHECK(e2["name"] == "MissingToken");
    CHECK(e2["shortDescription"]["text"] == "missing token");
    // The rule's level is the catalogue's, whatever one result says.
    CHECK(e2["defaultConfiguration"]["level"] == "error");
    CHECK(e2["help"]["text"].get<std::string>().find("docs/errors.md#e0002") != std::string::npos);
    CHECK_FALSE(e2.contains("helpUri"));
}

TEST_CASE("SARIF: regions are 1-based, in code points, end column exclusive") {
    // "é" is 2 bytes, "😀" 4 bytes, 0xFF an invalid byte: one column each.
    const std::string source =
        "x\n\xC3\xA9\xF0\x9F\x98\x80\xFF"
        "ab\ncd\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log();
    const size_t file = log.add_artifact("m.ss");
    log.add_result(ss::make_diagnostic("E0001", {9, 11}, {"`ab`", ""}), file, index);  // "ab"
    log.add_result(ss::make_diagnostic("E0002", {12, 12}, {"`:`"}), file, index);      // empty, at "c"
    log.add_result(ss::make_diagnostic("E0006", {10, 13}), file, index);               // "b\nc"
    const auto j = parsed(log);
    const auto& results = j["runs"][0]["results"];
    auto region = [&](size_t i) { return results[i]["locations"][0]["physicalLocation"]["region"]; };
    CHECK(region(0) == nlohmann::json::parse(R"({"startLine": 2, "startColumn": 4, "endLine": 2, "endColumn": 6})"));
    CHECK(region(1) == nlohmann::json::parse(R"({"startLine": 3, "startColumn": 1, "endLine": 3, "endColumn": 1})"));
    CHECK(region(2) == nlohmann::json::parse(R"({"startLine": 2, "startColumn": 5, "endLine": 3, "endColumn": 2})"));
    const auto& artifact = results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
    CHECK(artifact["uri"] == "m.ss");
    CHECK(artifact["index"] == 0);
}

TEST_CASE("SARIF: related locations carry their own region and message") {
    const std::string source = "ab\ncd\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log();
    log.add_artifact("other.ss");
    const size_t file = log.add_artifact("m.ss");
    ss::Diagnostic d = ss::make_diagnostic("E0001", {3, 4}, {"`c`", ""});
    d.related.push_back({{0, 2}, "first defined here"});
    d.related.push_back({{4, 5}, "and used here"});
    log.add_result(d, file, index);
    log.add_result(ss::make_diagnostic("E0001", {0, 1}, {"`a`", ""}), file, index);
    const auto j = parsed(log);
    const auto& results = j["runs"][0]["results"];
    const auto& related = results[0]["relatedLocations"];
    REQUIRE(related.size() == 2);
    CHECK(related[0]["id"] == 0);
    CHECK(related[1]["id"] == 1);
    CHECK(related[0]["message"]["text"] == "first defined here");
    CHECK(related[1]["message"]["text"] == "and used here");
    CHECK(related[0]["physicalLocation"]["artifactLocation"] ==
          nlohmann::json::parse(R"({"uri": "m.ss", "index": 1})"));
    CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["index"] == 1);
    CHECK(related[0]["physicalLocation"]["region"] ==
          nlohmann::json::parse(R"({"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 3})"));
    CHECK(related[1]["physicalLocation"]["region"]["startLine"] == 2);
    CHECK(related[1]["physicalLocation"]["region"]["startColumn"] == 2);
    CHECK_FALSE(results[1].contains("relatedLocations"));
}

TEST_CASE("SARIF: artifact URIs are percent-encoded; relative stays relative") {
    CHECK(ss::cli::sarif_artifact_uri("models/m.ss") == "models/m.ss");
    CHECK(ss::cli::sarif_artifact_uri("../a b.ss") == "../a%20b.ss");
    CHECK(ss::cli::sarif_artifact_uri("c:d.ss") == "c%3Ad.ss");  // not a scheme
    CHECK(ss::cli::sarif_artifact_uri("100%#?.ss") == "100%25%23%3F.ss");
    CHECK(ss::cli::sarif_artifact_uri("\xC3\xA9.ss") == "%C3%A9.ss");
    CHECK(ss::cli::sarif_artifact_uri("bad\xFF.ss") == "bad%FF.ss");
    CHECK(ss::cli::sarif_artifact_uri("/srv/x y/m.ss") == "file:///srv/x%20y/m.ss");
    CHECK(ss::cli::sarif_artifact_uri("<stdin>") == "%3Cstdin%3E");

    ss::cli::SarifLog log = make_log();
    CHECK(log.add_artifact("a b.ss") == 0);
    CHECK(log.add_artifact("c.ss") == 1);
    CHECK(log.add_artifact("a b.ss") == 0);  // one artifact per file (uniqueItems)
    CHECK(parsed(log)["runs"][0]["artifacts"].size() == 2);
}

TEST_CASE("SARIF: unreadable files are error notifications; execution fails") {
    ss::cli::SarifLog log = make_log();
    log.add_notification("note", "m.ss: 3 more diagnostics not shown", "m.ss");
    CHECK(parsed(log)["runs"][0]["invocations"][0]["executionSuccessful"] == true);
    log.add_notification("error", "missing.ss: no such file", "missing.ss");
    const auto j = parsed(log);
    const auto& invocation = j["runs"][0]["invocations"][0];
    CHECK(invocation["executionSuccessful"] == false);
    const auto& notes = invocation["toolExecutionNotifications"];
    REQUIRE(notes.size() == 2);
    CHECK(notes[1]["level"] == "error");
    CHECK(notes[1]["message"]["text"] == "missing.ss: no such file");
    CHECK(notes[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "missing.ss");
    CHECK(notes[0]["level"] == "note");
}

TEST_CASE("SARIF: invalid UTF-8 and huge messages still give valid, bounded JSON") {
    const std::string source = "ab\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log();
    const size_t file = log.add_artifact("bad\xFF.ss");
    ss::Diagnostic d = ss::make_diagnostic("E0002", {0, 1}, {std::string("\xFF\xFE")});
    d.related.push_back({{1, 2}, std::string(100'000, 'q')});
    log.add_result(d, file, index);
    log.add_notification("error", "bad\xFF.ss: no such file", "bad\xFF.ss");
    std::string text;
    REQUIRE_NOTHROW(text = ss::cli::dump_json(log.json()));
    CHECK(text.size() < 5000);
    const auto j = nlohmann::json::parse(text);
    const auto& result = j["runs"][0]["results"][0];
    CHECK(result["message"]["text"] == "expected \xEF\xBF\xBD\xEF\xBF\xBD here");
    CHECK(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bad%FF.ss");
}

TEST_CASE("SARIF: a docs base gives absolute helpUri and informationUri") {
    const std::string source = "ab\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log("https://example.org/shapescript/blob/v1/");
    log.add_result(ss::make_diagnostic("E0003", {0, 1}, {"FF"}), log.add_artifact("m.ss"), index);
    const auto j = parsed(log);
    const auto& driver = j["runs"][0]["tool"]["driver"];
    CHECK(driver["informationUri"] == "https://example.org/shapescript/blob/v1/README.md");
    CHECK(driver["rules"][0]["helpUri"] == "https://example.org/shapescript/blob/v1/docs/errors.md#e0003");
    CHECK(driver["rules"][0]["name"] == "InvalidUTF8");
}

TEST_CASE("SARIF: rule names from titles; codes outside the catalogue still make a rule") {
    CHECK(ss::cli::sarif_rule_name("syntax error") == "SyntaxError");
    CHECK(ss::cli::sarif_rule_name("NUL byte in source") == "NULByteInSource");
    CHECK(ss::cli::sarif_rule_name("invalid UTF-8") == "InvalidUTF8");
    CHECK(ss::cli::sarif_level(ss::Severity::Hint) == "note");

    const std::string source = "ab\n";
    ss::LineIndex index(source);
    ss::cli::SarifLog log = make_log();
    ss::Diagnostic d = ss::make_diagnostic("E9999", {0, 1});
    log.add_result(d, log.add_artifact("m.ss"), index);
    const auto j = parsed(log);
    const auto& rule = j["runs"][0]["tool"]["driver"]["rules"][0];
    CHECK(rule["id"] == "E9999");
    CHECK(rule["shortDescription"]["text"] == "E9999");
    CHECK(rule["defaultConfiguration"]["level"] == "error");
    CHECK(j["runs"][0]["results"][0]["ruleId"] == "E9999");
}
