#include "syntax/syntax_tree.hpp"

#include "syntax/chunks.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>
#include <utility>

namespace ss::syntax {

namespace {

TSParser* make_parser() {
    TSParser* parser = ts_parser_new();
    if (!ts_parser_set_language(parser, tree_sitter_shapescript())) {
        ts_parser_delete(parser);
        // Only possible if parser.c was generated for an ABI this
        // libtree-sitter doesn't load; grammar/scripts/regenerate pins it.
        throw std::runtime_error("the ShapeScript grammar's ABI version is not supported by libtree-sitter");
    }
    return parser;
}

}  // namespace

TSPoint point_at(std::string_view text, uint32_t offset) {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    auto prefix = text.substr(0, offset);
    auto row = static_cast<uint32_t>(std::count(prefix.begin(), prefix.end(), '\n'));
    auto last_newline = prefix.rfind('\n');
    uint32_t column =
        last_newline == std::string_view::npos ? offset : offset - static_cast<uint32_t>(last_newline) - 1;
    return TSPoint{row, column};
}

TSPoint advance_point(TSPoint start, std::string_view text) {
    auto newlines = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
    if (newlines == 0) return TSPoint{start.row, start.column + static_cast<uint32_t>(text.size())};
    auto after_last = static_cast<uint32_t>(text.size() - text.rfind('\n') - 1);
    return TSPoint{start.row + newlines, after_last};
}

std::string_view ChunkView::node_text(TSNode node) const {
    if (ts_node_is_null(node)) return {};
    auto size = static_cast<uint32_t>(text.size());
    uint32_t begin = std::min(ts_node_start_byte(node), size);
    uint32_t end = std::clamp(ts_node_end_byte(node), begin, size);
    return text.substr(begin, end - begin);
}

ByteRange ChunkView::range(TSNode node) const {
    if (ts_node_is_null(node)) return {base, base};
    return {base + ts_node_start_byte(node), base + ts_node_end_byte(node)};
}

namespace {

// Below this size one thread parses everything; above it, two do.
constexpr size_t kParallelBytes = 128 * 1024;

TSTree* parse_text(TSParser* parser, TSTree* old_tree, std::string_view text) {
    TSTree* tree = ts_parser_parse_string(parser, old_tree, text.data(), static_cast<uint32_t>(text.size()));
    if (!tree) throw std::runtime_error("tree-sitter failed to parse");  // only on cancellation
    return tree;
}

}  // namespace

SyntaxTree::SyntaxTree(std::string text) : text_(std::move(text)), parser_(make_parser()) { parse_all(); }

SyntaxTree::~SyntaxTree() {
    release();
    if (parser_) ts_parser_delete(parser_);
}

void SyntaxTree::release() {
    for (Chunk& c : chunks_)
        if (c.tree) ts_tree_delete(c.tree);
    chunks_.clear();
}

SyntaxTree::SyntaxTree(SyntaxTree&& other) noexcept
    : text_(std::move(other.text_)),
      parser_(std::exchange(other.parser_, nullptr)),
      chunks_(std::move(other.chunks_)),
      next_id_(other.next_id_) {
    other.chunks_.clear();
}

SyntaxTree& SyntaxTree::operator=(SyntaxTree&& other) noexcept {
    if (this != &other) {
        release();
        if (parser_) ts_parser_delete(parser_);
        text_ = std::move(other.text_);
        parser_ = std::exchange(other.parser_, nullptr);
        chunks_ = std::move(other.chunks_);
        next_id_ = other.next_id_;
        other.chunks_.clear();
    }
    return *this;
}

std::vector<ChunkView> SyntaxTree::chunks() const {
    std::vector<ChunkView> out;
    out.reserve(chunks_.size());
    for (size_t i = 0; i < chunks_.size(); ++i) out.push_back(chunk(i));
    return out;
}

std::vector<ChunkSpan> SyntaxTree::spans() const {
    std::vector<ChunkSpan> out;
    out.reserve(chunks_.size());
    for (const Chunk& c : chunks_) out.push_back({c.begin, c.end, c.id});
    return out;
}

ChunkView SyntaxTree::chunk(size_t index) const {
    const Chunk& c = chunks_.at(index);
    return {ts_tree_root_node(tree_of(c)), c.begin, std::string_view(text_).substr(c.begin, c.end - c.begin), c.id};
}

size_t SyntaxTree::chunk_index_at(uint32_t offset) const {
    auto after =
        std::partition_point(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return c.begin <= offset; });
    return after == chunks_.begin() ? 0 : static_cast<size_t>(after - chunks_.begin()) - 1;
}

TSTree* SyntaxTree::tree_of(const Chunk& c) const {
    if (!c.tree) parse_chunk(parser_, const_cast<Chunk&>(c), nullptr);
    return c.tree;
}

bool SyntaxTree::has_error() const {
    for (const Chunk& c : chunks_)
        if (ts_node_has_error(ts_tree_root_node(tree_of(c)))) return true;
    return false;
}

size_t SyntaxTree::forget_trees(const std::function<bool(uint64_t id)>& keep) {
    size_t bytes = 0;
    for (Chunk& c : chunks_)
        if (c.tree && !keep(c.id)) {
            ts_tree_delete(c.tree);
            c.tree = nullptr;
            bytes += c.end - c.begin;
        }
    return bytes;
}

size_t SyntaxTree::trees_held() const {
    return static_cast<size_t>(std::count_if(chunks_.begin(), chunks_.end(), [](const Chunk& c) { return c.tree; }));
}

void SyntaxTree::parse_chunk(TSParser* parser, Chunk& c, TSTree* old_tree) const {
    std::string_view text = std::string_view(text_).substr(c.begin, c.end - c.begin);
    auto overlong = overlong_lines(text);
    c.blanked = !overlong.empty();
    if (!c.blanked) {
        c.tree = parse_text(parser, old_tree, text);
        return;
    }
    // Same length, so positions still match the real text (E0008 reports
    // the lines); a tree parsed from other bytes is never reused.
    std::string copy(text);
    for (auto [begin, end] : overlong) copy.replace(begin, end - begin, end - begin, ' ');
    c.tree = parse_text(parser, nullptr, copy);
}

void SyntaxTree::parse_all() {
    release();
    std::vector<uint32_t> starts = chunk_starts(text_);
    auto size = static_cast<uint32_t>(text_.size());
    for (size_t i = 0; i < starts.size(); ++i)
        chunks_.push_back({starts[i], i + 1 < starts.size() ? starts[i + 1] : size, nullptr, false, next_id_++, {}});

    // The chunks from `split` on are parsed by a second thread with its own
    // parser (a TSParser is not thread-safe; the trees are independent).
    size_t split = chunks_.size();
    if (text_.size() > kParallelBytes && chunks_.size() > 1) {
        split = 0;
        while (split < chunks_.size() && chunks_[split].begin < size / 2) ++split;
    }
    auto parse_range = [this](TSParser* parser, size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) parse_chunk(parser, chunks_[i], nullptr);
    };
    if (split == chunks_.size()) {
        parse_range(parser_, 0, split);
        return;
    }
    std::exception_ptr failure;
    std::thread helper([&] {
        try {
            TSParser* parser = make_parser();
            parse_range(parser, split, chunks_.size());
            ts_parser_delete(parser);
        } catch (...) {
            failure = std::current_exception();
        }
    });
    try {
        parse_range(parser_, 0, split);
    } catch (...) {
        helper.join();
        throw;
    }
    helper.join();
    if (failure) std::rethrow_exception(failure);
}

void SyntaxTree::apply_edit(const TextEdit& edit) {
    auto size = static_cast<uint32_t>(text_.size());
    uint32_t begin = std::min(edit.begin, size);
    uint32_t end = std::clamp(edit.end, begin, size);
    auto new_end = static_cast<uint32_t>(begin + edit.new_text.size());
    int64_t delta = static_cast<int64_t>(edit.new_text.size()) - static_cast<int64_t>(end - begin);

    // The chunk the edit starts in, and the region to re-split: from the
    // chunk before it, since an edit at a chunk's first line can join the
    // two.
    auto by_begin = [](const Chunk& c, uint32_t offset) { return c.begin <= offset; };
    size_t hit = static_cast<size_t>(
        std::partition_point(chunks_.begin(), chunks_.end(), [&](const Chunk& c) { return by_begin(c, begin); }) -
        chunks_.begin());
    hit = hit == 0 ? 0 : hit - 1;
    size_t first = hit == 0 ? 0 : hit - 1;
    const Chunk& edited = chunks_[hit];

    // Where the edit lies inside the edited chunk, for ts_tree_edit; from
    // the old text.
    TSInputEdit input{};
    {
        std::string_view old_chunk = std::string_view(text_).substr(edited.begin, edited.end - edited.begin);
        uint32_t local = begin - edited.begin;
        input.start_byte = local;
        input.old_end_byte = end - edited.begin;
        input.new_end_byte = new_end - edited.begin;
        input.start_point = point_at(old_chunk, local);
        input.old_end_point = advance_point(input.start_point, std::string_view(text_).substr(begin, end - begin));
        input.new_end_point = advance_point(input.start_point, edit.new_text);
    }

    text_.replace(begin, end - begin, edit.new_text);

    // Re-split from the region's start until a chunk start that is an old
    // one moved by the edit: from there on, nothing changed.
    auto old_chunk_at = [&](int64_t old_begin) -> size_t {
        auto it = std::partition_point(chunks_.begin() + static_cast<std::ptrdiff_t>(first), chunks_.end(),
                                       [&](const Chunk& c) { return c.begin < old_begin; });
        if (it != chunks_.end() && it->begin == old_begin) return static_cast<size_t>(it - chunks_.begin());
        return chunks_.size();
    };
    auto stop_at = [&](uint32_t p) {
        int64_t old_p = p - delta;
        return old_chunk_at(old_p) < chunks_.size();  // p >= new_end, so old_p >= end
    };
    std::vector<uint32_t> starts = chunk_starts(text_, chunks_[first].begin, new_end, stop_at);
    bool stopped = starts.size() > 1 && starts.back() >= new_end && stop_at(starts.back());
    size_t kept_from = stopped ? old_chunk_at(starts.back() - delta) : chunks_.size();
    uint32_t region_end = stopped ? starts.back() : static_cast<uint32_t>(text_.size());
    if (stopped) starts.pop_back();

    std::vector<Chunk> fresh;
    fresh.reserve(starts.size());
    std::vector<bool> taken(kept_from - first, false);
    for (size_t i = 0; i < starts.size(); ++i) {
        Chunk c;
        c.begin = starts[i];
        c.end = i + 1 < starts.size() ? starts[i + 1] : region_end;
        bool found = false;
        for (size_t j = first; j < kept_from && !found; ++j) {
            Chunk& old = chunks_[j];
            if (taken[j - first]) continue;
            if (c.end <= begin && old.begin == c.begin && old.end == c.end) {
                c = std::move(old);  // before the edit, untouched: its tree (if held), id and derived results
                old.tree = nullptr;
                found = taken[j - first] = true;
            } else if (j == hit && old.begin == c.begin && static_cast<int64_t>(old.end) + delta == c.end &&
                       end <= old.end && !old.blanked) {
                // The edited chunk: reparse incrementally, from its tree if held.
                TSTree* tree = std::exchange(old.tree, nullptr);
                if (tree) ts_tree_edit(tree, &input);
                parse_chunk(parser_, c, tree);
                if (tree) ts_tree_delete(tree);
                // tree-sitter's error recovery can differ between an
                // incremental and a fresh parse; a tree with errors is made
                // fresh, so an edited text always gives what opening it
                // gives (a chunk is one item: cheap).
                if (tree && ts_node_has_error(ts_tree_root_node(c.tree))) {
                    ts_tree_delete(c.tree);
                    c.tree = nullptr;
                    parse_chunk(parser_, c, nullptr);
                }
                found = taken[j - first] = true;
            }
        }
        if (!found) parse_chunk(parser_, c, nullptr);
        if (c.id == 0) c.id = next_id_++;
        fresh.push_back(std::move(c));
    }
    for (size_t j = first; j < kept_from; ++j)
        if (chunks_[j].tree) ts_tree_delete(chunks_[j].tree);
    for (size_t j = kept_from; j < chunks_.size(); ++j) {
        chunks_[j].begin = static_cast<uint32_t>(chunks_[j].begin + delta);
        chunks_[j].end = static_cast<uint32_t>(chunks_[j].end + delta);
    }
    chunks_.erase(chunks_.begin() + static_cast<std::ptrdiff_t>(first),
                  chunks_.begin() + static_cast<std::ptrdiff_t>(kept_from));
    chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(first), std::make_move_iterator(fresh.begin()),
                   std::make_move_iterator(fresh.end()));
}

}  // namespace ss::syntax
