// Pattern calls that torch can do with views and one matmul, written so:
// a rearrange (or split) that only splits input groups, reorders axes and
// merges output groups becomes unflatten/permute/flatten, and a two-operand
// einsum that is a batched matrix product becomes `@`. Both are faster than
// going through einops per call (bench/runtime) and read as plain torch;
// anything else stays an einops call (patterns.cpp).
#include <algorithm>

#include "codegen/emitter.hpp"

namespace ss::codegen {

namespace {

struct Element {
    std::string name;
    std::string size;  // Python text; "-1" when only the tensor's shape says
};

}  // namespace

std::optional<Py> Emitter::rearrange_as_views(const Py& x, const ast::PatternSide& in, const ast::PatternSide& out,
                                              const std::map<std::string, std::string>& sizes, int split_count) {
    // The input's axes, each a list of elementary axes (a group has several).
    std::vector<std::vector<Element>> input;
    bool split_named = false;
    for (const auto& axis : in.axes) {
        std::vector<const ast::Axis*> members;
        if (axis->kind == ast::AxisKind::Group) {
            for (const auto& c : axis->children) members.push_back(c.get());
        } else {
            members.push_back(axis.get());
        }
        std::vector<Element> group;
        int unknown = 0;
        for (const ast::Axis* a : members) {
            if (a->kind == ast::AxisKind::Literal && split_count && !split_named && a->value == split_count) {
                group.push_back({"#part", std::to_string(split_count)});
                split_named = true;
                continue;
            }
            if (a->kind != ast::AxisKind::Name) return std::nullopt;
            auto size = sizes.find(a->name.text);
            if (size == sizes.end()) ++unknown;
            group.push_back({a->name.text, size == sizes.end() ? "-1" : size->second});
        }
        if (members.size() > 1 && unknown > 1) return std::nullopt;
        input.push_back(std::move(group));
    }
    std::vector<std::vector<std::string>> output;
    if (split_count) output.push_back({"#part"});
    for (const auto& axis : out.axes) {
        std::vector<std::string> group;
        if (axis->kind == ast::AxisKind::Group) {
            for (const auto& c : axis->children) {
                if (c->kind != ast::AxisKind::Name) return std::nullopt;
                group.push_back(c->name.text);
            }
        } else if (axis->kind == ast::AxisKind::Name) {
            group.push_back(axis->name.text);
        } else {
            return std::nullopt;
        }
        output.push_back(std::move(group));
    }

    std::vector<std::string> in_names, out_names;
    for (const auto& g : input)
        for (const Element& e : g) in_names.push_back(e.name);
    for (const auto& g : output) out_names.insert(out_names.end(), g.begin(), g.end());
    std::vector<std::string> a = in_names, b = out_names;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b || std::adjacent_find(a.begin(), a.end()) != a.end()) return std::nullopt;

    std::string text = operand(x, kAtom);
    // Split the input's groups, first to last: each group's position counts
    // the elementary axes before it, which the earlier splits made.
    std::vector<size_t> starts;
    for (size_t i = 0, at = 0; i < input.size(); at += input[i].size(), ++i) starts.push_back(at);
    for (size_t g = 0; g < input.size(); ++g) {
        if (input[g].size() < 2) continue;
        std::vector<std::string> parts;
        for (const Element& e : input[g]) parts.push_back(e.size);
        text += ".unflatten(" + std::to_string(starts[g]) + ", (" + py_join(parts) + "))";
    }
    std::vector<size_t> perm;
    for (const std::string& n : out_names)
        perm.push_back(static_cast<size_t>(std::find(in_names.begin(), in_names.end(), n) - in_names.begin()));
    bool identity = true;
    for (size_t i = 0; i < perm.size(); ++i) identity = identity && perm[i] == i;
    if (!identity) {
        std::vector<std::string> p;
        for (size_t v : perm) p.push_back(std::to_string(v));
        text += ".permute(" + py_join(p) + ")";
        // torch.export can't tell whether merging permuted axes is a view
        // (it is where a dynamic size is 1) and refuses that size; a copy
        // laid out in order first merges as a view at every size.
        bool merges = std::any_of(output.begin(), output.end(), [](const auto& g) { return g.size() > 1; });
        if (exporting() && merges) text += ".clone(memory_format=torch.contiguous_format)";
    }
    // Merge the output's groups, last first.
    std::vector<size_t> out_starts;
    for (size_t i = 0, at = 0; i < output.size(); at += output[i].size(), ++i) out_starts.push_back(at);
    for (size_t i = output.size(); i-- > 0;)
        if (output[i].size() > 1)
            text += ".flatten(" + std::to_string(out_starts[i]) + ", " +
                    std::to_string(out_starts[i] + output[i].size() - 1) + ")";
        else if (output[i].empty()) return std::nullopt;
    if (split_count) text += ".unbind(0)";
    return Py{text, kAtom};
}

// `operands` are atoms (parenthesised where they need it).
std::optional<Py> Emitter::einsum_as_matmul(const std::vector<std::string>& operands, const ast::Pattern& pattern) {
    if (operands.size() != 2 || pattern.inputs.size() != 2) return std::nullopt;
    auto names = [](const ast::PatternSide& side) -> std::optional<std::vector<std::string>> {
        std::vector<std::string> out;
        for (const auto& a : side.axes) {
            if (a->kind != ast::AxisKind::Name) return std::nullopt;
            out.push_back(a->name.text);
        }
        return out;
    };
    auto a = names(pattern.inputs[0]), b = names(pattern.inputs[1]), out = names(pattern.output);
    if (!a || !b || !out || a->size() < 2 || b->size() < 2 || out->size() < 2) return std::nullopt;
    // out = batch + [i] + [j]; a = batch + {i, k}; b = batch + {k, j}.
    size_t batch = out->size() - 2;
    if (a->size() != batch + 2 || b->size() != batch + 2) return std::nullopt;
    for (size_t i = 0; i < batch; ++i)
        if ((*a)[i] != (*out)[i] || (*b)[i] != (*out)[i]) return std::nullopt;
    const std::string &i = (*out)[batch], &j = (*out)[batch + 1];
    auto last_two = [&](const std::vector<std::string>& v) { return std::make_pair(v[batch], v[batch + 1]); };
    auto [a0, a1] = last_two(*a);
    auto [b0, b1] = last_two(*b);
    std::string k;
    std::string left = operands[0], right = operands[1];
    if (a0 == i) k = a1;
    else if (a1 == i) {
        k = a0;
        left += ".transpose(-1, -2)";
    } else {
        return std::nullopt;
    }
    if (k == i || k == j || std::count(out->begin(), out->end(), k)) return std::nullopt;
    if (b0 == k && b1 == j) {
    } else if (b0 == j && b1 == k) {
        right += ".transpose(-1, -2)";
    } else {
        return std::nullopt;
    }
    return Py{left + " @ " + right, kMul};
}

}  // namespace ss::codegen
