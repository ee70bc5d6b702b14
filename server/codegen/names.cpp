#include "codegen/names.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "codegen/python_text.hpp"
#include "diag/python_identifier.hpp"
#include "diag/utf8.hpp"

namespace ss::codegen {

namespace {

#include "codegen/python_reserved.inc"

template <size_t N>
bool listed(const std::string_view (&table)[N], std::string_view name) {
    return std::binary_search(std::begin(table), std::end(table), name);
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Names the module binds itself besides `_ss_*`: its imports.
bool module_import(std::string_view name) { return name == "math" || name == "torch" || name == "einops"; }

bool nfkc_stable(std::string_view name) {
    for (size_t i = 0; i < name.size();) {
        utf8::Char ch = utf8::decode(name, i);
        if (!ch.valid || !python::nfkc_stable(ch.code_point)) return false;
        i += ch.length;
    }
    return true;
}

// Spelled in ASCII: Python would change the name (NFKC), or it is one of
// the names whose form a trailing `_` doesn't make safe: the module's own
// `_ss_` names, `__` names (private in a class body, special as dunders),
// and `_` as a field (`__`).
bool escaped(std::string_view name, NameRole role) {
    bool field = role == NameRole::ModelField || role == NameRole::DataField;
    // `layers.block`: a name of an imported file, bound in this module.
    return name.empty() || starts_with(name, "__") || starts_with(name, "_ss_") || (field && name == "_") ||
           name.find('.') != std::string_view::npos || !nfkc_stable(name);
}

bool reserved(std::string_view name, NameRole role) {
    if (python::keyword(name)) return true;
    switch (role) {
        case NameRole::Shadowing: return true;
        case NameRole::Global:
            if (name == "seed" || name == "self") return true;  // Model.__init__(self, seed) reads the dims
            [[fallthrough]];
        case NameRole::Variable: return listed(kBuiltins, name) || module_import(name);
        case NameRole::ModelField: return starts_with(name, "_") || listed(kModelAttributes, name);
        case NameRole::DataField: return starts_with(name, "_") || listed(kRecordAttributes, name);
    }
    return false;
}

// `_ss_x` (`_ss_y` for a Shadowing one), then each ASCII letter or digit
// as it is, `_` as `__` and any other character as `_<hex>x`. The code is
// prefix-free, so two names never meet, and no other name starts so: the
// names that keep their spelling don't start with `_ss_`, and the module's
// own don't start with `_ss_x` or `_ss_y` (generated_name).
std::string ascii_spelling(std::string_view name, NameRole role) {
    std::string out = role == NameRole::Shadowing ? "_ss_y" : "_ss_x";
    for (size_t i = 0; i < name.size();) {
        utf8::Char ch = utf8::decode(name, i);
        char32_t c = ch.code_point;
        if (c < 0x80 && (std::isalnum(static_cast<int>(c)))) {
            out += static_cast<char>(c);
        } else if (c == '_') {
            out += "__";
        } else {
            char hex[16];
            std::snprintf(hex, sizeof hex, "_%xx", static_cast<unsigned>(c));
            out += hex;
        }
        i += ch.length;
    }
    return out;
}

}  // namespace

std::string py_name(std::string_view name, NameRole role) {
    if (escaped(name, role)) return ascii_spelling(name, role);
    std::string out(name);
    if (reserved(name, role) || out.back() == '_') out += "_";
    return out;
}

bool plain_python_name(std::string_view name) {
    return !name.empty() && python::first_invalid(name) == std::string_view::npos && nfkc_stable(name) &&
           !python::keyword(name) && name != "__debug__";
}

std::string keyword_argument(std::string_view name, const std::string& value) {
    if (plain_python_name(name)) return std::string(name) + "=" + value;
    return "**{" + py_string(name) + ": " + value + "}";
}

bool generated_name(std::string_view name) {
    static constexpr std::string_view fixed[] = {"_ss_checks", "_ss_device", "_ss_devices", "_ss_init", "_ss_rt",
                                                 "_ss_source", "_ss_value_checks", "_ss_modules",
                                                 // a function's own locals
                                                 "_ss_arg_device", "_ss_bound", "_ss_keep", "_ss_pad", "_ss_pads",
                                                 "_ss_result"};
    static constexpr std::string_view prefixes[] = {"_ss_spec_", "_ss_sig_",  "_ss_import_", "_ss_x",      "_ss_y",
                                                    "_ss_then_", "_ss_else_", "_ss_body_",   "_ss_module_"};
    return std::find(std::begin(fixed), std::end(fixed), name) != std::end(fixed) ||
           std::any_of(std::begin(prefixes), std::end(prefixes),
                       [&](std::string_view p) { return starts_with(name, p); });
}

}  // namespace ss::codegen
