// The typing rule of pattern calls (patterns.hpp; the rules in prose are in
// docs/types.md, "Patterns"). A call is typed in phases, and the first
// error stops it: after a pattern fails to fit, later phases would only
// restate that mistake (no cascades), and the call's type is Unknown.
//   1. operands: tensors, one input side each            (E0415, E0407)
//   2. form: what each function allows in its pattern     (E0407)
//   3. arguments: reduce's reduction, sizes like `h=16`   (E0415)
//   4. split's count                                      (E0414)
//   5. each input side against its operand                (E0407 E0408 E0409 E0405)
//   6. the names the output keeps, and its axes' sizes    (E0413, E0412)
//   7. the element type
#include "check/patterns.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/describe.hpp"
#include "check/few_names.hpp"
#include "syntax/keywords.hpp"

namespace ss::check {

namespace {

using ast::Axis;
using ast::AxisKind;
using ast::PatternSide;

using Fn = syntax::PatternFunction;

// split's results are destructured by name, so a huge count is a mistake;
// the bound also keeps the tuple the checker builds small.
constexpr int64_t kMaxSplit = 1024;

// Syntax errors in a pattern were reported by the syntax layer.
bool has_syntax_error(const Axis& axis) {
    if (axis.kind == AxisKind::Error) return true;
    if (axis.kind == AxisKind::Name || axis.kind == AxisKind::Variadic)
        if (axis.name.missing || axis.name.text.empty()) return true;
    for (const auto& child : axis.children)
        if (has_syntax_error(*child)) return true;
    return false;
}

// Lowering leaves out text it couldn't parse between a pattern's axes (no
// Error axis marks it), so the text between axes is checked too: only
// whitespace, the commas between input sides, one `->` and comments belong
// there.
class GapScan {
public:
    explicit GapScan(const CheckContext& ctx) : ctx_(ctx) {}

    bool clean(const ast::Pattern& pattern) {
        uint32_t at = pattern.range.begin;
        for (const PatternSide& side : pattern.inputs)
            for (const auto& axis : side.axes)
                if (!axes_from(at, *axis, false)) return false;
        for (const auto& axis : pattern.output.axes)
            if (!axes_from(at, *axis, false)) return false;
        if (!gap(at, pattern.range.end, false)) return false;
        return commas_ + 1 == pattern.inputs.size() && (arrows_ == 1 || (arrows_ == 0 && comment_));
    }

private:
    // The gap from `at` to `axis`, then inside it when it is a group.
    bool axes_from(uint32_t& at, const Axis& axis, bool in_group) {
        if (!gap(at, axis.range.begin, in_group)) return false;
        at = axis.range.end;
        if (axis.kind != AxisKind::Group) return true;
        uint32_t inside = axis.range.begin + 1;  // after `(`
        for (const auto& member : axis.children)
            if (!axes_from(inside, *member, true)) return false;
        uint32_t close = axis.range.end - 1;  // the `)`, unless the parser had to make it up
        return close >= inside && ctx_.source_bytes({close, axis.range.end}) == ")" && gap(inside, close, true);
    }

    bool gap(uint32_t from, uint32_t to, bool in_group) {
        if (to < from) return false;
        std::string_view text = ctx_.source_bytes({from, to});
        for (size_t i = 0; i < text.size(); ++i) {
            char c = text[i];
            if (c == '#') {  // a comment, to the end of its line
                comment_ = true;
                return true;
            }
            if (!in_group && c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
                ++arrows_;
                ++i;
            } else if (!in_group && c == ',') {
                ++commas_;
            } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') {
                return false;  // whitespace is what the grammar skips (`/\s/`): a vertical tab too
            }
        }
        return true;
    }

    const CheckContext& ctx_;
    int arrows_ = 0;
    size_t commas_ = 0;
    bool comment_ = false;
};

std::string count_axes(size_t n) { return std::to_string(n) + (n == 1 ? " axis" : " axes"); }

std::string axes_text(const std::vector<AxisType>& axes) {
    std::string out;
    for (const AxisType& a : axes) out += (out.empty() ? "" : " ") + a.written;
    return out;
}

std::string type_phrase(const Type& type) {
    switch (type.kind) {
        case TypeKind::Int: return "an int";
        case TypeKind::Float: return "a float";
        case TypeKind::Bool: return "a bool";
        case TypeKind::Str: return "a string";
        case TypeKind::Mode: return "a mode";
        case TypeKind::Model: return "a model (`" + type.ref + "`)";
        case TypeKind::Data: return "one example of `" + type.ref + "`";
        case TypeKind::Dataset: return "a dataset (`Dataset[" + type.ref + "]`)";
        case TypeKind::Batch: return "a batch (`Batch[" + type.ref + "]`)";
        case TypeKind::Optimizer: return "an optimizer state (`Optimizer[" + type.ref + "]`)";
        case TypeKind::Tuple: return "a tuple of " + std::to_string(type.elements.size()) + " values";
        case TypeKind::List: return "a list";
        default: return "a value that is not a tensor";
    }
}

// Where a name got its size, for E0409's "but ..." and its related range.
// Where a pattern name got its size. The sentence saying so is built only
// when a message needs it: patterns are typed on every check, and eager
// strings made them the checker's hottest spot.
struct Binding {
    enum class From { FirstNamed, Dim, Argument, Quotient };
    Size size;
    ByteRange at;
    From from = From::FirstNamed;
    std::string written;             // the axis as written, the dim's name, or the group's text
    ByteRange source_range;          // the argument `h=16`, or the group
    std::optional<std::string> dim;  // the dim the operand's axis is, when first named (E0424)
};

class PatternTyper {
public:
    PatternTyper(const ast::PatternCall& call, const std::vector<Type>& operands, CheckContext& ctx)
        : call_(call), pattern_(call.pattern), operands_(operands), ctx_(ctx) {}

    Type run();

private:
    bool check_operands();
    bool check_form();
    bool check_side_form(const PatternSide& side, bool input);
    bool note_name(const Axis& axis, const PatternSide& side, bool input, FewNames& seen);
    bool check_number(const Axis& axis, const PatternSide& side, bool input, const Axis* group);
    bool check_arguments();
    bool check_split_count();
    bool bind_side(size_t i);
    bool bind_passthrough(const PatternSide& side, const TensorType& t, size_t lead);
    bool not_another_axis(const Axis& axis, const TensorType& t, size_t p, size_t i, const std::string& which);
    bool bind_name(const Axis& axis, const TensorType& t, size_t p, size_t i);
    bool bind_group(const Axis& group, const TensorType& t, size_t p, size_t i);
    bool check_kept();
    std::optional<std::vector<AxisType>> output_axes();
    std::optional<Size> output_size(const Axis& axis);
    bool output_number_allowed(const Axis& axis);
    Element result_element(const std::vector<AxisType>& axes) const;

    bool fail(DiagCode code, ByteRange at, const std::vector<std::string>& args, std::vector<RelatedInfo> related = {},
              std::vector<Fix> fixes = {}) {
        ctx_.report(code, at, args, std::move(related), std::move(fixes));
        return false;
    }
    std::string text(ByteRange range) const { return ctx_.source_text(range); }

    // "it is `n` where the pattern first names it", and so on.
    std::string source_of(const Binding& b) const {
        switch (b.from) {
            case Binding::From::FirstNamed:
                return "it is " + shown(b.written, b.size) + " where the pattern first names it";
            case Binding::From::Dim: return "the dim `" + b.written + "` is " + ctx_.show(b.size);
            case Binding::From::Argument: return quoted(b.source_range) + " makes it " + ctx_.show(b.size);
            case Binding::From::Quotient: return "it is " + ctx_.show(b.size) + " from " + quoted(b.source_range);
        }
        return "";
    }
    std::string quoted(ByteRange range) const { return "`" + text(range) + "`"; }
    // A size as written and, when that differs, as evaluated: "`3*D` = 2304".
    std::string shown(const std::string& written, const Size& size) const {
        std::string value = ctx_.show(size);
        return "`" + written + "`" + (value == written ? "" : " = " + value);
    }
    std::string operand_phrase(size_t i) const;
    std::vector<Fix> side_as_operand(size_t i, const TensorType& t) const;
    const std::string& fn_name() const { return call_.function.text; }

    const ast::PatternCall& call_;
    const ast::Pattern& pattern_;
    const std::vector<Type>& operands_;
    CheckContext& ctx_;
    Fn fn_ = Fn::Rearrange;
    std::string_view reduction_;  // reduce's: mean, sum, max, min or prod

    std::map<std::string, Binding> bound_;  // every name with a known size
    std::map<std::string, Size> sizes_;     // `h=16` (or `h=n`) arguments
    FewNames input_names_;                  // used on an input side
    std::vector<const Axis*> input_order_;  // those uses, in source order
    FewNames output_names_;
    std::vector<std::pair<const Axis*, const Axis*>> anonymous_;  // input numbers > 1, and their group
    std::optional<std::string> variadic_;                         // the pattern's `..s`
    std::optional<std::vector<AxisType>> passthrough_;            // the axes `..s` stands for
    ByteRange passthrough_at_;
    std::optional<std::string> over_name_;  // what operand 1's `over` axis is called in the pattern
    int64_t split_count_ = 0;
};

// E0408's fix: write the input side as the operand's axes are named, when
// the side is a plain list of names, one per axis.
std::vector<Fix> PatternTyper::side_as_operand(size_t i, const TensorType& t) const {
    if (i >= pattern_.inputs.size() || has_variadic(t)) return {};
    const PatternSide& side = pattern_.inputs[i];
    if (side.axes.size() != t.axes.size()) return {};
    for (const ast::AxisPtr& a : side.axes)
        if (a->kind != ast::AxisKind::Name) return {};
    std::string axes;  // by their names, not their written form (shortened for messages)
    for (const AxisType& a : t.axes) {
        if (!a.name || a.name->empty()) return {};
        axes += (axes.empty() ? "" : " ") + *a.name;
    }
    return {Fix{"Name the axes as " + operand_phrase(i) + " does: `" + axes + "`", {FixEdit{side.range, axes}}}};
}

std::string PatternTyper::operand_phrase(size_t i) const {
    // The call's own operands follow the piped value, if any.
    size_t offset = operands_.size() >= call_.operands.size() ? operands_.size() - call_.operands.size() : 0;
    if (i >= offset && i - offset < call_.operands.size())
        if (auto* name = std::get_if<ast::NameExpr>(&call_.operands[i - offset]->node))
            return "`" + name->name.text + "`";
    return operands_.size() == 1 ? "the value" : "operand " + std::to_string(i + 1);
}

Type PatternTyper::run() {
    auto fn = syntax::pattern_function(fn_name());
    if (!fn || pattern_.inputs.empty()) return {};
    fn_ = *fn;
    for (const PatternSide& side : pattern_.inputs)
        for (const auto& axis : side.axes)
            if (has_syntax_error(*axis)) return {};
    for (const auto& axis : pattern_.output.axes)
        if (has_syntax_error(*axis)) return {};
    if (!GapScan(ctx_).clean(pattern_)) return {};
    for (const Type& operand : operands_)
        if (operand.kind == TypeKind::Unknown) return {};  // reported where it was typed

    if (!check_operands() || !check_form() || !check_arguments() || !check_split_count()) return {};
    for (size_t i = 0; i < operands_.size(); ++i)
        if (!bind_side(i)) return {};
    if (!check_kept()) return {};
    auto axes = output_axes();
    if (!axes) return {};

    Type result;
    result.kind = TypeKind::Tensor;
    result.tensor.element = result_element(*axes);
    result.tensor.axes = std::move(*axes);
    if (fn_ != Fn::Split) return result;
    Type tuple;
    tuple.kind = TypeKind::Tuple;
    tuple.elements.assign(static_cast<size_t>(split_count_), result);
    return tuple;
}

// ------------------------------------------------------------ 1. operands

bool PatternTyper::check_operands() {
    size_t offset = operands_.size() >= call_.operands.size() ? operands_.size() - call_.operands.size() : 0;
    for (size_t i = 0; i < operands_.size(); ++i)
        if (operands_[i].kind != TypeKind::Tensor) {
            ByteRange at = i >= offset ? call_.operands[i - offset]->range : call_.function.range;
            return fail(DiagCode::E0415, at, {"a pattern applies to tensors", type_phrase(operands_[i])});
        }
    size_t n = operands_.size();
    std::string operands = n == 0 ? "no operand" : std::to_string(n) + (n == 1 ? " operand" : " operands");
    if (fn_ != Fn::Einsum && n != 1)
        return fail(DiagCode::E0407, call_.function.range,
                    {"function `" + fn_name() + "` applies to one value", "it has " + operands});
    size_t sides = pattern_.inputs.size();
    if (sides != n)
        return fail(DiagCode::E0407, pattern_.range,
                    {"has " + std::to_string(sides) + (sides == 1 ? " input side" : " input sides"),
                     fn_ == Fn::Einsum ? "the call has " + operands : fn_name() + " applies to one value"});
    // Torch's einsum multiplies tensors of one element type.
    auto shown = [](const Type& t) { return describe_for_message(t, [](const Size&) { return std::nullopt; }); };
    for (size_t i = 1; i < n; ++i)
        if (stored_kind(operands_[i].tensor.element.kind) != stored_kind(operands_[0].tensor.element.kind)) {
            ByteRange at = i >= offset ? call_.operands[i - offset]->range : call_.function.range;
            return fail(DiagCode::E0418, at,
                        {"`einsum`", "tensors of one element type, as torch's does",
                         shown(operands_[0]) + " and " + shown(operands_[i])});
        }
    return true;
}

// ---------------------------------------------------------------- 2. form

bool PatternTyper::check_form() {
    for (const PatternSide& side : pattern_.inputs)
        if (!check_side_form(side, true)) return false;
    if (!check_side_form(pattern_.output, false)) return false;
    // `..s` passes leading axes through, so it is on the output exactly
    // when it is on an input.
    auto starts_variadic = [](const PatternSide& s) {
        return !s.axes.empty() && s.axes[0]->kind == AxisKind::Variadic;
    };
    bool in_input = false;
    for (const PatternSide& side : pattern_.inputs) in_input = in_input || starts_variadic(side);
    bool in_output = starts_variadic(pattern_.output);
    if (in_input != in_output) {
        std::string v = "`.." + variadic_.value_or("s") + "`";
        return fail(DiagCode::E0407, in_output ? pattern_.output.axes[0]->range : pattern_.output.range,
                    {in_output ? "output has " + v : "output " + quoted(pattern_.output.range) + " lacks " + v,
                     std::string(in_output ? "no input side has it" : "an input side has it") +
                         ": it passes the leading axes through, so write it on both sides"});
    }
    return true;
}

bool PatternTyper::check_side_form(const PatternSide& side, bool input) {
    FewNames seen;
    for (size_t idx = 0; idx < side.axes.size(); ++idx) {
        const Axis& axis = *side.axes[idx];
        switch (axis.kind) {
            case AxisKind::Variadic:
                if (idx != 0)
                    return fail(DiagCode::E0407, axis.range,
                                {"side " + quoted(side.range) + " has " + quoted(axis.range) + " after other axes",
                                 "it stands for the leading axes: write it first"});
                if (variadic_ && *variadic_ != axis.name.text)
                    return fail(DiagCode::E0407, axis.range,
                                {"uses `.." + *variadic_ + "` and " + quoted(axis.range),
                                 "a pattern has at most one variadic group"});
                variadic_ = axis.name.text;
                break;
            case AxisKind::Name:
                if (!note_name(axis, side, input, seen)) return false;
                break;
            case AxisKind::Literal:
                if (!check_number(axis, side, input, nullptr)) return false;
                break;
            case AxisKind::Group:
                if (fn_ == Fn::Einsum)
                    return fail(DiagCode::E0407, axis.range,
                                {"side " + quoted(side.range) + " has the group " + quoted(axis.range),
                                 "einsum takes single names: rearrange before or after it"});
                for (const auto& member : axis.children) {
                    if (member->kind == AxisKind::Name) {
                        if (!note_name(*member, side, input, seen)) return false;
                    } else if (member->kind == AxisKind::Literal) {
                        if (!check_number(*member, side, input, &axis)) return false;
                    } else {
                        std::string why = member->kind == AxisKind::Variadic
                                              ? "it stands for whole axes, never a factor"
                                          : member->kind == AxisKind::Group ? "groups don't nest"
                                                                            : "a group holds names and numbers";
                        return fail(DiagCode::E0407, member->range,
                                    {"group " + quoted(axis.range) + " holds " + quoted(member->range), why});
                    }
                }
                break;
            default:  // `3*D`, `16gh`, `?k`: sizes belong in types, not patterns
                return fail(DiagCode::E0407, axis.range,
                            {"axis " + quoted(axis.range) + " is a size expression",
                             "a pattern axis is a name, a number or a group `( )` of them"});
        }
    }
    return true;
}

// Each name is one axis of a side (einops); only einsum's inputs may repeat
// one, which takes a diagonal.
bool PatternTyper::note_name(const Axis& axis, const PatternSide& side, bool input, FewNames& seen) {
    const std::string& name = axis.name.text;
    if (!seen.insert(name) && !(input && fn_ == Fn::Einsum))
        return fail(DiagCode::E0407, axis.range,
                    {std::string(input ? "side " : "output ") + quoted(side.range) + " names `" + name + "` twice",
                     std::string("each name is one axis") + (input ? "; only einsum takes a diagonal" : "")});
    if (!input) {
        output_names_.insert(name);
    } else if (input_names_.insert(name)) {
        input_order_.push_back(&axis);
    }
    return true;
}

bool PatternTyper::check_number(const Axis& axis, const PatternSide& side, bool input, const Axis* group) {
    if (!axis.value || *axis.value < 1)
        return fail(DiagCode::E0407, axis.range,
                    {"axis " + quoted(axis.range) + " is " + (axis.value ? std::to_string(*axis.value) : "too large"),
                     "a number in a pattern is a size of at least 1"});
    if (fn_ == Fn::Einsum)
        return fail(DiagCode::E0407, axis.range,
                    {std::string(input ? "side " : "output ") + quoted(side.range) + " has the number " +
                         quoted(axis.range),
                     "einsum takes names only"});
    // A number other than 1 on an input is an axis without a name: split's
    // count, or an axis reduce reduces over (check_kept refuses the rest).
    if (input && *axis.value > 1) anonymous_.emplace_back(&axis, group);
    return true;
}

// ----------------------------------------------------------- 3. arguments

bool PatternTyper::check_arguments() {
    const ast::Argument* reduction = nullptr;
    for (const ast::Argument& arg : call_.arguments) {
        if (!arg.keyword) {
            if (fn_ == Fn::Reduce && !reduction) {
                reduction = &arg;
                continue;
            }
            return fail(DiagCode::E0415, arg.range,
                        {fn_ == Fn::Reduce
                             ? "reduce takes one reduction after the pattern, then axis sizes such as `h=16`"
                             : fn_name() + " takes a pattern and, optionally, axis sizes such as `h=16`",
                         quoted(arg.range)});
        }
        // `h=16`, `h=P` (a dim) or `h=n` (an axis of the signature, a number
        // in the body): the size of a pattern axis, as einops takes it.
        const std::string& name = arg.keyword->text;
        std::optional<Size> length;
        if (auto* literal = arg.value ? std::get_if<ast::IntLiteral>(&arg.value->node) : nullptr) {
            if (literal->value && *literal->value >= 1) length = Size::constant(*literal->value);
        } else if (auto* size = arg.value ? std::get_if<ast::NameExpr>(&arg.value->node) : nullptr) {
            if (auto dim = ctx_.dim_value_of(size->name.text, size->name.range)) length = Size::constant(*dim);
            else if (ctx_.dim_in_error(size->name.text)) return false;
            else if (auto generic = ctx_.generic_axis(size->name.text, size->name.range))
                length = Size::symbol(*generic);
        }
        if (!length)
            return fail(DiagCode::E0415, arg.range,
                        {"an axis size is a whole number of at least 1, a dim or an axis of the signature, such as "
                         "`h=16`",
                         quoted(arg.range)});
        if (!input_names_.count(name) && !output_names_.count(name))
            return fail(DiagCode::E0415, arg.keyword->range,
                        {"an axis size names an axis of the pattern, such as `h=16` for `(h w)`",
                         "`" + name + "`, which the pattern doesn't have"});
        // A dim's size is fixed: `E=E` (einops' `e=E`) says it again, which
        // binds nothing; any other size is a mistake.
        if (auto fixed = ctx_.dim_value_of(name, arg.keyword->range)) {
            if (*length == Size::constant(*fixed)) continue;
            return fail(DiagCode::E0415, arg.range,
                        {"the size of a dim's axis is the dim's, " + std::to_string(*fixed),
                         quoted(arg.range) + ", a dim"});
        }
        if (!sizes_.emplace(name, *length).second)
            return fail(DiagCode::E0415, arg.range, {"each axis size is given once", "`" + name + "` twice"});
        bound_[name] = Binding{*length, arg.range, Binding::From::Argument, "", arg.range};
    }
    if (fn_ != Fn::Reduce) return true;
    const std::string expected = "reduce takes its reduction after the pattern: mean, sum, max, min or prod";
    if (!reduction) return fail(DiagCode::E0415, call_.function.range, {expected, "none"});
    auto* name = reduction->value ? std::get_if<ast::NameExpr>(&reduction->value->node) : nullptr;
    for (std::string_view r : syntax::kReducers)
        if (name && name->name.text == r) {
            reduction_ = r;
            return true;
        }
    return fail(DiagCode::E0415, reduction->range, {expected, quoted(reduction->range)});
}

// --------------------------------------------------------------- 4. split

bool PatternTyper::check_split_count() {
    if (fn_ != Fn::Split) return true;
    if (anonymous_.size() != 1) {
        std::string found = "none";
        ByteRange at = pattern_.inputs[0].range;
        if (!anonymous_.empty()) {
            found = std::to_string(anonymous_.size()) + " numbers:";
            for (auto [number, group] : anonymous_) found += " " + quoted(number->range);
            at = anonymous_[1].first->range;
        }
        return fail(DiagCode::E0414, at, {found});
    }
    split_count_ = *anonymous_[0].first->value;
    if (split_count_ > kMaxSplit)
        return fail(DiagCode::E0414, anonymous_[0].first->range,
                    {quoted(anonymous_[0].first->range) + ", more than the " + std::to_string(kMaxSplit) +
                     " results a split can make"});
    return true;
}

// ---------------------------------------------------------- 5. the inputs

bool PatternTyper::bind_side(size_t i) {
    const PatternSide& side = pattern_.inputs[i];
    const TensorType& t = operands_[i].tensor;
    bool side_variadic = !side.axes.empty() && side.axes[0]->kind == AxisKind::Variadic;
    size_t named = side.axes.size() - (side_variadic ? 1 : 0);
    size_t n = t.axes.size();
    std::optional<size_t> operand_variadic;
    for (size_t q = 0; q < n && !operand_variadic; ++q)
        if (t.axes[q].variadic) operand_variadic = q;
    std::string value = operand_phrase(i) + " has ";
    std::string listed = " `[" + axes_text(t.axes) + "]`";

    size_t lead = 0;  // operand axes that `..s` stands for
    if (!side_variadic) {
        if (operand_variadic)
            return fail(DiagCode::E0407, side.range,
                        {"side " + quoted(side.range) + " has " + count_axes(named),
                         value + "any number of axes" + listed + "; start the side with `.." +
                             t.axes[*operand_variadic].name.value_or("s") + "` for them"});
        if (named != n)
            return fail(DiagCode::E0407, side.range,
                        {"side " + quoted(side.range) + " has " + count_axes(named), value + count_axes(n) + listed});
    } else {
        // The operand's own `..s` must fall among the leading axes.
        size_t after = operand_variadic ? n - *operand_variadic - 1 : n;
        if (named > after)
            return fail(DiagCode::E0407, side.range,
                        {"side " + quoted(side.range) + " has " + count_axes(named) + " after " +
                             quoted(side.axes[0]->range),
                         value +
                             (operand_variadic ? count_axes(after) + " after its `.." +
                                                     t.axes[*operand_variadic].name.value_or("s") + "`"
                                               : "only " + count_axes(n)) +
                             listed});
        lead = n - named;
        if (!bind_passthrough(side, t, lead)) return false;
    }

    // Where operand 1's distribution axis goes (see result_element).
    const std::string& over = operands_[0].tensor.element.over;
    for (size_t q = 0; i == 0 && !over.empty() && q < lead; ++q)
        if (t.axes[q].name == over) over_name_ = over;

    for (size_t j = 0; j < named; ++j) {
        const Axis& axis = *side.axes[j + (side_variadic ? 1 : 0)];
        size_t p = lead + j;
        bool ok = true;
        if (axis.kind == AxisKind::Name) {
            ok = bind_name(axis, t, p, i);
        } else if (axis.kind == AxisKind::Group) {
            ok = bind_group(axis, t, p, i);
        } else if (axis.kind == AxisKind::Literal && !(t.axes[p].size == Size::constant(*axis.value))) {
            ok = fail(DiagCode::E0407, axis.range,
                      {"axis " + quoted(axis.range) + " has size " + std::to_string(*axis.value),
                       "axis " + std::to_string(p + 1) + " of " + operand_phrase(i) + " is " +
                           shown(t.axes[p].written, t.axes[p].size)});
        }
        if (!ok) return false;
    }
    return true;
}

// `..s` stands for the same axes wherever it appears (einsum may have it on
// several inputs).
bool PatternTyper::bind_passthrough(const PatternSide& side, const TensorType& t, size_t lead) {
    std::vector<AxisType> axes(t.axes.begin(), t.axes.begin() + static_cast<std::ptrdiff_t>(lead));
    ByteRange at = side.axes[0]->range;
    if (!passthrough_) {
        passthrough_ = std::move(axes);
        passthrough_at_ = at;
        return true;
    }
    bool same = passthrough_->size() == axes.size();
    for (size_t k = 0; same && k < axes.size(); ++k) {
        const AxisType& a = axes[k];
        const AxisType& b = (*passthrough_)[k];
        same = a.variadic == b.variadic && (a.variadic ? a.name == b.name : a.size == b.size);
    }
    if (same) return true;
    auto list = [](const std::vector<AxisType>& v) {
        return v.empty() ? std::string("no axes") : "`" + axes_text(v) + "`";
    };
    return fail(DiagCode::E0409, at,
                {".." + *variadic_, "it is " + list(axes) + " here",
                 "it is " + list(*passthrough_) + " where the pattern first names it"},
                {{passthrough_at_, "`.." + *variadic_ + "` first stands for " + list(*passthrough_) + " here"}});
}

// E0408: a pattern may rename an axis, but never to a name the operand has
// for another of its axes: that would swap axes silently.
bool PatternTyper::not_another_axis(const Axis& axis, const TensorType& t, size_t p, size_t i,
                                    const std::string& which) {
    const std::string& name = axis.name.text;
    if (t.axes[p].name == name) return true;
    for (size_t q = 0; q < t.axes.size(); ++q) {
        const AxisType& other = t.axes[q];
        if (q == p || other.variadic || other.name != name) continue;
        std::vector<RelatedInfo> related;
        if (other.origin.begin != other.origin.end)
            related.push_back({other.origin, "axis " + std::to_string(q + 1) + " gets the name `" + name + "` here"});
        return fail(DiagCode::E0408, axis.range,
                    {which, name, std::to_string(q + 1), operand_phrase(i), axes_text(t.axes)}, std::move(related),
                    side_as_operand(i, t));
    }
    return true;
}

bool PatternTyper::bind_name(const Axis& axis, const TensorType& t, size_t p, size_t i) {
    const std::string& name = axis.name.text;
    const AxisType& a = t.axes[p];
    if (ctx_.dim_in_error(name)) return false;  // its error is the one mistake
    if (!not_another_axis(axis, t, p, i, "axis " + std::to_string(p + 1))) return false;
    const std::string& over = operands_[0].tensor.element.over;
    if (i == 0 && !over.empty() && a.name == over) over_name_ = name;

    auto here = [&] { return "it is " + shown(a.written, a.size) + " here"; };
    if (auto dim = ctx_.dim_value_of(name, axis.range); dim && !(a.size == Size::constant(*dim)))
        return fail(DiagCode::E0409, axis.range, {name, here(), "the dim `" + name + "` is " + std::to_string(*dim)});
    std::optional<std::string> operand_dim =
        a.name && !a.variadic ? ctx_.dim_named(*a.name, a.size) : std::optional<std::string>{};
    // The dim E where the operand has the dim D, of the same size: not a
    // rename, another axis (docs/types.md, "Names mean what they say"). The
    // operand's own name at its size is its own dim: not looked up again.
    if (operand_dim && name != *a.name)
        if (auto written_dim = ctx_.dim_named(name, a.size); written_dim && *written_dim != *operand_dim)
            return fail(DiagCode::E0424, axis.range,
                        {"axis " + std::to_string(p + 1), name, operand_phrase(i), *operand_dim, axes_text(t.axes)}, {},
                        side_as_operand(i, t));
    auto it = bound_.find(name);
    if (it == bound_.end()) {
        bound_[name] = Binding{a.size, axis.range, Binding::From::FirstNamed, a.written, {}, operand_dim};
    } else if (!(a.size == it->second.size)) {
        return fail(DiagCode::E0409, axis.range, {name, here(), source_of(it->second)},
                    {{it->second.at, "`" + name + "` gets its size here"}});
    } else if (operand_dim && it->second.dim && *operand_dim != *it->second.dim) {
        // `einsum(x, w: n d, d o -> n o)` of a `[3 D]` and an `[E 5]`: one
        // pattern name for two dims of one size would make them one axis.
        return fail(DiagCode::E0424, axis.range,
                    {"axis " + std::to_string(p + 1), name, operand_phrase(i), *operand_dim, axes_text(t.axes)},
                    {{it->second.at, "`" + name + "` is the dim `" + *it->second.dim + "` here"}});
    }
    return true;
}

// A group stands for one axis of the operand, its size the product of the
// group's factors. The known factors (numbers, dims, sizes given as `h=16`)
// must divide it exactly, and at most one factor may be unknown: it gets the
// quotient. Sizes are only proven equal, never assumed.
bool PatternTyper::bind_group(const Axis& group, const TensorType& t, size_t p, size_t i) {
    const AxisType& a = t.axes[p];
    // `(T b)` against a value's `(b T)`: the same factors in another order,
    // which einops splits as written, scrambling the values (E0426).
    AxisType written_group;
    written_group.factors = group_factors(group);
    if (reordered_group(written_group, a)) {
        std::string order = group_text(a);
        std::vector<Fix> fixes{
            Fix{"Write the factors in the value's order: `" + order + "`", {FixEdit{group.range, order}}}};
        return fail(DiagCode::E0426, group.range, {text(group.range), operand_phrase(i), order}, {}, std::move(fixes));
    }
    Size known = Size::constant(1);
    std::vector<std::string> factors;
    std::vector<const Axis*> unknown;
    for (const auto& member : group.children) {
        if (member->kind == AxisKind::Literal) {
            known = known * Size::constant(*member->value);
            factors.push_back(std::to_string(*member->value));
            continue;
        }
        const std::string& name = member->name.text;
        if (ctx_.dim_in_error(name)) return false;  // its error is the one mistake
        if (!not_another_axis(*member, t, p, i, "a factor of axis " + std::to_string(p + 1))) return false;
        if (auto dim = ctx_.dim_value_of(name, member->range)) {
            bound_.emplace(name, Binding{Size::constant(*dim), member->range, Binding::From::Dim, name, {}});
            known = known * Size::constant(*dim);
            factors.push_back(std::to_string(*dim));
        } else if (auto it = bound_.find(name); it != bound_.end()) {
            known = known * it->second.size;
            factors.push_back(ctx_.show(it->second.size));
        } else {
            unknown.push_back(member.get());
        }
    }
    std::string product;
    for (const std::string& f : factors) product += (product.empty() ? "" : "*") + f;
    if (factors.size() > 1) product += " = " + ctx_.show(known);
    if (factors.empty()) product = "1";
    std::vector<std::string> args = {text(group.range), shown(a.written, a.size)};

    // Two unknowns or more: a factor named after a generic axis of the
    // signature has that size (`(h p)` against `[b (h 4)]` gives p = 4), when
    // that leaves one unknown whose quotient is proven exact. Only then: an
    // einops pattern's names are its own, so a name matching the signature
    // by chance must not refuse a pattern einops takes. The code generator
    // passes those sizes to einops by the same rule (codegen/patterns.cpp).
    if (unknown.size() >= 2) {
        Size with_generics = known;
        std::vector<std::pair<const Axis*, SymbolId>> generic;
        std::vector<const Axis*> left;
        for (const Axis* u : unknown)
            if (auto id = ctx_.readable_generic_axis(u->name.text, u->range)) {
                with_generics = with_generics * Size::symbol(*id);
                generic.emplace_back(u, *id);
            } else {
                left.push_back(u);
            }
        std::optional<Size> solved = left.size() == 1 ? a.size.divide_exact(with_generics) : std::nullopt;
        if (solved || (left.empty() && a.size == with_generics)) {
            for (auto [u, id] : generic)
                bound_[u->name.text] = Binding{Size::symbol(id), u->range, Binding::From::FirstNamed, u->name.text, {}};
            if (solved)
                bound_[left[0]->name.text] = Binding{*solved, left[0]->range, Binding::From::Quotient, "", group.range};
            return true;
        }
    }
    if (unknown.size() >= 2) {
        std::string names;
        for (size_t k = 0; k < unknown.size(); ++k)
            names += (k == 0 ? "" : k + 1 == unknown.size() ? " and " : ", ") + quoted(unknown[k]->range);
        args.push_back(
            names + " have no size, so it can't be solved; give all but one a size: a dim, or an argument such as `" +
            unknown[0]->name.text + "=16`");
        return fail(DiagCode::E0405, group.range, args);
    }
    if (unknown.empty()) {
        if (a.size == known) return true;
        args.push_back("the group is " + product);
        return fail(DiagCode::E0405, group.range, args);
    }
    // Over symbols too: `(b gh gw)` with b and gh known against b*gh*gw.
    std::optional<Size> quotient = a.size.divide_exact(known);
    if (!quotient) {
        args.push_back(known.as_constant() ? "its other factors, " + product + ", don't divide it exactly"
                                           : "its other factors, " + product + ", aren't proven to divide it, so " +
                                                 quoted(unknown[0]->range) + " can't be solved; give it a size");
        return fail(DiagCode::E0405, group.range, args);
    }
    bound_[unknown[0]->name.text] = Binding{*quotient, unknown[0]->range, Binding::From::Quotient, "", group.range};
    return true;
}

// -------------------------------------------------------------- 6. output

// rearrange, split and repeat move and copy data but never lose an axis.
bool PatternTyper::check_kept() {
    if (fn_ == Fn::Reduce || fn_ == Fn::Einsum) return true;
    std::string hint = fn_ == Fn::Rearrange
                           ? "to reduce over it, write `reduce(" + text(pattern_.range) + ", sum)` or another reduction"
                       : fn_ == Fn::Split ? "reduce it before the split, or keep it in the output"
                                          : "repeat only adds axes: reduce it first";
    std::vector<const Axis*> dropped;
    for (const Axis* axis : input_order_)
        if (!output_names_.count(axis->name.text)) dropped.push_back(axis);
    if (!dropped.empty()) {
        // One name dropped and one added is a rename written on the wrong
        // side: the input side names the value's axes (a dim's axis not by
        // another dim's name, E0424).
        std::vector<std::string> added;
        for (std::string_view name : output_names_.sorted())
            if (!input_names_.count(name)) added.emplace_back(name);
        const Axis& gone = *dropped[0];
        if (fn_ == Fn::Rearrange && dropped.size() == 1 && added.size() == 1 &&
            !(bound_.count(gone.name.text) && bound_.at(gone.name.text).dim &&
              ctx_.dim_value_of(added[0], gone.range))) {
            std::string whole = text(pattern_.range);
            size_t at = gone.range.begin - pattern_.range.begin;
            size_t length = gone.range.end - gone.range.begin;
            // Only an axis written inside the pattern's text can be renamed
            // in it (a pattern cut short by a syntax error may not hold it).
            if (gone.range.begin >= pattern_.range.begin && at + length <= whole.size()) {
                std::string renamed = whole.substr(0, at) + added[0] + whole.substr(at + length);
                hint = "to call it `" + added[0] + "`, name it so on the input side: `rearrange(" + renamed + ")`";
            }
        }
        return fail(DiagCode::E0413, gone.range, {fn_name(), "drops " + quoted(gone.range), hint});
    }
    if (fn_ == Fn::Split) return true;  // its one number is the count
    if (anonymous_.empty()) return true;
    auto [number, group] = anonymous_[0];
    return fail(DiagCode::E0413, number->range,
                {fn_name(), "drops the factor " + quoted(number->range) + (group ? " of " + quoted(group->range) : ""),
                 fn_ == Fn::Rearrange ? "name the factor and keep it, or use split to make one result per part"
                                      : "name the factor and keep it in the output"});
}

std::optional<std::vector<AxisType>> PatternTyper::output_axes() {
    std::vector<AxisType> out;
    out.reserve(pattern_.output.axes.size());
    for (const auto& axis : pattern_.output.axes) {
        AxisType a;
        a.written = text(axis->range);
        a.factors = group_factors(*axis);
        a.origin = axis->range;  // where the result's axis gets its name
        if (axis->kind == AxisKind::Variadic) {
            if (passthrough_) out.insert(out.end(), passthrough_->begin(), passthrough_->end());
            continue;
        }
        if (axis->kind == AxisKind::Name) {
            auto size = output_size(*axis);
            if (!size) return std::nullopt;
            a.name = ctx_.axis_spelling(axis->name.text);
            a.size = *size;
            // A name given to an operand's dim axis (`c` for C) is still that dim.
            if (auto it = bound_.find(axis->name.text);
                it != bound_.end() && it->second.dim && *it->second.dim != axis->name.text)
                a.dim = it->second.dim;
        } else if (axis->kind == AxisKind::Literal) {
            if (!output_number_allowed(*axis)) return std::nullopt;
            a.size = Size::constant(*axis->value);
        } else {  // a group: an axis of the product's size, without a name
            a.size = Size::constant(1);
            for (const auto& member : axis->children) {
                std::optional<Size> size;
                if (member->kind == AxisKind::Name) size = output_size(*member);
                else if (output_number_allowed(*member)) size = Size::constant(*member->value);
                if (!size) return std::nullopt;
                a.size = a.size * *size;
            }
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::optional<Size> PatternTyper::output_size(const Axis& axis) {
    const std::string& name = axis.name.text;
    auto dim = ctx_.dim_value_of(name, axis.range);  // also records the reference
    if (ctx_.dim_in_error(name)) return std::nullopt;
    if (input_names_.count(name)) {
        auto it = bound_.find(name);
        if (it != bound_.end()) return it->second.size;
        return std::nullopt;  // not reached: every input name is bound by now
    }
    if (fn_ == Fn::Repeat) {
        if (dim) return Size::constant(*dim);
        if (auto it = sizes_.find(name); it != sizes_.end()) return it->second;
        if (auto generic = ctx_.generic_axis(name, axis.range)) return Size::symbol(*generic);
    }
    if (fn_ == Fn::Rearrange || fn_ == Fn::Split) {
        std::string hint = "to add an axis, write `repeat(" + text(pattern_.range) + ")`";
        if (!dim) hint += " with `" + name + "` a dim or an argument such as `" + name + "=4`";
        if (fn_ == Fn::Split) hint = "repeat before or after the split";
        fail(DiagCode::E0413, axis.range, {fn_name(), "adds `" + name + "`", hint});
        return std::nullopt;
    }
    std::string why = fn_ == Fn::Repeat ? "it is not an axis of the input, and a new axis of repeat takes its size "
                                          "from a dim, a generic axis of the signature or an argument such as `" +
                                              name + "=4`"
                      : fn_ == Fn::Reduce ? "it is not an axis of reduce's input, and reduce only removes axes"
                                          : "it is not an axis of any of einsum's inputs";
    fail(DiagCode::E0412, axis.range, {name, why});
    return std::nullopt;
}

// `1` adds an axis of size 1 anywhere (einops); other numbers only in repeat.
bool PatternTyper::output_number_allowed(const Axis& axis) {
    if (*axis.value == 1 || fn_ == Fn::Repeat) return true;
    if (fn_ == Fn::Reduce)
        return fail(DiagCode::E0407, axis.range,
                    {"output axis " + quoted(axis.range) + " has size " + std::to_string(*axis.value),
                     "reduce only removes axes; `1` is the one number its output may have"});
    return fail(DiagCode::E0413, axis.range,
                {fn_name(), "adds the number " + quoted(axis.range),
                 fn_ == Fn::Split ? "repeat before or after the split" : "to add an axis, use repeat"});
}

// --------------------------------------------------------------- 7. element

// The element of operand 1. A distribution (`Logit over V`) stays one only
// while its axis is still an axis of the result, under the name the pattern
// gave it; otherwise the values are plain floats.
Element PatternTyper::result_element(const std::vector<AxisType>& axes) const {
    Element element = operands_[0].tensor.element;
    // A reduce of Masks or integers, as torch's: a sum or a product counts
    // (i64, an Index's bound gone), a mean is a fraction (f32; the generated
    // code casts first), max and min keep the element.
    bool integral = element.kind == ElementKind::Mask || element.kind == ElementKind::I32 ||
                    element.kind == ElementKind::I64 || element.kind == ElementKind::Index;
    if (fn_ == Fn::Reduce && integral && (reduction_ == "sum" || reduction_ == "prod"))
        return Element{ElementKind::I64, std::nullopt, "", "", true};
    if (fn_ == Fn::Reduce && integral && reduction_ == "mean") return Element{};
    if (element.over.empty()) return element;
    if (over_name_)
        for (const AxisType& a : axes)
            if (!a.variadic && a.name == *over_name_) {
                element.over = *over_name_;
                return element;
            }
    return Element{};
}

}  // namespace

Type check_pattern_call(const ast::PatternCall& call, const std::vector<Type>& operands, CheckContext& ctx) {
    return PatternTyper(call, operands, ctx).run();
}

}  // namespace ss::check
