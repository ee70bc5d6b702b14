// Programs of several files (docs/modules.md): finding the .ss file an
// `import layers` names, and checking it once for all its importers.
//
// A file's importers depend on its *summary* (module_summary.hpp: its
// exported dims, records and signatures), made by checking the file with
// its own imports and cached by content: while a file's text and its
// imports' summaries stay the same, its summary is not made again, and
// while its summary's key stays the same (an edit inside a function body),
// no importer's environment changes (document.hpp).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ss::check {

struct ModuleSummary;  // module_summary.hpp
class DocumentAnalysis;

// What one `import a.b` found.
struct ImportOutcome {
    enum class Problem { None, Missing, Cycle };
    Problem problem = Problem::None;
    // Missing: the paths searched, for E0109; Cycle: the files around the
    // cycle, `a.ss -> b.ss -> a.ss`, for E0110.
    std::string detail;
    std::string file;                              // the file found
    std::shared_ptr<const ModuleSummary> summary;  // set unless there is a problem
};

// Finds a module for one importing file, by its path as written (`layers`).
using ImportResolver = std::function<ImportOutcome(const std::string& module)>;

// The summary's key and how many errors the file has, for callers outside
// the checker (the language server's and the CLI's messages).
std::string summary_key(const ModuleSummary& summary);
// What a file's imports found, as its caches are keyed by it: a module
// whose summary changed changes the importer's environment and checks
// every body again (document.hpp).
std::string imports_key(const std::map<std::string, ImportOutcome>& imports);
size_t summary_errors(const ModuleSummary& summary);
// What the analyses of an importer's calls into the file read
// (ModuleFacts::key): when it changes and `summary_key` doesn't,
// importers are analysed again but not checked again.
std::string summary_facts_key(const ModuleSummary& summary);
// A file's ModuleFacts::key: its bodies' keys with its imports' facts' keys.
std::string facts_key(const std::string& own_key, const std::map<std::string, ImportOutcome>& imports);

class ModuleGraph {
public:
    // The text of a file, or nothing when there is none (not a regular
    // file, unreadable): the language server gives an open file's unsaved
    // text, the command line reads the disk.
    using ReadText = std::function<std::optional<std::string>(const std::string& path)>;

    // `search_path`: the folders searched after the importing file's own
    // (SHAPESCRIPT_PATH, --path, the editor's workspace folders), in order.
    ModuleGraph(ReadText read, std::vector<std::string> search_path);
    ~ModuleGraph();

    // The resolver for imports written in the file at `path`. While one of
    // its calls runs, `path` counts as being checked: an import that leads
    // back to it is a cycle.
    ImportResolver resolver_for(const std::string& path);

    // The file `import <module>` in `from_file` names, searched as the
    // resolver does: first its folder, then the search path. Empty when
    // none; `searched` then lists where it looked.
    std::string find(const std::string& from_file, const std::string& module, std::vector<std::string>* searched);

    // The files each file's last check imported (as found), for the
    // language server: who imports a changed file.
    std::vector<std::string> importers_of(const std::string& file) const;
    // Every file the file's imports reached, directly or through others,
    // sorted: what a build of it depends on.
    std::vector<std::string> imported_by(const std::string& file) const;

    // Each imported file checked so far, with its analysis (valid until the
    // graph's next check): what the editor lists as the workspace's symbols.
    std::vector<std::pair<std::string, const DocumentAnalysis*>> checked() const;
    // Frees every checked file's syntax trees (DocumentAnalysis::forget_trees).
    void forget_trees();

    // A file's text as the graph reads it (an open file's unsaved text in
    // the editor), or nothing.
    std::optional<std::string> text_of(const std::string& path) const { return read_(path); }

    // The folders of SHAPESCRIPT_PATH (separated by `:`), in order.
    static std::vector<std::string> environment_search_path();

    // A path as the graph names files: absolute, links resolved.
    static std::string normal_path(const std::string& path);

    // How many times a file was analysed (not taken from the cache): what
    // bench/modules counts.
    size_t checks_made() const { return checks_made_; }

    // Sets the folders searched after the importer's own.
    void set_search_path(std::vector<std::string> search_path) { search_path_ = std::move(search_path); }
    const std::vector<std::string>& search_path() const { return search_path_; }

private:
    struct Entry;
    ImportOutcome summarize(const std::string& file);

    ReadText read_;
    std::vector<std::string> search_path_;
    std::map<std::string, std::unique_ptr<Entry>> entries_;  // by file
    std::vector<std::string> checking_;                      // the files being checked, outermost first
    std::map<std::string, std::set<std::string>> edges_;     // a file -> the files its imports found
    size_t checks_made_ = 0;
};

}  // namespace ss::check
