// Go to type definition: from a value to the model or data record its type
// names (`m: Mlp` → `model Mlp`, `b: Batch[Digit]` → `data Digit`, a local
// holding a model → that model), from the checker's types.
#pragma once

#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// The name ranges of the records the type of the value at `offset` names
// (a tuple may name several); none for a tensor, a number, a built-in.
std::vector<ByteRange> type_definition(const Snapshot& s, uint32_t offset);

}  // namespace ss::ide
