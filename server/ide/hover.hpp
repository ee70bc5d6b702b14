// Hover: what the name or expression under the cursor is. A name shows its
// fact (`x: [b n D]`, `dim Dh = D / H = 64`, a function's signature), an
// expression its type as the checker found it, and a built-in its signature
// and doc. A type that names dims is also shown evaluated (`[b n 768]`).
#pragma once

#include <optional>
#include <string>

#include "ide/snapshot.hpp"

namespace ss::ide {

struct HoverInfo {
    ByteRange range;  // what the hover is about
    std::string markdown;
};

std::optional<HoverInfo> hover(const Snapshot& s, uint32_t offset);

}  // namespace ss::ide
