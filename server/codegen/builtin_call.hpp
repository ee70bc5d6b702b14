// Internal to server/codegen: one call of a built-in, as builtins.cpp hands
// it to the emitter of its family, the table's `emit` (builtin_families.cpp).
#pragma once

#include <string>

#include "check/builtin_table.hpp"
#include "codegen/emitter.hpp"

namespace ss::codegen {

struct BuiltinCall {
    const std::string& name;
    const check::Builtin& entry;
    std::string python;  // the Python function the table names
    LoweredArgs& args;   // placed by label (Emitter::place_by_label)
    const ast::Expr& whole;

    // The first argument, which most families work on; a CodegenError without one.
    const Py& first() const {
        if (args.positional.empty()) throw CodegenError{whole.range, "`" + name + "` needs an argument"};
        return args.positional[0];
    }
    const check::Type* first_type() const { return args.positional_types.empty() ? nullptr : args.positional_types[0]; }
    // `f(args)`.
    Py called(const std::string& f) const { return {call_text(f, args), kAtom}; }
};

}  // namespace ss::codegen
