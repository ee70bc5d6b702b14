// How a ShapeScript name is written in Python: the one place that decides
// (docs/generated-code.md, "Names"). Every name a file defines reaches the
// module through `py_name`, which never gives a keyword, a builtin, a name
// of the module or the runtime, a name Python's NFKC normalisation would
// change, or one name for two.
#pragma once

#include <string>
#include <string_view>

namespace ss::codegen {

// What a name is in the module; each has names of its own it must avoid.
enum class NameRole {
    Variable,    // a parameter, local or loop variable (also the keyword a caller passes)
    Shadowing,   // a Variable named like one of the file's Globals, which it must not hide
    Global,      // a dim, model, data record, function, extern fn or import alias
    ModelField,  // an attribute of the model's torch.nn.Module
    DataField,   // an attribute of an example, batch or dataset
};

// `name` (a name the checker accepted) as Python reads it in `role`:
// itself, or with a trailing `_` (`class` -> `class_`, `x_` -> `x__`), or
// spelled in ASCII after `_ss_x` (`𝐃` -> `_ss_x_1d403x`).
std::string py_name(std::string_view name, NameRole role);

// Whether Python reads `name` as written, as a bare name or a keyword
// argument (ASCII or NFKC-normalised, not a keyword nor `__debug__`).
bool plain_python_name(std::string_view name);

// `name=value` for a keyword argument whose name the callee fixes (an
// extern fn's target, a runtime function), or `**{"name": value}` when
// Python can't write it bare.
std::string keyword_argument(std::string_view name, const std::string& value);

// A name the generated code binds for itself: the module's (`_ss_rt`,
// `_ss_spec_3`, `_ss_sig_f`), a function's locals (`_ss_pads`,
// `_ss_then_1`) or one `py_name` spells in ASCII (`_ss_x...`), which the
// names made up for sizes (`_ss_n`) must avoid.
bool generated_name(std::string_view name);

}  // namespace ss::codegen
