// Groups written `(b T)`: an axis whose positions are b's outside and T's
// inside, as einops and torch lay them out. The same factors in another
// order, `(T b)`, are another layout of the same numbers, so the checker
// never lets one stand for the other (docs/types.md, E0426).
#include <algorithm>

#include "check/types.hpp"
#include "syntax/ast.hpp"

namespace ss::check {

std::vector<std::string> group_factors(const ast::Axis& axis) {
    if (axis.kind != ast::AxisKind::Group) return {};
    std::vector<std::string> factors;
    for (const auto& member : axis.children) {
        if (member->kind == ast::AxisKind::Name) factors.push_back(member->name.text);
        else if (member->kind == ast::AxisKind::Literal && member->value)
            factors.push_back(std::to_string(*member->value));
        else return {};  // a factor that is an expression: not a group of names
    }
    return factors;
}

std::string group_text(const AxisType& group) {
    std::string out = "(";
    for (size_t k = 0; k < group.factors.size(); ++k) out += (k ? " " : "") + group.factors[k];
    return out + ")";
}

bool reordered_group(const AxisType& a, const AxisType& b) {
    const auto &x = a.factors, &y = b.factors;
    return x.size() > 1 && x.size() == y.size() && x != y && std::is_permutation(x.begin(), x.end(), y.begin());
}

}  // namespace ss::check
