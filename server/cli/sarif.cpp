#include "cli/sarif.hpp"

#include <algorithm>
#include <utility>

#include "cli/render.hpp"
#include "diag/catalogue.hpp"

namespace ss::cli {
namespace {

using Json = nlohmann::ordered_json;

bool is_ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// RFC 3986 unreserved characters, plus "/" which separates path segments.
// Everything else, ":" included (a relative path's first segment must not
// look like a scheme), is percent-encoded byte by byte.
std::string percent_encode_path(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(path.size());
    for (char c : path) {
        if (is_ascii_alnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out.push_back(c);
        } else {
            const auto byte = static_cast<unsigned char>(c);
            out.push_back('%');
            out.push_back(kHex[byte >> 4]);
            out.push_back(kHex[byte & 0xF]);
        }
    }
    return out;
}

Json text_message(std::string_view text) { return Json{{"text", bounded_message(text)}}; }

Json physical_location(const std::string& uri, size_t artifact, ByteRange range, const LineIndex& index) {
    const LineColumn begin = index.position(range.begin);
    const LineColumn end = index.position(std::max(range.begin, range.end));
    return Json{
        {"artifactLocation", {{"uri", uri}, {"index", artifact}}},
        {"region",
         {{"startLine", begin.line}, {"startColumn", begin.column}, {"endLine", end.line}, {"endColumn", end.column}}},
    };
}

}  // namespace

std::string_view sarif_level(Severity severity) {
    switch (severity) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Information:
        case Severity::Hint: return "note";
    }
    return "error";
}

std::string sarif_artifact_uri(std::string_view path) {
    if (!path.empty() && path.front() == '/') return "file://" + percent_encode_path(path);
    return percent_encode_path(path);
}

std::string sarif_rule_name(std::string_view title) {
    std::string out;
    bool word_start = true;
    for (char c : title) {
        const bool word_char = is_ascii_alnum(c) || static_cast<unsigned char>(c) >= 0x80;
        if (!word_char) {
            word_start = true;
            continue;
        }
        out.push_back(word_start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
        word_start = false;
    }
    return out;
}

SarifLog::SarifLog(SarifTool tool) : tool_(std::move(tool)) {}

size_t SarifLog::add_artifact(std::string_view path) {
    std::string uri = sarif_artifact_uri(path);
    if (auto it = artifact_indices_.find(uri); it != artifact_indices_.end()) return it->second;
    const size_t at = artifacts_.size();
    artifacts_.push_back(Json{{"location", {{"uri", uri}}}});
    artifact_indices_.emplace(std::move(uri), at);
    return at;
}

size_t SarifLog::rule_index(const Diagnostic& d) {
    if (auto it = rule_indices_.find(d.code); it != rule_indices_.end()) return it->second;
    Json rule{{"id", d.code}};
    if (const CatalogueEntry* e = find_entry(d.code)) {
        rule["name"] = sarif_rule_name(e->title);
        rule["shortDescription"] = Json{{"text", std::string(e->title)}};
        const std::string page = "docs/errors.md#" + std::string(e->anchor);
        rule["help"] = Json{{"text", "See " + page + ": what " + d.code + " means, a failing example and its fix."}};
        if (!tool_.docs_base.empty()) rule["helpUri"] = tool_.docs_base + page;
        rule["defaultConfiguration"] = Json{{"level", sarif_level(e->severity)}};
    } else {
        // Not in the catalogue (a bug upstream): still a well-formed rule.
        rule["shortDescription"] = Json{{"text", d.code}};
        rule["defaultConfiguration"] = Json{{"level", sarif_level(d.severity)}};
    }
    const size_t at = rules_.size();
    rules_.push_back(std::move(rule));
    rule_indices_.emplace(d.code, at);
    return at;
}

void SarifLog::add_result(const Diagnostic& d, size_t artifact, const LineIndex& index) {
    const std::string& uri = artifacts_.at(artifact)["location"]["uri"].get_ref<const std::string&>();
    Json result{
        {"ruleId", d.code},
        {"ruleIndex", rule_index(d)},
        {"level", sarif_level(d.severity)},
        {"message", text_message(d.message)},
        {"locations", Json::array({Json{{"physicalLocation", physical_location(uri, artifact, d.range, index)}}})},
    };
    if (!d.related.empty()) {
        Json related = Json::array();
        size_t id = 0;  // distinct ids keep the items distinct (the schema's uniqueItems)
        for (const RelatedInfo& r : d.related) {
            related.push_back(Json{
                {"id", id++},
                {"physicalLocation", physical_location(uri, artifact, r.range, index)},
                {"message", text_message(r.message)},
            });
        }
        result["relatedLocations"] = std::move(related);
    }
    results_.push_back(std::move(result));
}

void SarifLog::add_notification(std::string_view level, std::string_view message, std::string_view path) {
    Json notification{{"level", level}, {"message", text_message(message)}};
    if (!path.empty()) {
        notification["locations"] =
            Json::array({Json{{"physicalLocation", {{"artifactLocation", {{"uri", sarif_artifact_uri(path)}}}}}}});
    }
    notifications_.push_back(std::move(notification));
    if (level == "error") execution_successful_ = false;
}

Json SarifLog::json() const {
    Json driver{{"name", tool_.name}, {"version", tool_.version}};
    if (!tool_.docs_base.empty()) driver["informationUri"] = tool_.docs_base + "README.md";
    driver["rules"] = rules_;

    Json run{
        {"tool", {{"driver", std::move(driver)}}},
        {"invocations", Json::array({Json{
                            {"executionSuccessful", execution_successful_},
                            {"toolExecutionNotifications", notifications_},
                        }})},
        {"columnKind", "unicodeCodePoints"},
        {"artifacts", artifacts_},
        {"results", results_},
    };
    return Json{
        {"version", "2.1.0"},
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"runs", Json::array({std::move(run)})},
    };
}

}  // namespace ss::cli
