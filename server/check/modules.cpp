#include "check/modules.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "check/document.hpp"
#include "check/module_summary.hpp"

namespace ss::check {

namespace fs = std::filesystem;

struct ModuleGraph::Entry {
    std::string text;
    std::unique_ptr<DocumentAnalysis> analysis;
    std::vector<std::string> modules;                   // the imports its last check resolved, as written, in order
    std::map<std::string, std::set<std::string>> used;  // the names of each it used
    std::string imports_key;                            // what they found then, of what it used
    ImportOutcome outcome;                              // what importing it gives
    // Its facts, the one cell its importers' facts point at, kept across checks.
    std::shared_ptr<ModuleFacts> facts = std::make_shared<ModuleFacts>();
};

namespace {

// What an import found, as a cached importer that used `names` of it
// depends on: the module's own key and those names' keys, so a change
// to a name it doesn't use leaves it as it was.
std::string use_key(const ImportOutcome& o, const std::set<std::string>& names) {
    std::string key = std::to_string(static_cast<int>(o.problem)) + o.detail + "\1" + o.file + "\1";
    if (o.summary) {
        key += o.summary->module_key;
        for (const std::string& name : names) {
            auto found = o.summary->name_keys.find(name);
            key += "\1" + name + "=" + (found == o.summary->name_keys.end() ? "-" : found->second);
        }
    }
    return key + "\2";
}

// `a/b.ss -> c.ss -> a/b.ss`, relative to the first file's folder.
std::string cycle_text(const std::vector<std::string>& files) {
    fs::path base = fs::path(files.front()).parent_path();
    std::string out;
    for (const std::string& f : files) {
        std::error_code ec;
        fs::path shown = fs::relative(f, base, ec);
        out += (out.empty() ? "" : " -> ") + (ec || shown.empty() ? f : shown.string());
    }
    return out;
}

}  // namespace

std::string imports_key(const std::map<std::string, ImportOutcome>& imports) {
    std::string key;
    for (const auto& [module, found] : imports)
        key += "\1" + module + "\1" + std::to_string(static_cast<int>(found.problem)) + found.detail + "\1" +
               found.file + "\1" + (found.summary ? found.summary->key : "");
    return key;
}

std::string facts_key(const std::string& own_key, const std::map<std::string, ImportOutcome>& imports) {
    std::string all = own_key;
    for (const auto& [module, found] : imports)
        if (found.summary) all += "\1" + module + "=" + summary_facts_key(*found.summary);
    return std::to_string(std::hash<std::string>{}(all));
}

ModuleGraph::ModuleGraph(ReadText read, std::vector<std::string> search_path)
    : read_(std::move(read)), search_path_(std::move(search_path)) {}
ModuleGraph::~ModuleGraph() = default;

std::vector<std::string> ModuleGraph::environment_search_path() {
    std::vector<std::string> out;
    const char* env = std::getenv("SHAPESCRIPT_PATH");
    if (!env) return out;
    std::string all = env;
    for (size_t start = 0, end = 0; start <= all.size(); start = end + 1) {
        end = std::min(all.find(':', start), all.size());
        if (end > start) out.push_back(all.substr(start, end - start));
    }
    return out;
}

std::string ModuleGraph::normal_path(const std::string& path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    if (ec) return path;
    fs::path normal = fs::weakly_canonical(absolute, ec);
    return ec ? absolute.lexically_normal().string() : normal.string();
}

std::string ModuleGraph::find(const std::string& from_file, const std::string& module,
                              std::vector<std::string>* searched) {
    // `nn.attention` is nn/attention.ss.
    std::string relative = module;
    std::replace(relative.begin(), relative.end(), '.', '/');
    relative += ".ss";
    // The importing file's folder, then the program's (the file checked
    // first: Python's script folder), then the search path.
    std::vector<std::string> folders{fs::path(from_file).parent_path().string()};
    if (!checking_.empty()) folders.push_back(fs::path(checking_.front()).parent_path().string());
    for (const std::string& dir : search_path_)
        if (!dir.empty()) folders.push_back(dir);
    std::vector<std::string> seen;
    for (const std::string& dir : folders) {
        if (std::find(seen.begin(), seen.end(), dir) != seen.end()) continue;
        seen.push_back(dir);
        std::string candidate = normal_path((fs::path(dir) / relative).string());
        if (read_(candidate)) return candidate;
        if (searched) {
            // There, but not a file to read (a folder, a FIFO): said as such.
            std::error_code ec;
            bool there = fs::exists(candidate, ec);
            searched->push_back((dir.empty() ? "." : dir) +
                                (there ? " (" + candidate + " is there, but not a regular file it could read)" : ""));
        }
    }
    return "";
}

ImportResolver ModuleGraph::resolver_for(const std::string& path) {
    std::string from = normal_path(path);
    return [this, from](const std::string& module) {
        std::vector<std::string> searched;
        std::string file = find(from, module, &searched);
        if (file.empty()) {
            std::string relative = module;
            std::replace(relative.begin(), relative.end(), '.', '/');
            std::string where;
            for (const std::string& dir : searched) where += (where.empty() ? "" : ", ") + dir;
            return ImportOutcome{ImportOutcome::Problem::Missing,
                                 "looked for " + relative + ".ss in " + where +
                                     " (the importing file's folder, the program's, then --path, SHAPESCRIPT_PATH "
                                     "and the editor's workspace folders)",
                                 "", nullptr};
        }
        bool outermost = checking_.empty() || checking_.back() != from;
        if (outermost) checking_.push_back(from);
        edges_[from].insert(file);
        ImportOutcome outcome = summarize(file);
        if (outermost) checking_.pop_back();
        return outcome;
    };
}

ImportOutcome ModuleGraph::summarize(const std::string& file) {
    if (auto at = std::find(checking_.begin(), checking_.end(), file); at != checking_.end()) {
        std::vector<std::string> around(at, checking_.end());
        around.push_back(file);
        return ImportOutcome{ImportOutcome::Problem::Cycle, cycle_text(around), file, nullptr};
    }
    // A chain of imports this long is a mistake (and the stack has limits).
    constexpr size_t kMaxDepth = 200;
    if (checking_.size() >= kMaxDepth)
        return ImportOutcome{ImportOutcome::Problem::Missing,
                             "the imports go more than " + std::to_string(kMaxDepth) + " files deep", "", nullptr};
    std::optional<std::string> text = read_(file);
    if (!text)
        return ImportOutcome{ImportOutcome::Problem::Missing, "the file " + file + " can't be read", "", nullptr};
    std::unique_ptr<Entry>& slot = entries_[file];
    if (!slot) slot = std::make_unique<Entry>();
    Entry& entry = *slot;
    checking_.push_back(file);
    ImportResolver resolve = resolver_for(file);
    // Unchanged text, and what it used of its imports unchanged: the summary stands.
    if (entry.analysis && entry.text == *text) {
        std::string key;
        std::map<std::string, ImportOutcome> outcomes;
        for (const std::string& module : entry.modules) {
            const ImportOutcome& o = outcomes[module] = resolve(module);
            key += module + "\1" + use_key(o, entry.used[module]);
        }
        if (key == entry.imports_key) {
            checking_.pop_back();
            // An import's bodies may have changed: the facts importers read
            // already point at its cell; only this file's key says so.
            // Nothing is checked again, nothing copied.
            entry.facts->key = facts_key(entry.facts->own_key, outcomes);
            return entry.outcome;
        }
    }
    if (!entry.analysis || entry.text != *text) {
        entry.analysis = std::make_unique<DocumentAnalysis>(*text);
        entry.text = *text;
    }
    std::vector<std::pair<std::string, ImportOutcome>> found;
    entry.analysis->set_resolver([&](const std::string& module) {
        found.emplace_back(module, resolve(module));
        return found.back().second;
    });
    entry.analysis->analyze();
    entry.analysis->tidy();
    ++checks_made_;
    entry.analysis->set_resolver(nullptr);
    checking_.pop_back();
    entry.used = entry.analysis->used_imports();
    entry.modules.clear();
    entry.imports_key.clear();
    for (const auto& [module, outcome] : found) {
        entry.modules.push_back(module);
        entry.imports_key += module + "\1" + use_key(outcome, entry.used[module]);
    }
    entry.outcome = ImportOutcome{ImportOutcome::Problem::None, "", file, entry.analysis->summary(file, entry.facts)};
    return entry.outcome;
}

std::vector<std::pair<std::string, const DocumentAnalysis*>> ModuleGraph::checked() const {
    std::vector<std::pair<std::string, const DocumentAnalysis*>> out;
    for (const auto& [file, entry] : entries_)
        if (entry->analysis) out.emplace_back(file, entry->analysis.get());
    return out;
}

void ModuleGraph::forget_trees() {
    for (auto& [file, entry] : entries_)
        if (entry->analysis) entry->analysis->forget_trees(false);
}

std::vector<std::string> ModuleGraph::imported_by(const std::string& file) const {
    std::set<std::string> seen;
    std::vector<std::string> work{normal_path(file)};
    while (!work.empty()) {
        std::string at = work.back();
        work.pop_back();
        auto edges = edges_.find(at);
        if (edges == edges_.end()) continue;
        for (const std::string& next : edges->second)
            if (seen.insert(next).second) work.push_back(next);
    }
    seen.erase(normal_path(file));
    return {seen.begin(), seen.end()};
}

std::vector<std::string> ModuleGraph::importers_of(const std::string& file) const {
    std::string normal = normal_path(file);
    std::vector<std::string> out;
    for (const auto& [from, to] : edges_)
        if (to.count(normal)) out.push_back(from);
    return out;
}

}  // namespace ss::check
