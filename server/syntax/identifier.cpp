#include "syntax/identifier.hpp"

#include <string>

#include "diag/python_identifier.hpp"
#include "syntax/node_kinds.hpp"
#include "syntax/syntax_tree.hpp"

namespace ss::syntax {

namespace {

constexpr size_t kMaxNameBytes = 1024;
constexpr std::string_view kBefore = "dim ";

}  // namespace

bool is_identifier(std::string_view text) {
    if (text.empty() || text.size() > kMaxNameBytes) return false;
    if (python::first_invalid(text) != std::string_view::npos) return false;
    // The grammar itself decides: the name in a declaration must parse
    // cleanly as one identifier covering exactly the text.
    SyntaxTree tree(std::string(kBefore) + std::string(text) + " = 1\n");
    if (tree.has_error()) return false;
    auto chunks = tree.chunks();
    if (chunks.size() != 1) return false;
    const auto begin = static_cast<uint32_t>(kBefore.size());
    const auto end = static_cast<uint32_t>(kBefore.size() + text.size());
    TSNode node = ts_node_descendant_for_byte_range(chunks.front().root, begin, end);
    return !ts_node_is_null(node) && ts_node_symbol(node) == NodeKinds::get().identifier &&
           ts_node_start_byte(node) == begin && ts_node_end_byte(node) == end;
}

}  // namespace ss::syntax
