// Call hierarchy: who calls a function and what it calls, between this
// file's `fn`s and `extern fn`s, from the checker's call sites
// (check/program.hpp: each call's caller, callee as resolved and ranges).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

struct CallItem {
    std::string name;
    bool external = false;  // an `extern fn`
    ByteRange range;        // the whole item
    ByteRange name_range;   // its name in its header
};

// The function whose name is at `offset` (its definition or a call).
std::optional<CallItem> call_item_at(const Snapshot& s, uint32_t offset);
// The item of the function `name`, when the file defines it.
std::optional<CallItem> call_item(const Snapshot& s, const std::string& name);

struct Call {
    CallItem other;               // the caller (incoming) or the callee (outgoing)
    std::vector<ByteRange> from;  // the callee's name at each call, in the caller's body
};

// The functions whose bodies call `name`, by name, each with its calls.
std::vector<Call> incoming_calls(const Snapshot& s, const std::string& name);
// The functions `name`'s body calls, in order of first call.
std::vector<Call> outgoing_calls(const Snapshot& s, const std::string& name);

}  // namespace ss::ide
