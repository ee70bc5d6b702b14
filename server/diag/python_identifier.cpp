#include "diag/python_identifier.hpp"

#include <algorithm>
#include <cstdint>

#include "diag/utf8.hpp"

namespace ss::python {

namespace {

struct CodeRange {
    char32_t lo, hi;
};

#include "diag/python_identifiers.inc"

template <size_t N>
bool in(const CodeRange (&table)[N], char32_t c) {
    auto it = std::upper_bound(std::begin(table), std::end(table), c,
                               [](char32_t v, const CodeRange& r) { return v < r.lo; });
    return it != std::begin(table) && c <= std::prev(it)->hi;
}

bool ascii_letter(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

}  // namespace

bool identifier_start(char32_t c) { return c < 0x80 ? ascii_letter(c) : in(kIdStart, c); }

bool identifier_continue(char32_t c) {
    return c < 0x80 ? ascii_letter(c) || (c >= '0' && c <= '9') : in(kIdContinue, c);
}

bool nfkc_stable(char32_t c) { return c < 0x80 || !in(kNfkcUnstable, c); }

bool keyword(std::string_view name) { return std::binary_search(std::begin(kKeywords), std::end(kKeywords), name); }

size_t first_invalid(std::string_view name) {
    for (size_t i = 0; i < name.size();) {
        utf8::Char ch = utf8::decode(name, i);
        if (!ch.valid || !(i == 0 ? identifier_start(ch.code_point) : identifier_continue(ch.code_point))) return i;
        i += ch.length;
    }
    return name.empty() ? 0 : std::string_view::npos;
}

}  // namespace ss::python
