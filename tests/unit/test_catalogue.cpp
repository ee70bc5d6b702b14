// The catalogue (server/diag/codes.def) and docs/errors.md must agree: every
// code has its section (anchor, heading with the catalogue's title, a failing
// and a fixed example), every section names a known code, and every message
// template uses its placeholders {0}..{n-1} without gaps.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "diag/catalogue.hpp"

namespace {

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct DocSection {
    std::string anchor;  // from the <a id="..."></a> just before the heading
    std::string title;
    int code_blocks = 0;  // ```ss blocks in the section
};

// Sections of docs/errors.md: "## E0001: title", preceded by <a id="e0001"></a>.
std::map<std::string, DocSection> parse_errors_md(const std::string& text) {
    static const std::regex heading(R"(^##\s+([EH]\d{4}):\s*(.+?)\s*$)");
    static const std::regex anchor(R"re(^<a id="([^"]+)"></a>\s*$)re");
    std::map<std::string, DocSection> sections;
    std::istringstream lines(text);
    std::string line;
    std::string last_anchor;
    std::string current;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::smatch m;
        if (std::regex_match(line, m, anchor)) {
            last_anchor = m[1];
        } else if (std::regex_match(line, m, heading)) {
            current = m[1];
            CHECK_MESSAGE(sections.count(current) == 0, "docs/errors.md: two sections for " << current);
            sections[current] = DocSection{last_anchor, m[2], 0};
            last_anchor.clear();
        } else if (line.rfind("## ", 0) == 0) {
            current.clear();  // some other section
            last_anchor.clear();
        } else if (!current.empty() && line == "```ss") {
            ++sections[current].code_blocks;
        } else if (!line.empty()) {
            last_anchor.clear();  // an anchor counts only right before its heading
        }
    }
    return sections;
}

}  // namespace

TEST_CASE("catalogue codes are unique, well formed and findable") {
    std::set<std::string_view> codes;
    std::set<std::string_view> anchors;
    static const std::regex code_shape(R"([EH]\d{4})");
    for (const ss::CatalogueEntry& e : ss::catalogue()) {
        CAPTURE(e.code);
        CHECK(std::regex_match(std::string(e.code), code_shape));
        CHECK(codes.insert(e.code).second);
        CHECK(anchors.insert(e.anchor).second);
        CHECK_FALSE(e.title.empty());
        REQUIRE(ss::find_entry(e.code) == &e);
        CHECK(&ss::entry(e.id) == &e);
        // Hints (H codes) are never errors; E codes are errors or warnings.
        if (e.code[0] == 'H') {
            CHECK((e.severity == ss::Severity::Hint || e.severity == ss::Severity::Information));
        }
    }
    CHECK(ss::find_entry("E9999") == nullptr);
}

TEST_CASE("message templates number their placeholders 0..n-1, each used") {
    for (const ss::CatalogueEntry& e : ss::catalogue()) {
        CAPTURE(e.code);
        const std::vector<int> used = ss::template_placeholders(e.message_template);
        const int arity = ss::template_arity(e.message_template);
        std::set<int> distinct(used.begin(), used.end());
        CHECK(static_cast<int>(distinct.size()) == arity);  // no gaps
        // No stray braces: every '{' or '}' belongs to a placeholder.
        std::string rest = std::regex_replace(std::string(e.message_template), std::regex(R"(\{\d+\})"), "");
        CHECK(rest.find_first_of("{}") == std::string::npos);
    }
}

TEST_CASE("docs/errors.md has one complete section per catalogue code") {
    const auto text = read_text(std::filesystem::path(SS_SOURCE_DIR) / "docs" / "errors.md");
    const auto sections = parse_errors_md(text);
    for (const ss::CatalogueEntry& e : ss::catalogue()) {
        CAPTURE(e.code);
        auto it = sections.find(std::string(e.code));
        if (it == sections.end()) {
            FAIL_CHECK("docs/errors.md has no `## " << e.code << ": " << e.title << "` section");
            continue;
        }
        CHECK_MESSAGE(it->second.anchor == e.anchor,
                      "the section must be preceded by <a id=\"" << e.anchor << "\"></a>");
        CHECK_MESSAGE(it->second.title == e.title, "heading title must be the catalogue's title: " << e.title);
        CHECK_MESSAGE(it->second.code_blocks >= 2, "the section needs a failing and a fixed ```ss example");
    }
    for (const auto& [code, section] : sections) {
        CHECK_MESSAGE(ss::find_entry(code) != nullptr,
                      "docs/errors.md documents " << code << ", which is not in diag/codes.def");
    }
}

TEST_CASE("codes quoted in the front end's sources are in the catalogue") {
    // A string literal "E0123" in server/ that the catalogue lacks is a
    // diagnostic nobody documented.
    static const std::regex literal(R"re("([EH]\d{4})")re");
    const auto root = std::filesystem::path(SS_SOURCE_DIR) / "server";
    for (const auto& file : std::filesystem::recursive_directory_iterator(root)) {
        const auto ext = file.path().extension();
        if (!file.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        const std::string text = read_text(file.path());
        for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) {
            CHECK_MESSAGE(ss::find_entry((*it)[1].str()) != nullptr,
                          file.path().string() << " uses " << (*it)[1] << ", not in the catalogue");
        }
    }
}

TEST_CASE("make_diagnostic fills the template and takes the catalogue's severity") {
    auto d = ss::make_diagnostic("E0001", {4, 6}, {"`)`", " in a parameter list"});
    CHECK(d.code == "E0001");
    CHECK(d.severity == ss::Severity::Error);
    CHECK(d.range.begin == 4);
    CHECK(d.range.end == 6);
    CHECK(d.message == "syntax error: unexpected `)` in a parameter list");

    auto e = ss::make_diagnostic(ss::DiagCode::E0005, {0, 1}, {"3", "5"});
    CHECK(e.message == "this line is indented to column 3, but its block's lines start at column 5");

    auto f = ss::make_diagnostic(ss::DiagCode::E0003, {0, 1}, {"FF"});
    CHECK(f.message == "invalid UTF-8 byte 0xFF: ShapeScript source must be UTF-8 text");
}

TEST_CASE("format_message and make_diagnostic never crash on caller mistakes") {
    CHECK(ss::format_message("a {0} b {1}", {"x"}) == "a x b {1}");
    CHECK(ss::format_message("{1}{0}", {"a", "b"}) == "ba");
    CHECK(ss::format_message("{ {x} {", {}) == "{ {x} {");
    CHECK(ss::format_message("", {"unused"}) == "");
    auto d = ss::make_diagnostic("E9999", {0, 0});
    CHECK(d.code == "E9999");
    CHECK(d.severity == ss::Severity::Error);
    CHECK(d.message.find("not in the catalogue") != std::string::npos);
}
