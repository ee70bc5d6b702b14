// How completion's entries are made (rust-analyzer's render/): the
// accumulator that keeps the entries matching the identifier before the
// offset, one per label and kind, orders and bounds them and fills lazily
// made details last; and the entries of each kind of name (fields, dims,
// the file's items and built-ins), with their details and docs.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ide/completion.hpp"
#include "ide/completion/context.hpp"
#include "syntax/keywords.hpp"

namespace ss::ide::completion {

class Completions {
public:
    explicit Completions(std::string_view prefix) : prefix_(prefix) {}

    // Whether `label` starts with the prefix, ignoring ASCII case.
    bool matches(std::string_view label) const;

    // Adds an entry to `group` (a lower group sorts first) if it matches
    // and its label and kind aren't there yet; whether it did.
    bool add(int group, std::string label, CompletionKind kind, std::string detail = "", std::string doc = "",
             std::string insert = "", bool snippet = false);

    // An entry whose detail and doc cost something to make (a function's
    // label, a record's fields): made only if the entry is among those
    // returned, since a large file has thousands of candidates.
    void add_lazy(int group, const std::string& label, CompletionKind kind, std::function<void(CompletionEntry&)> fill);

    // The keywords of `role` (syntax/keywords.hpp).
    void add_keywords(int group, syntax::KeywordRole role);

    // The entries, most relevant first, at most kMaxCompletions.
    std::vector<CompletionEntry> finish();

private:
    static std::string entry_key(const std::string& label, CompletionKind kind);

    std::string_view prefix_;
    std::vector<CompletionEntry> out_;
    std::unordered_set<std::string> seen_;
    std::unordered_map<std::string, std::function<void(CompletionEntry&)>> fills_;  // by entry_key
};

// The fields of the model or data record `rec` (of `Batch[rec]` when
// `batch`), with their types and docs.
void add_fields(Completions& acc, const CompletionContext& ctx, const ast::Item& rec, bool batch, bool is_model);

// The file's dims, less `except`.
void add_dims(Completions& acc, const CompletionContext& ctx, int group, std::string_view except = "");

// Top-level items, built-ins and pattern functions. With `callable_only`
// (a pipeline stage after `|>`), functions and Python modules only.
void add_items(Completions& acc, const CompletionContext& ctx, int group, bool callable_only = false);

}  // namespace ss::ide::completion
