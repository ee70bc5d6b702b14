// A source text together with its tree-sitter concrete syntax tree.
//
// `SyntaxTree` owns both and keeps them in step: `apply_edit` changes the
// text, tells tree-sitter which bytes moved (ts_tree_edit) and reparses
// incrementally, reusing every subtree the edit didn't touch. The language
// server keeps one per open document; the command line parses once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "diag/diagnostic.hpp"

extern "C" const TSLanguage* tree_sitter_shapescript(void);

namespace ss::syntax {

// Replace the bytes [begin, end) of the current text with `new_text`.
struct TextEdit {
    uint32_t begin = 0;
    uint32_t end = 0;
    std::string new_text;
};

class SyntaxTree {
public:
    // Parses `text` from scratch.
    explicit SyntaxTree(std::string text);
    ~SyntaxTree();
    SyntaxTree(SyntaxTree&&) noexcept;
    SyntaxTree& operator=(SyntaxTree&&) noexcept;
    SyntaxTree(const SyntaxTree&) = delete;
    SyntaxTree& operator=(const SyntaxTree&) = delete;

    // Applies one edit and reparses incrementally. Offsets past the end of
    // the text are clamped to it, and `begin > end` is treated as an empty
    // range at `begin`, so a bad edit never corrupts the tree. (No changed
    // ranges are computed: ts_tree_get_changed_ranges costs a third of a
    // reparse, and the checker's cache is keyed by item text instead.)
    void apply_edit(const TextEdit& edit);

    const std::string& text() const { return text_; }
    TSNode root() const { return ts_tree_root_node(tree_); }
    const TSTree* tree() const { return tree_; }

    std::string_view node_text(TSNode node) const;

private:
    void reparse(TSTree* old_tree);

    std::string text_;
    TSParser* parser_ = nullptr;
    TSTree* tree_ = nullptr;
};

// Row and byte column of a byte offset, as tree-sitter counts them.
TSPoint point_at(std::string_view text, uint32_t offset);

// The point reached from `start` after the bytes of `text`.
TSPoint advance_point(TSPoint start, std::string_view text);

}  // namespace ss::syntax
