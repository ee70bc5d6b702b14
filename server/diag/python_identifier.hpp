// What Python accepts in a name, and what its NFKC normalisation of names
// may change, as the Python that generated the tables defines them
// (scripts/python-names writes python_identifiers.inc). The checker refuses
// a name Python can't read (E0011); the code generator spells a name NFKC
// could change in ASCII (codegen/names.hpp).
#pragma once

#include <string_view>

namespace ss::python {

bool identifier_start(char32_t c);     // may begin a name (`_` included)
bool identifier_continue(char32_t c);  // may follow in a name
// False for a character that NFKC changes, or that may join the character
// before it; a name of stable characters only is NFKC-normalised already.
bool nfkc_stable(char32_t c);

// The first character of `name` Python doesn't accept where it stands, as
// a byte offset into `name`; npos when Python reads the whole of it as one
// name. `name` must be valid UTF-8.
size_t first_invalid(std::string_view name);

// Whether `name` is one of Python's keywords (`class`, `import`, `None`).
bool keyword(std::string_view name);

}  // namespace ss::python
