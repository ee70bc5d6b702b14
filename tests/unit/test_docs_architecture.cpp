// docs/architecture.md stays true and short: every file it names in
// backticks exists (a path from the repository root, from server/ or from
// runtime/, or a bare file name found somewhere in the tree), it names every
// top-level folder and every page of docs/, and it reads in about ten
// minutes.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "syntax_test_util.hpp"

namespace {

namespace fs = std::filesystem;

// The backticked spans of a Markdown text that look like one file's name:
// an extension, no spaces, no placeholders or globs.
std::vector<std::string> named_files(const std::string& doc) {
    static const std::set<std::string> extensions = {".hpp",  ".cpp", ".md",  ".py", ".ss",   ".cmake",
                                                     ".toml", ".txt", ".def", ".js", ".ts",   ".c",
                                                     ".h",    ".el",  ".lua", ".in", ".json", ".mjs"};
    std::vector<std::string> out;
    size_t at = 0;
    while ((at = doc.find('`', at)) != std::string::npos) {
        size_t end = doc.find('`', at + 1);
        if (end == std::string::npos) break;
        std::string span = doc.substr(at + 1, end - at - 1);
        at = end + 1;
        if (span.find_first_of(" <>*{}") != std::string::npos) continue;
        std::string ext = fs::path(span).extension().string();
        if (extensions.count(ext) && span != ext) out.push_back(span);
    }
    return out;
}

// Every file name in the source tree, outside build outputs and packages.
std::set<std::string> file_names_in_tree() {
    std::set<std::string> names;
    fs::path root(SS_SOURCE_DIR);
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        std::string name = it->path().filename().string();
        if (it->is_directory() && (name == ".git" || name == "build" || name == "node_modules")) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file()) names.insert(name);
    }
    return names;
}

bool exists_from_a_root(const std::string& path) {
    for (const char* base : {"", "server/", "runtime/", "runtime/shapescript/", "tests/"})
        if (fs::exists(fs::path(SS_SOURCE_DIR) / (std::string(base) + path))) return true;
    return false;
}

// The pages of docs/ (their file names).
std::vector<std::string> docs_pages() {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(fs::path(SS_SOURCE_DIR) / "docs"))
        if (entry.path().extension() == ".md") out.push_back(entry.path().filename().string());
    return out;
}

}  // namespace

TEST_CASE("every file docs/architecture.md names exists") {
    std::string doc = ss::test::read_source_file("docs/architecture.md");
    std::set<std::string> names = file_names_in_tree();
    std::vector<std::string> files = named_files(doc);
    CHECK(files.size() > 50);  // the code map names its files; an empty list would prove nothing
    for (const std::string& f : files) {
        CAPTURE(f);
        if (f.find('/') != std::string::npos) CHECK(exists_from_a_root(f));
        else CHECK(names.count(f) == 1);
    }
}

TEST_CASE("docs/architecture.md names every top-level folder and every page of docs/") {
    std::string doc = ss::test::read_source_file("docs/architecture.md");
    size_t folders = 0;
    for (const auto& entry : fs::directory_iterator(SS_SOURCE_DIR)) {
        std::string name = entry.path().filename().string();
        // What the tree holds, not what a build, a run or a tool leaves in it
        // (.gitignore): hidden folders are tools' but for `.ci/`.
        bool hidden = name[0] == '.' && name != ".ci";
        if (!entry.is_directory() || hidden || name == "build" || name == "dist" || name == "node_modules" ||
            name == "runs" || name == "__pycache__")
            continue;
        CAPTURE(name);
        CHECK(doc.find("`" + name + "/") != std::string::npos);
        ++folders;
    }
    std::vector<std::string> pages = docs_pages();
    for (const std::string& name : pages) {
        CAPTURE(name);
        CHECK(doc.find("`" + name + "`") != std::string::npos);
    }
    CHECK(folders >= 10);
    CHECK(pages.size() >= 10);
}

TEST_CASE("the README's documentation index links every page of docs/") {
    std::string readme = ss::test::read_source_file("README.md");
    size_t at = readme.find("## Documentation");
    REQUIRE(at != std::string::npos);
    std::string index = readme.substr(at, readme.find("\n## ", at + 1) - at);
    std::vector<std::string> pages = docs_pages();
    for (const std::string& name : pages) {
        CAPTURE(name);
        CHECK(index.find("](docs/" + name + ")") != std::string::npos);
    }
    CHECK(pages.size() >= 10);
}

TEST_CASE("docs/architecture.md reads in about ten minutes") {
    // 2,400 words at the usual 230-250 words a minute.
    std::istringstream words(ss::test::read_source_file("docs/architecture.md"));
    size_t count = 0;
    for (std::string w; words >> w;) ++count;
    CHECK(count <= 2400);
}
