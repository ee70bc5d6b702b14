// A source text together with its tree-sitter concrete syntax trees.
//
// The text is split into chunks of whole top-level items (see chunks.hpp),
// and each chunk has a tree of its own whose positions are relative to the
// chunk's start. `apply_edit` changes the text, re-splits only around the
// edit, reparses the chunk it fell in incrementally (ts_tree_edit) and moves
// the chunks after it. The language server keeps one per open document; the
// command line parses once.
//
// A chunk's tree is large (most of a big document's memory) and, once its
// AST and what the editor asks of it are made, seldom read again: the
// language server forgets the trees it no longer needs (forget_trees) and a
// chunk asked for later is parsed again from its text, the same tree. Not
// thread-safe: one thread asks at a time (the views it gets may be read by
// others).
#pragma once

#include <cstdint>
#include <functional>
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

// Where a chunk is, without its tree.
struct ChunkSpan {
    uint32_t begin = 0;
    uint32_t end = 0;
    uint64_t id = 0;  // as ChunkView's
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
    // Every chunk with its tree (those forgotten are parsed again). Views
    // stay valid until the next edit or forget_trees.
    std::vector<ChunkView> chunks() const;
    // Every chunk, no tree parsed.
    std::vector<ChunkSpan> spans() const;
    // The `index`th chunk with its tree.
    ChunkView chunk(size_t index) const;
    // The index of the chunk holding byte `offset` (the last one for the
    // text's end).
    size_t chunk_index_at(uint32_t offset) const;
    bool has_error() const;

    // Frees the trees of the chunks `keep` doesn't want (asked with each
    // chunk's id); they are parsed again when asked for. Gives the bytes of
    // text whose trees it freed (a tree is some 70 times its text).
    size_t forget_trees(const std::function<bool(uint64_t id)>& keep);
    // How many chunks have their tree now (for tests and benchmarks).
    size_t trees_held() const;

    // What `make` derives from a chunk's tree (the editor's tokens of it,
    // say), made once while the chunk's text stays the same and kept when
    // its tree is forgotten: positions in it should be relative to the
    // chunk. `make` names the kind of result: one per function.
    template <class T>
    const T& derived(size_t index, T (*make)(const ChunkView&)) const {
        const Chunk& c = chunks_.at(index);
        auto key = reinterpret_cast<const void*>(make);
        for (const auto& [k, value] : c.derived)
            if (k == key) return *static_cast<const T*>(value.get());
        auto value = std::make_shared<const T>(make(chunk(index)));
        c.derived.emplace_back(key, value);
        return *value;
    }

private:
    struct Chunk {
        uint32_t begin = 0;
        uint32_t end = 0;
        // Null once forgotten (forget_trees) until asked for again.
        mutable TSTree* tree = nullptr;
        mutable bool blanked = false;  // parsed with its overlong lines as spaces
        uint64_t id = 0;               // new with every parse of the chunk's new text
        mutable std::vector<std::pair<const void*, std::shared_ptr<const void>>> derived;
    };

    // Parses text_[c.begin, c.end) into c.tree, from `old_tree` if given.
    void parse_chunk(TSParser* parser, Chunk& c, TSTree* old_tree) const;
    // c's tree, parsed again if it was forgotten.
    TSTree* tree_of(const Chunk& c) const;
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
