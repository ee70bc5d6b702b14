// Call hierarchy: who calls a function and what it calls, from the
// checker's call sites (check/program.hpp: each call's caller, callee as
// resolved and ranges): this file's `fn`s and `extern fn`s, the functions
// of other files it calls (docs/modules.md), and, asked of an importer,
// its calls of a function of another file (importer_calls).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ide/snapshot.hpp"

namespace ss::ide {

struct CallItem {
    std::string name;
    bool external = false;  // an `extern fn`
    ByteRange range;        // the whole item (of another file's: its name)
    ByteRange name_range;   // its name in its header
    std::string file;       // the .ss file it is in, when another file's; empty for this file's
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
// The functions `name`'s body calls, in order of first call (one of
// another file by its name there, with its file).
std::vector<Call> outgoing_calls(const Snapshot& s, const std::string& name);
// The functions of `importer` whose bodies call `name` of the file
// `module_file`, by name, each with its calls.
std::vector<Call> importer_calls(const Snapshot& importer, const std::string& module_file, const std::string& name);

}  // namespace ss::ide
