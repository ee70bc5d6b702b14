#include "check/document.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <utility>

#include "check/file_checker.hpp"
#include "check/module_summary.hpp"
#include "syntax/lower.hpp"
#include "syntax/rebase.hpp"
#include "syntax/syntax_check.hpp"

namespace ss::check {

DocumentAnalysis::DocumentAnalysis(std::string text, bool typed)
    : tree_(std::move(text)),
      bodies_(std::make_unique<BodyCache>()),
      typed_(typed),
      helper_threshold_(FileChecker::kHelperThreshold) {}
DocumentAnalysis::DocumentAnalysis(DocumentAnalysis&&) = default;
DocumentAnalysis& DocumentAnalysis::operator=(DocumentAnalysis&&) = default;
DocumentAnalysis::~DocumentAnalysis() = default;

void DocumentAnalysis::apply_edit(const syntax::TextEdit& edit) { tree_.apply_edit(edit); }

size_t DocumentAnalysis::forget_trees(bool keep_newest) {
    return tree_.forget_trees([&](uint64_t id) { return keep_newest && newest_chunks_.count(id) > 0; });
}

namespace {

// work(0, split) here and work(split, size) on a helper thread, at once.
template <class Work>
void in_two_halves(size_t split, size_t size, const Work& work) {
    std::thread helper([&] { work(split, size); });
    work(0, split);
    helper.join();
}

}  // namespace

// Lowers the chunks no cache has and finds their syntax diagnostics; on two
// threads when there is much to do (the chunks are independent, and their
// trees, asked for here, are only read there). Only these chunks' trees are
// read: the others' may have been forgotten.
void DocumentAnalysis::prepare_new_chunks(const std::vector<syntax::ChunkSpan>& spans) {
    std::vector<syntax::ChunkView> work;
    size_t bytes = 0;
    for (size_t i = 0; i < spans.size(); ++i)
        if (!chunks_.count(spans[i].id)) {
            work.push_back(tree_.chunk(i));
            bytes += work.back().text.size();
        }
    std::vector<ChunkCache> made(work.size());
    auto prepare = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) {
            made[i].file = syntax::lower_chunk(work[i]);
            made[i].syntax = syntax::chunk_syntax_diagnostics(tree_.text(), work[i], made[i].file);
            made[i].base = work[i].base;
            std::vector<const ast::Item*> items;
            for (const ast::Item& item : made[i].file.items) items.push_back(&item);
            made[i].interface = std::hash<std::string>{}(interface_key(items, tree_.text()));
        }
    };
    constexpr size_t kParallelBytes = 128 * 1024;
    if (bytes > kParallelBytes && work.size() > 1) {
        size_t half = 0, seen = 0;
        while (half < work.size() && seen < bytes / 2) seen += work[half++].text.size();
        in_two_halves(half, work.size(), prepare);
    } else {
        prepare(0, work.size());
    }
    newest_chunks_.clear();
    for (size_t i = 0; i < work.size(); ++i) {
        chunks_[work[i].id] = std::move(made[i]);
        newest_chunks_.insert(work[i].id);
    }
}

// The ASTs of the chunks an edit moved, shifted to where they are now: an
// edit near the start moves nearly every chunk, a walk over most of the
// document's AST, so on two threads when there are many (the chunks are
// independent).
void DocumentAnalysis::shift_moved_chunks(const std::vector<std::pair<ChunkCache*, int64_t>>& moved) {
    auto shift_some = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) {
            auto [chunk, delta] = moved[i];
            for (ast::Item& item : chunk->file.items) syntax::shift_ranges(item, delta);
            for (ast::Range& r : chunk->file.too_deep) r = shifted(r, delta);
            for (ast::Range& r : chunk->file.positional_after_keyword) r = shifted(r, delta);
        }
    };
    constexpr size_t kParallelChunks = 256;
    if (moved.size() < kParallelChunks || std::thread::hardware_concurrency() < 2) {
        shift_some(0, moved.size());
        return;
    }
    in_two_halves(moved.size() / 2, moved.size(), shift_some);
}

const DocumentResult& DocumentAnalysis::analyze() { return *analyze(std::function<bool()>{}); }

const DocumentResult* DocumentAnalysis::analyze(const std::function<bool()>& stop) {
    tidy();
    std::vector<syntax::ChunkSpan> spans = tree_.spans();
    prepare_new_chunks(spans);
    if (stop && stop()) return nullptr;  // the new chunks stay cached
    std::unordered_map<uint64_t, ChunkCache> kept;
    std::vector<const ast::Item*> items;
    std::vector<Diagnostic> syntax;
    std::vector<std::pair<ChunkCache*, int64_t>> moved;  // shifted below, all at once
    std::vector<size_t> interfaces;  // each chunk's: the file's interface, without walking every item
    // Per item: whether its text is as the last complete analysis had it
    // (its chunk was part of it; a chunk keeps its id only while its text
    // stays). A chunk this analysis keeps is marked as part of the next
    // number: the last complete one's until this one completes.
    std::vector<char> unchanged;
    for (const syntax::ChunkSpan& chunk : spans) {
        auto found = chunks_.find(chunk.id);  // every chunk has one now (prepare_new_chunks)
        ChunkCache entry = std::move(found->second);
        int64_t delta = static_cast<int64_t>(chunk.begin) - static_cast<int64_t>(entry.base);
        if (delta != 0) {
            for (Diagnostic& d : entry.syntax) shift(d, delta);
            entry.base = chunk.begin;
        }
        syntax.insert(syntax.end(), entry.syntax.begin(), entry.syntax.end());
        auto& slot = kept[chunk.id];
        slot = std::move(entry);
        if (delta != 0) moved.emplace_back(&slot, delta);
        bool same = completed_ > 0 && slot.checked_in == completed_;
        slot.checked_in = completed_ + 1;
        for (const ast::Item& item : slot.file.items) {
            items.push_back(&item);
            unchanged.push_back(same);
        }
        interfaces.push_back(slot.interface);
    }
    shift_moved_chunks(moved);
    // unordered_map nodes are stable: `items` stays valid after this move.
    chunks_ = std::move(kept);

    std::vector<const ast::Item*> items_in_order = items;
    // What each import finds is part of the interface: a module whose
    // summary changed changes this file's environment (modules.hpp).
    std::map<std::string, ImportOutcome> imports;
    std::string_view bytes(reinterpret_cast<const char*>(interfaces.data()), interfaces.size() * sizeof(size_t));
    std::string key = std::to_string(std::hash<std::string_view>{}(bytes)) + ":" + std::to_string(interfaces.size());
    for (const ast::Item* item : items)
        if (auto* imp = std::get_if<ast::ImportModule>(&item->node); imp && resolver_ && !imp->module.text.empty()) {
            auto [at, fresh] = imports.emplace(imp->module.text, ImportOutcome{});
            if (!fresh) continue;
            at->second = resolver_(imp->module.text);
        }
    key += imports_key(imports);
    kept_environment_ = environment_ && key == environment_key_;
    if (kept_environment_) {
        environment_->rebind(std::move(items), tree_.text());
        environment_->set_unchanged_items(std::move(unchanged));
    } else {
        environment_ = std::make_unique<FileChecker>(std::move(items), tree_.text(), bodies_.get());
        environment_->set_imports(imports);
        // A typed analysis checks every body on this thread (the AST's types).
        environment_->set_helper_threshold(typed_ ? SIZE_MAX : helper_threshold_);
        environment_->run_environment();
        environment_key_ = std::move(key);
    }
    TypedProgram typed;
    environment_->keep_types(typed_ ? &typed : nullptr);
    CheckResult checked = environment_->run_bodies(&result_.check, stop ? &stop : nullptr);
    environment_->keep_types(nullptr);
    if (environment_->stopped()) return nullptr;
    ++completed_;
    std::swap(result_.check, checked);
    retired_.push_back(std::move(checked));
    // The functions of other files it calls (or passes), not every one it
    // could: a file importing a large module pays for what it uses.
    const std::map<std::string, ImportedName>& imported_names = environment_->imported_names();
    for (const CallSite& call : result_.check.program.calls) {
        auto name = imported_names.find(call.callee);
        if (name == imported_names.end() || result_.check.program.imported.count(call.callee)) continue;
        if (name->second.kind != SymbolKind::Function && name->second.kind != SymbolKind::ExternFunction) continue;
        auto found = imports.find(name->second.module);
        if (found != imports.end() && found->second.summary && found->second.summary->facts)
            result_.check.program.imported[call.callee] = {name->second.module, name->second.name,
                                                           found->second.summary->facts};
    }
    result_.typed = std::move(typed);
    result_.items = std::move(items_in_order);
    result_.diagnostics = syntax::merge_syntax_diagnostics(std::move(syntax));
    result_.diagnostics.insert(result_.diagnostics.end(), result_.check.diagnostics.begin(),
                               result_.check.diagnostics.end());
    std::stable_sort(result_.diagnostics.begin(), result_.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    imports_ = std::move(imports);
    return &result_;
}

std::map<std::string, std::set<std::string>> DocumentAnalysis::used_imports() const {
    if (!environment_) return {};
    return environment_->used_imports(result_.check);
}

size_t DocumentAnalysis::helper_bodies() const { return environment_ ? environment_->helper_bodies() : 0; }

const DocumentResult* DocumentAnalysis::last() const {
    return environment_ && !environment_->stopped() ? &result_ : nullptr;
}

std::shared_ptr<const ModuleSummary> DocumentAnalysis::summary(const std::string& file,
                                                               std::shared_ptr<ModuleFacts> facts) const {
    if (!environment_) return nullptr;
    std::shared_ptr<ModuleSummary> s = environment_->summary(file, result_.check);
    s->errors = static_cast<size_t>(std::count_if(result_.diagnostics.begin(), result_.diagnostics.end(),
                                                  [](const Diagnostic& d) { return d.severity == Severity::Error; }));
    for (const auto& [module, found] : imports_)
        if (found.problem == ImportOutcome::Problem::Cycle) s->cycle = found.detail;
    s->key += ":" + std::to_string(s->errors) + ":" + s->cycle;
    // A body without a key (no cache) changes it each time.
    static std::atomic<size_t> unkeyed = 0;
    std::string own;
    for (const FunctionFacts& f : result_.check.program.functions)
        own += (f.key.empty() ? "#" + std::to_string(++unkeyed) : f.key) + ";";
    if (facts) {
        *facts = std::move(*s->facts);
        s->facts = std::move(facts);
    }
    s->facts->own_key = std::move(own);
    s->facts->key = facts_key(s->facts->own_key, imports_);
    s->module_key += ":" + std::to_string(s->errors) + ":" + s->cycle;
    return s;
}

}  // namespace ss::check
