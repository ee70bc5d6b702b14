// What the constructors written with a type (`zeros([b H])`, `randn([b H],
// mode)`) take after it: one list for the checker and the code generator.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ss::check {

// The parameters `name` takes after its type, in order, for a call with
// `positional` arguments given by position and `keywords` by name:
// randint's bounds may be left out (`randint([b n], high, mode)` has no
// `low`), never its mode. Empty for a name that is no constructor.
std::vector<std::string_view> constructor_params(const std::string& name, size_t positional,
                                                 const std::vector<std::string>& keywords);

}  // namespace ss::check
