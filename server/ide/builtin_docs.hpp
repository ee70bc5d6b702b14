// The signature and a one-paragraph doc of every built-in (check/builtins.hpp
// names them all), for hover, completion and signature help.
//
// Built-ins the prelude declares take their signature from the prelude's
// text (so the two never disagree); the others, checked by C++ rules, have
// a signature written here in the same notation.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ss::ide {

struct BuiltinParam {
    std::string name;   // "x", "over"
    std::string label;  // "x: [..s]", "over: axis"
};

struct BuiltinDoc {
    std::string name;
    std::string signature;  // "softmax(x: [..s], over: axis) -> [..s]"
    std::vector<BuiltinParam> params;
    std::string doc;        // Markdown, one short paragraph
    bool in_prelude = false;  // declared in server/check/prelude/prelude.ss
};

// The doc of built-in `name`, or nullptr if `name` is not a built-in.
const BuiltinDoc* builtin_doc(std::string_view name);

// Every built-in's doc, sorted by name.
const std::vector<BuiltinDoc>& builtin_docs();

}  // namespace ss::ide
