// One document, analysed again after every edit with as little work as the
// edit needs: the language server keeps one per open file.
//
// After an edit only the chunk it fell in is parsed again (SyntaxTree); a
// chunk whose text didn't change keeps its AST and syntax diagnostics, moved
// if the chunk moved; and a function body keeps what checking it gave while
// neither its text nor any item's interface changed (BodyCache), and while
// the interface doesn't change the checker's environment is kept. The result
// is always exactly what a fresh analysis of the text gives: check_text
// is this, run once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "check/checker.hpp"
#include "check/modules.hpp"
#include "diag/diagnostic.hpp"
#include "syntax/ast.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::check {

// Internal to the checker (file_checker.hpp): held by pointer, so this
// public header does not expose them.
class FileChecker;
struct BodyCache;

struct DocumentResult {
    std::vector<Diagnostic> diagnostics;  // syntax and checker, sorted by position
    CheckResult check;                    // the checker's facts (its diagnostics too)
    // The file's items in source order. They point into the analysis's
    // caches: valid until its next apply_edit or analyze.
    std::vector<const ast::Item*> items;
    // What the code generator needs (each expression's type by AST node,
    // signatures, records, dims): made only by an analysis asked for it.
    TypedProgram typed;
};

class DocumentAnalysis {
public:
    // With `typed`, each analysis also gives DocumentResult::typed, and
    // checks every function body (a replayed body has no AST types): what
    // `shapescript build` runs, once.
    explicit DocumentAnalysis(std::string text, bool typed = false);
    DocumentAnalysis(DocumentAnalysis&&);
    DocumentAnalysis& operator=(DocumentAnalysis&&);
    ~DocumentAnalysis();

    void apply_edit(const syntax::TextEdit& edit);
    const std::string& text() const { return tree_.text(); }
    // The concrete syntax trees of the current text (after the last edit).
    const syntax::SyntaxTree& tree() const { return tree_; }
    // Frees the syntax trees (most of a large document's memory) that are
    // read again only when asked for (SyntaxTree::forget_trees): all but,
    // with `keep_newest`, those of the chunks the last analysis made (where
    // the user types: the next edit there reparses from them). Views of the
    // tree taken before are no longer valid. Gives the bytes of text whose
    // trees it freed.
    size_t forget_trees(bool keep_newest);

    // How `import a.b` finds its module (modules.hpp), asked at each
    // analysis; without one every import is E0109.
    void set_resolver(ImportResolver resolver) { resolver_ = std::move(resolver); }
    const ImportResolver& resolver() const { return resolver_; }
    // Whether the last analysis kept the checker's environment (only bodies
    // checked again): what bench/modules asks after an edit of an import.
    bool kept_environment() const { return kept_environment_; }
    // The last complete analysis, or null before one (and after a stopped one).
    const DocumentResult* last() const;
    // What importers of this file depend on, from the last complete
    // analysis; `file` is the path it was found at. Its facts go into
    // `facts` when given (the module graph's cell for the file).
    std::shared_ptr<const ModuleSummary> summary(const std::string& file,
                                                 std::shared_ptr<ModuleFacts> facts = nullptr) const;
    // The names of each imported module the last complete analysis used
    // (module path as written -> names): a module's edit that changes
    // none of them leaves this file's summary as it was (modules.hpp).
    std::map<std::string, std::set<std::string>> used_imports() const;

    // From how many bytes of function bodies to check a check uses a second
    // thread for the later ones (file_checker.hpp's BodyHelper): 0 always,
    // SIZE_MAX never; the same result either way.
    void set_body_helper_threshold(size_t bytes) { helper_threshold_ = bytes; }
    // How many bodies the last complete analysis took from that thread.
    size_t helper_bodies() const;

    // Analyses what changed since the last call.
    const DocumentResult& analyze();
    // Frees what the last analysis replaced (the result before it: tens
    // of thousands of facts, most moved from): not needed for its result,
    // so a caller who delivers the result first (the language server
    // publishes) does this after; otherwise the next analysis does it.
    void tidy() { retired_.clear(); }
    // The same, but `stop` is asked now and then (between function bodies);
    // when it says true the analysis ends early and returns null, and the
    // next call does the work left. After a stop, the previous result is no
    // longer valid either (its items may be gone) until an analysis
    // completes. The language server stops a check when a newer edit arrives.
    const DocumentResult* analyze(const std::function<bool()>& stop);

private:
    struct ChunkCache {
        ast::File file;                  // the chunk's items
        std::vector<Diagnostic> syntax;  // its syntax diagnostics
        uint32_t base = 0;               // where the chunk started when these were made
        size_t interface = 0;            // interface_key of its items, hashed: the same wherever it moves
        uint64_t checked_in = 0;         // the last analysis it was part of (see completed_)
    };

    void prepare_new_chunks(const std::vector<syntax::ChunkSpan>& spans);
    void shift_moved_chunks(const std::vector<std::pair<ChunkCache*, int64_t>>& moved);

    syntax::SyntaxTree tree_;
    std::unordered_map<uint64_t, ChunkCache> chunks_;  // by chunk id
    std::unordered_set<uint64_t> newest_chunks_;       // the ids of the chunks the last analysis made
    uint64_t completed_ = 0;                           // analyses completed: the number of the last
    std::unique_ptr<BodyCache> bodies_;                // on the heap: environment_ points to it
    // The checker's environment (items, dims, signatures, records), kept
    // while the interface is unchanged: an edit inside a body re-checks
    // that body alone.
    std::unique_ptr<FileChecker> environment_;
    std::string environment_key_;
    ImportResolver resolver_;
    bool kept_environment_ = false;
    std::map<std::string, ImportOutcome> imports_;  // what the last analysis's imports found
    bool typed_ = false;
    size_t helper_threshold_;
    DocumentResult result_;
    std::vector<CheckResult> retired_;  // freed by tidy()
};

}  // namespace ss::check
