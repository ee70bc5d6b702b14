#include "syntax/syntax_tree.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
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
    uint32_t column = last_newline == std::string_view::npos ? offset : offset - static_cast<uint32_t>(last_newline) - 1;
    return TSPoint{row, column};
}

TSPoint advance_point(TSPoint start, std::string_view text) {
    auto newlines = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
    if (newlines == 0) return TSPoint{start.row, start.column + static_cast<uint32_t>(text.size())};
    auto after_last = static_cast<uint32_t>(text.size() - text.rfind('\n') - 1);
    return TSPoint{start.row + newlines, after_last};
}

SyntaxTree::SyntaxTree(std::string text) : text_(std::move(text)), parser_(make_parser()) { reparse(nullptr); }

SyntaxTree::~SyntaxTree() {
    if (tree_) ts_tree_delete(tree_);
    if (parser_) ts_parser_delete(parser_);
}

SyntaxTree::SyntaxTree(SyntaxTree&& other) noexcept
    : text_(std::move(other.text_)),
      parser_(std::exchange(other.parser_, nullptr)),
      tree_(std::exchange(other.tree_, nullptr)) {}

SyntaxTree& SyntaxTree::operator=(SyntaxTree&& other) noexcept {
    if (this != &other) {
        if (tree_) ts_tree_delete(tree_);
        if (parser_) ts_parser_delete(parser_);
        text_ = std::move(other.text_);
        parser_ = std::exchange(other.parser_, nullptr);
        tree_ = std::exchange(other.tree_, nullptr);
    }
    return *this;
}

std::string_view SyntaxTree::node_text(TSNode node) const {
    if (ts_node_is_null(node)) return {};
    uint32_t begin = std::min<uint32_t>(ts_node_start_byte(node), static_cast<uint32_t>(text_.size()));
    uint32_t end = std::clamp<uint32_t>(ts_node_end_byte(node), begin, static_cast<uint32_t>(text_.size()));
    return std::string_view(text_).substr(begin, end - begin);
}

void SyntaxTree::reparse(TSTree* old_tree) {
    TSTree* tree = ts_parser_parse_string(parser_, old_tree, text_.data(), static_cast<uint32_t>(text_.size()));
    if (!tree) throw std::runtime_error("tree-sitter failed to parse");  // only on cancellation
    tree_ = tree;
}

void SyntaxTree::apply_edit(const TextEdit& edit) {
    auto size = static_cast<uint32_t>(text_.size());
    uint32_t begin = std::min(edit.begin, size);
    uint32_t end = std::clamp(edit.end, begin, size);

    TSInputEdit input{};
    input.start_byte = begin;
    input.old_end_byte = end;
    input.new_end_byte = begin + static_cast<uint32_t>(edit.new_text.size());
    // Count rows only once up to `begin`; the ends are found from there.
    input.start_point = point_at(text_, begin);
    input.old_end_point = advance_point(input.start_point, std::string_view(text_).substr(begin, end - begin));
    input.new_end_point = advance_point(input.start_point, edit.new_text);

    text_.replace(begin, end - begin, edit.new_text);

    ts_tree_edit(tree_, &input);
    TSTree* old_tree = tree_;
    reparse(old_tree);
    ts_tree_delete(old_tree);
}

}  // namespace ss::syntax
