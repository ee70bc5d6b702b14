// A set of a few names (seldom more than eight) that are views of strings
// outliving it, the AST's own: a vector searched in order, where a tree of
// strings made an allocation per name on every check.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

namespace ss::check {

class FewNames {
public:
    // False when it was there already.
    bool insert(std::string_view name) {
        if (count(name)) return false;
        if (names_.empty()) names_.reserve(8);  // at once, not grown one by one
        names_.push_back(name);
        return true;
    }
    bool count(std::string_view name) const { return std::find(names_.begin(), names_.end(), name) != names_.end(); }
    // In sorted order: what messages list is not in the order of the text.
    std::vector<std::string_view> sorted() const {
        std::vector<std::string_view> out = names_;
        std::sort(out.begin(), out.end());
        return out;
    }

private:
    std::vector<std::string_view> names_;
};

}  // namespace ss::check
