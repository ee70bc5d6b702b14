// Diagnostics as one SARIF 2.1.0 log, for code-scanning tools (GitHub code
// scanning and others). docs/cli.md lists every field written.
//
// A log has one run: the tool and one rule per catalogue code that occurs,
// the files checked (artifacts), one result per diagnostic and the files
// that could not be read (tool execution notifications). Regions are
// 1-based with the end column exclusive, columns counted in code points
// (columnKind "unicodeCodePoints"), as in the JSON format.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.hpp"
#include "diag/line_index.hpp"

namespace ss::cli {

struct SarifTool {
    std::string name;
    std::string version;
    // Absolute URL under which the repository's files are published, ending
    // in "/" ("https://github.com/o/r/blob/v0.1.0/"), or empty. When set,
    // rules get helpUri = base + "docs/errors.md#<anchor>" and the driver
    // informationUri = base + "README.md". When empty both are left out:
    // SARIF's schema wants absolute URIs there, and uploads checked against
    // it (GitHub's) reject relative ones.
    std::string docs_base;
};

// "error", "warning" or "note" (information and hints).
std::string_view sarif_level(Severity severity);

// A path as an artifactLocation URI: every byte other than an unreserved
// character or "/" is percent-encoded, so the URI is ASCII whatever the
// name; a relative path stays relative, an absolute one becomes "file://".
std::string sarif_artifact_uri(std::string_view path);

// "syntax error" -> "SyntaxError", "invalid UTF-8" -> "InvalidUTF8".
std::string sarif_rule_name(std::string_view title);

class SarifLog {
public:
    explicit SarifLog(SarifTool tool);

    // A file that was read (checked); returns its index in `artifacts`.
    // The same path twice is one artifact.
    size_t add_artifact(std::string_view path);

    // A diagnostic of the artifact `artifact`; `index` is its text's index.
    void add_result(const Diagnostic& diagnostic, size_t artifact, const LineIndex& index);

    // Something the log's reader must know that is not a result: a file
    // that could not be read (level "error": the execution did not succeed),
    // or results left out (level "note"). `path` may be empty.
    void add_notification(std::string_view level, std::string_view message, std::string_view path = {});

    // The whole log; serialize with dump_json (render.hpp).
    nlohmann::ordered_json json() const;

private:
    size_t rule_index(const Diagnostic& diagnostic);

    SarifTool tool_;
    nlohmann::ordered_json rules_ = nlohmann::ordered_json::array();
    std::map<std::string, size_t, std::less<>> rule_indices_;  // code -> index in rules_
    nlohmann::ordered_json artifacts_ = nlohmann::ordered_json::array();
    std::map<std::string, size_t, std::less<>> artifact_indices_;  // uri -> index
    nlohmann::ordered_json results_ = nlohmann::ordered_json::array();
    nlohmann::ordered_json notifications_ = nlohmann::ordered_json::array();
    bool execution_successful_ = true;
};

}  // namespace ss::cli
