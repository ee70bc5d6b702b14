// Selection ranges ("expand selection"): from the smallest syntax node at an
// offset out to the whole text.
#pragma once

#include <cstdint>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

// The ranges to select at byte `offset`, innermost first: the token there,
// then each enclosing syntax node whose range is larger (equal ranges
// appear once), up to the whole top-level item, then the whole text. Every
// range contains `offset` (begin <= offset <= end) and strictly contains the
// one before it; none is empty. An offset past the text is clamped to its
// end. The result is never empty for a non-empty text (it ends with
// [0, size)), and empty for an empty one.
std::vector<ByteRange> selection_chain(const Snapshot& snapshot, uint32_t offset);

}  // namespace ss::ide
