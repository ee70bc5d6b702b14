// Pattern calls as einops calls: the pattern's text, literal sizes named
// (einops takes only 1 as a literal), the dims it names passed as sizes,
// and split as a rearrange that puts the parts first, then unbind. Axis
// names einops would refuse or misread (a keyword, `_x`, `α`, `lit16`) are
// renamed `ax0`, `ax1`... in the call: only the einops text sees them.
#include <algorithm>
#include <optional>
#include <set>

#include "codegen/emitter.hpp"
#include "syntax/keywords.hpp"

namespace ss::codegen {

namespace {

struct PatternText {
    // axis=value, passed to einops; an axis is a name of the pattern, or
    // `#16` for the literal 16 and `#part` for split's parts.
    std::vector<std::pair<std::string, std::string>> sizes;
    std::set<std::string> names;                // axis names the pattern uses
    std::map<std::string, std::string> einops;  // axis name -> its name in the einops call
    // How many times each literal size came in the side being written: the
    // second `2` of `b (h 2) (w 2)` is another axis (`lit2_1`). (The checker
    // lets a literal factor through on one side only: E0413.)
    std::map<int64_t, int> literals_in_side;

    std::string einops_name(const std::string& axis) const {
        if (axis == "#part") return "ss_part";
        if (axis[0] == '#') return "lit" + axis.substr(1);
        auto it = einops.find(axis);
        return it == einops.end() ? axis : it->second;
    }
};

bool numbered(std::string_view name, std::string_view prefix) {
    return name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix &&
           name.find_first_not_of("0123456789", prefix.size()) == std::string_view::npos;
}

// What einops takes as an axis name as it is, in a pattern and as a
// keyword: ASCII, not starting or ending with `_`, not a keyword nor
// `axis`, and not one of the names this file gives (`lit16`, `lit2_1`,
// `ss_part`, `ax0`).
bool einops_safe(std::string_view name) {
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])) || name.back() == '_') return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    bool literal_name =
        name.size() > 3 && name.substr(0, 3) == "lit" && std::isdigit(static_cast<unsigned char>(name[3]));
    return plain_python_name(name) && name != "axis" && name != "ss_part" && !literal_name && !numbered(name, "ax");
}

void collect_names(const ast::Axis& axis, std::vector<std::string>& out) {
    if (axis.kind == ast::AxisKind::Name) out.push_back(axis.name.text);
    for (const auto& child : axis.children) collect_names(*child, out);
}

}  // namespace

static std::string axis_text(const Emitter& e, const ast::Axis& axis, PatternText& p, int* split_count) {
    switch (axis.kind) {
        case ast::AxisKind::Name: p.names.insert(axis.name.text); return p.einops_name(axis.name.text);
        case ast::AxisKind::Literal: {
            if (!axis.value) e.fail(axis.range, "a size too large");
            if (*axis.value == 1) return "1";
            if (split_count && *split_count == 0) {
                *split_count = static_cast<int>(*axis.value);
                return p.einops_name("#part");
            }
            int occurrence = p.literals_in_side[*axis.value]++;
            std::string name = "#" + std::to_string(*axis.value) + (occurrence ? "_" + std::to_string(occurrence) : "");
            bool known = false;
            for (const auto& [k, v] : p.sizes) known = known || k == name;
            if (!known) p.sizes.emplace_back(name, std::to_string(*axis.value));
            return p.einops_name(name);
        }
        // A group `..s` is einops' ellipsis: the pattern has one, on each
        // side that has it (E0407 keeps it one and leading).
        case ast::AxisKind::Variadic: return "...";
        case ast::AxisKind::Group: {
            std::string out = "(";
            for (size_t i = 0; i < axis.children.size(); ++i)
                out += (i ? " " : "") + axis_text(e, *axis.children[i], p, split_count);
            return out + ")";
        }
        default: e.fail(axis.range, "this kind of axis in a pattern isn't supported by the code generator yet");
    }
    return "";
}

static std::string side_text(const Emitter& e, const ast::PatternSide& side, PatternText& p, int* split_count) {
    p.literals_in_side.clear();
    std::string out;
    for (size_t i = 0; i < side.axes.size(); ++i) out += (i ? " " : "") + axis_text(e, *side.axes[i], p, split_count);
    return out;
}

Py Emitter::pattern(const ast::PatternCall& call, const Py* piped, const check::Type* piped_type,
                    const ast::Expr& whole) {
    using F = syntax::PatternFunction;
    const std::optional<F> function = syntax::pattern_function(call.function.text);
    std::vector<Py> values;
    if (piped) values.push_back(*piped);
    for (const auto& o : call.operands) values.push_back(expr(*o));
    std::vector<std::string> operands, atoms;
    for (const Py& v : values) {
        operands.push_back(operand(v, kOr));
        atoms.push_back(operand(v, kAtom));
    }

    PatternText p;
    std::vector<std::string> axis_names;
    for (const ast::PatternSide& side : call.pattern.inputs)
        for (const auto& axis : side.axes) collect_names(*axis, axis_names);
    for (const auto& axis : call.pattern.output.axes) collect_names(*axis, axis_names);
    for (const ast::Argument& a : call.arguments)
        if (a.keyword) axis_names.push_back(a.keyword->text);
    for (const std::string& name : axis_names)
        if (!p.einops.count(name))
            p.einops.emplace(name, einops_safe(name) ? name : "ax" + std::to_string(p.einops.size()));
    int split_count = 0;
    std::string inputs;
    for (size_t i = 0; i < call.pattern.inputs.size(); ++i)
        inputs += (i ? ", " : "") +
                  side_text(*this, call.pattern.inputs[i], p, function == F::Split ? &split_count : nullptr);
    std::string output = side_text(*this, call.pattern.output, p, nullptr);
    if (function == F::Split) {
        if (split_count == 0) fail(call.pattern.range, "a split needs a literal count in a group of its input");
        output = p.einops_name("#part") + " " + output;
        p.sizes.emplace_back("#part", std::to_string(split_count));
    }
    std::string text = py_string(inputs + " -> " + output);

    std::string operands_text;
    for (const std::string& o : operands) operands_text += o + ", ";
    if (function == F::Einsum) {
        if (auto product = einsum_as_matmul(atoms, call.pattern)) return *product;
        if (!p.sizes.empty())
            fail(call.pattern.range, "an einsum pattern with groups or literal sizes isn't supported yet");
        return {"einops.einsum(" + operands_text + text + ")", kAtom};
    }

    // Sizes: the call's keywords, then the dims the pattern names.
    std::string reducer;
    std::vector<std::string> given;
    for (const ast::Argument& a : call.arguments) {
        if (a.keyword) {
            p.sizes.emplace_back(a.keyword->text, operand(expr(*a.value), kOr));
            given.push_back(a.keyword->text);
        } else if (auto* n = std::get_if<ast::NameExpr>(&a.value->node)) {
            reducer = py_string(n->name.text);
        } else {
            reducer = expr(*a.value).text;
        }
    }
    for (const std::string& name : p.names)
        if (typed_.dims.count(name) && std::find(given.begin(), given.end(), name) == given.end())
            p.sizes.emplace_back(name, py_name(name, NameRole::Global));
    // An input group with two factors or more of no size: those named after
    // a generic axis in scope have its size, as the checker solves them
    // (check/patterns.cpp, bind_group); einops needs all factors but one.
    std::set<std::string> plain;  // input axes einops reads off the shape
    for (const ast::PatternSide& side : call.pattern.inputs)
        for (const auto& axis : side.axes)
            if (axis->kind == ast::AxisKind::Name) plain.insert(axis->name.text);
    for (const ast::PatternSide& side : call.pattern.inputs)
        for (const auto& axis : side.axes) {
            if (axis->kind != ast::AxisKind::Group) continue;
            std::vector<std::string> open;
            for (const auto& factor : axis->children)
                if (factor->kind == ast::AxisKind::Name && !typed_.dims.count(factor->name.text) &&
                    !plain.count(factor->name.text) &&
                    std::find(given.begin(), given.end(), factor->name.text) == given.end())
                    open.push_back(factor->name.text);
            if (open.size() < 2) continue;
            for (const std::string& name : open)
                if (auto id = axis_named(name)) {
                    p.sizes.emplace_back(name, size(check::Size::symbol(*id)));
                    given.push_back(name);
                }
        }
    if (function == F::Repeat) {
        // A new axis named after a generic axis in scope has its size (a
        // class token repeated over the batch `b`).
        std::vector<std::string> input_names;
        for (const auto& side : call.pattern.inputs)
            for (const auto& axis : side.axes) collect_names(*axis, input_names);
        std::vector<std::string> output_names;
        for (const auto& axis : call.pattern.output.axes) collect_names(*axis, output_names);
        for (const std::string& name : output_names)
            if (!typed_.dims.count(name) && std::find(given.begin(), given.end(), name) == given.end() &&
                std::find(input_names.begin(), input_names.end(), name) == input_names.end())
                if (auto axis = axis_named(name)) p.sizes.emplace_back(name, size(check::Size::symbol(*axis)));
    }
    std::string sizes;
    for (const auto& [k, v] : p.sizes) sizes += ", " + p.einops_name(k) + "=" + v;

    if ((function == F::Rearrange || function == F::Split) && operands.size() == 1 && call.pattern.inputs.size() == 1) {
        std::map<std::string, std::string> known(p.sizes.begin(), p.sizes.end());
        if (auto views = rearrange_as_views(values[0], call.pattern.inputs[0], call.pattern.output, known, split_count))
            return *views;
    }
    if (function == F::Rearrange || function == F::Split) {
        std::string out = "einops.rearrange(" + operands_text + text + sizes + ")";
        return {function == F::Split ? out + ".unbind(0)" : out, kAtom};
    }
    if (function == F::Repeat) return {"einops.repeat(" + operands_text + text + sizes + ")", kAtom};
    if (function == F::Reduce) {
        if (reducer.empty()) fail(whole.range, "`reduce` needs a reducer: mean, sum, max, min or prod");
        // Across a padded axis: the runtime's masked reduce, of the real positions.
        const check::Type* x = piped ? piped_type : call.operands.empty() ? nullptr : type_of(*call.operands[0]);
        // torch's mean takes floats: a mean of Masks or integers is of them as
        // f32, which the checker types it.
        if (reducer == "\"mean\"" && is_tensor(x) && !check::is_floating(x->tensor.element.kind) && !operands.empty()) {
            operands[0] = atoms[0] + ".to(torch.float32)";
            operands_text.clear();
            for (const std::string& o : operands) operands_text += o + ", ";
        }
        if (std::string dims = padded_dims(x); !dims.empty() && values.size() == 1)
            return {"_ss_rt.reduce(" + operands_text + text + ", " + reducer + ", _ss_pads, " + dims + sizes + ")",
                    kAtom};
        return {"einops.reduce(" + operands_text + text + ", " + reducer + sizes + ")", kAtom};
    }
    fail(whole.range, "unknown pattern function `" + call.function.text + "`");
    return {};
}

}  // namespace ss::codegen
