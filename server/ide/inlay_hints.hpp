// Inlay hints: the type of each name a function body assigns (after the
// name) and of each pipeline stage (after the stage), as the checker found
// them, and after a loop's batches whether its last batch is padded (the
// padding analysis). Unknown types get no hint.
#pragma once

#include <string>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

struct InlayHint {
    uint32_t offset = 0;  // the hint is shown before the character here
    std::string label;    // ": [b H n Dh]", "[b H n m]"
    bool is_type = true;
    bool pad_left = false;
};

// Hints inside `visible`, sorted by offset.
std::vector<InlayHint> inlay_hints(const Snapshot& s, ByteRange visible);

}  // namespace ss::ide
