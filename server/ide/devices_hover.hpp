// The hover of a `devices` line (docs/devices.md): how many workers it
// starts, how a batch of each loop over batches is split across them, and
// which operations across the batch axis add up over the workers.
#pragma once
#include <optional>

#include "ide/hover.hpp"
#include "ide/snapshot.hpp"

namespace ss::ide {

// The hover at `offset` when it is on a `devices` line, else nothing.
std::optional<HoverInfo> devices_hover(const Snapshot& s, uint32_t offset);

}  // namespace ss::ide
