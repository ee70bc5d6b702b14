// A file's function as completion and signature help show it: found by
// name among the snapshot's items, labelled as written in the source.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// The FnDef or ExternFn item of the snapshot whose name is `name`, or null.
const ast::Item* find_function(const Snapshot& snapshot, std::string_view name);

// `name(p: T, q: U) -> R` for a function item, with each parameter's label.
struct FunctionLabel {
    std::string label;
    std::vector<std::pair<uint32_t, uint32_t>> params;  // byte offsets into label
    std::vector<std::string> names;
};
FunctionLabel function_label(const Snapshot& snapshot, const ast::Item& item);

}  // namespace ss::ide
