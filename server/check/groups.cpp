// Groups written `(b T)`: an axis whose positions are b's outside and T's
// inside, as einops and torch lay them out. The same factors in another
// order, `(T b)`, are another layout of the same numbers, so the checker
// never lets one stand for the other (docs/types.md, E0426).
#include <algorithm>
#include <cctype>

#include "check/types.hpp"

namespace ss::check {

std::vector<std::string> group_names(const std::string& written) {
    if (written.size() < 2 || written.front() != '(' || written.back() != ')') return {};
    std::vector<std::string> names;
    std::string name;
    for (char c : written.substr(1, written.size() - 2)) {
        if (c == ' ') {
            if (!name.empty()) names.push_back(std::move(name)), name.clear();
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80) {
            name += c;
        } else {
            return {};  // a factor that is an expression: not a group of names
        }
    }
    if (!name.empty()) names.push_back(name);
    return names;
}

bool reordered_group(const AxisType& a, const AxisType& b) {
    std::vector<std::string> x = group_names(a.written), y = group_names(b.written);
    return x.size() > 1 && x.size() == y.size() && x != y && std::is_permutation(x.begin(), x.end(), y.begin());
}

}  // namespace ss::check
