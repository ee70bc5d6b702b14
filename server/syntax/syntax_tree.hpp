// A source text together with its tree-sitter concrete syntax trees.
//
// The text is split into chunks of whole top-level items (see chunks.hpp),
// and each chunk has a tree of its own whose positions are relative to the
// chunk's start. `apply_edit` changes the text, re-splits only around the
// edit, reparses the chunk it fell in incrementally (ts_tree_edit) and moves
// the chunks after it. The language server keeps one per open document; the
// command line parses once.
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

// One chunk's tree, as its users see it: node positions are relative to
// `text`, which starts at byte `base` of the whole source.
struct ChunkView {
    TSNode root;
    uint32_t base = 0;
    std::string_view text;
    // Stays the same while the chunk's text does (it may move): what caches
    // of per-chunk results are keyed by.
    uint64_t id = 0;

    std::string_view node_text(TSNode node) const;
    // The node's range in the whole source.
    ByteRange range(TSNode node) const;
};

class SyntaxTree {
public:
    // Parses `text` from scratch (large texts on two threads).
    explicit SyntaxTree(std::string text);
    ~SyntaxTree();
    SyntaxTree(SyntaxTree&&) noexcept;
    SyntaxTree& operator=(SyntaxTree&&) noexcept;
    SyntaxTree(const SyntaxTree&) = delete;
    SyntaxTree& operator=(const SyntaxTree&) = delete;

    // Applies one edit and reparses what it touched. Offsets past the end of
    // the text are clamped to it, and `begin > end` is treated as an empty
    // range at `begin`, so a bad edit never corrupts the trees.
    void apply_edit(const TextEdit& edit);

    const std::string& text() const { return text_; }
    std::vector<ChunkView> chunks() const;
    bool has_error() const;

private:
    struct Chunk {
        uint32_t begin = 0;
        uint32_t end = 0;
        TSTree* tree = nullptr;
        bool blanked = false;  // parsed with its overlong lines as spaces
        uint64_t id = 0;       // new with every parse of the chunk
    };

    // Parses text_[c.begin, c.end) into c.tree, from `old_tree` if given.
    void parse_chunk(TSParser* parser, Chunk& c, TSTree* old_tree);
    void parse_all();
    void release();

    std::string text_;
    TSParser* parser_ = nullptr;
    std::vector<Chunk> chunks_;
    uint64_t next_id_ = 1;
};

// Row and byte column of a byte offset, as tree-sitter counts them.
TSPoint point_at(std::string_view text, uint32_t offset);

// The point reached from `start` after the bytes of `text`.
TSPoint advance_point(TSPoint start, std::string_view text);

}  // namespace ss::syntax
