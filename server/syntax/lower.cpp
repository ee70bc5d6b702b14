#include "syntax/lower.hpp"

#include <charconv>
#include <cstdlib>
#include <deque>
#include <string>
#include <thread>

#include "syntax/node_kinds.hpp"

namespace ss::syntax {

namespace {

using namespace ast;

// Walks the concrete tree once, top-down. Every function accepts a null
// node (an absent optional field) and any unexpected node type, producing
// error nodes instead of failing.
class Lowerer {
public:
    explicit Lowerer(const ChunkView& chunk) : chunk_(chunk), k_(NodeKinds::get()) {}
    ~Lowerer() {
        for (TSTreeCursor& cursor : cursors_) ts_tree_cursor_delete(&cursor);
    }
    Lowerer(const Lowerer&) = delete;
    Lowerer& operator=(const Lowerer&) = delete;

    // Appends the chunk's items to `out`.
    void lower_into(File& out) {
        for_each_named_child(chunk_.root, [&](TSNode child) { lower_item_into(child, out.items); });
        if (too_deep_) out.too_deep.push_back(*too_deep_);
        out.positional_after_keyword.insert(out.positional_after_keyword.end(), positional_after_keyword_.begin(),
                                            positional_after_keyword_.end());
    }

private:
    // Lowering recurses; beyond this depth a subtree becomes an error node,
    // so a machine-made line like `1+1+...+1` can't overflow the stack.
    static constexpr int kMaxDepth = 2000;

    struct DepthGuard {
        explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
        ~DepthGuard() { --depth_; }
        int& depth_;
    };

    bool too_deep(TSNode node) {
        if (depth_ < kMaxDepth) return false;
        if (!too_deep_) too_deep_ = range_of(node);
        return true;
    }

    // ------------------------------------------------------------ helpers

    // Ranges in the whole source: chunk positions plus the chunk's base.
    Range range_of(TSNode node) const {
        if (ts_node_is_null(node)) return {};
        return chunk_.range(node);
    }

    bool is(TSNode node, TSSymbol symbol) const { return !ts_node_is_null(node) && ts_node_symbol(node) == symbol; }

    std::string text(TSNode node) const { return std::string(chunk_.node_text(node)); }

    // Calls f(child, field id) for each child of `node`. Cursors come from a
    // pool, one per level of nested iteration, so lowering allocates no
    // cursor per node; a cursor walks siblings in O(1) each, where
    // ts_node_named_child(i) would make a 50k-item block quadratic.
    template <class F>
    void for_each_child(TSNode node, F&& f) {
        if (ts_node_is_null(node)) return;
        if (open_cursors_ == cursors_.size()) cursors_.push_back(ts_tree_cursor_new(node));
        else ts_tree_cursor_reset(&cursors_[open_cursors_], node);
        TSTreeCursor* cursor = &cursors_[open_cursors_];  // stable: a deque
        ++open_cursors_;
        if (ts_tree_cursor_goto_first_child(cursor)) {
            do {
                f(ts_tree_cursor_current_node(cursor), ts_tree_cursor_current_field_id(cursor));
            } while (ts_tree_cursor_goto_next_sibling(cursor));
        }
        --open_cursors_;
    }

    // Named children except comments.
    template <class F>
    void for_each_named_child(TSNode node, F&& f) {
        for_each_child(node, [&](TSNode child, TSFieldId) {
            if (ts_node_is_named(child) && ts_node_symbol(child) != k_.comment) f(child);
        });
    }

    // Every child under `field` (fields such as `axis` or `operand` repeat).
    template <class F>
    void for_each_field(TSNode node, TSFieldId field, F&& f) {
        for_each_child(node, [&](TSNode child, TSFieldId id) {
            if (id == field) f(child);
        });
    }

    static TSNode field(TSNode node, TSFieldId id) {
        if (ts_node_is_null(node)) return node;
        return ts_node_child_by_field_id(node, id);
    }

    Name name(TSNode node) const {
        Name out;
        if (ts_node_is_null(node)) return Name{{}, {}, true, {}};
        out.range = range_of(node);
        out.missing = ts_node_is_missing(node);
        if (is(node, k_.qualified_name)) {
            // Its parts joined by dots, whatever spaces the source has.
            uint32_t last_begin = out.range.begin;
            for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
                TSNode part = ts_node_named_child(node, i);
                if (!out.text.empty()) out.text.push_back('.');
                out.text += text(part);
                last_begin = range_of(part).begin;
                if (ts_node_is_missing(part)) out.missing = true;
            }
            out.qualifier = {out.range.begin, last_begin > out.range.begin ? last_begin - 1 : last_begin};
            out.range.begin = last_begin;
        } else if (!out.missing) {
            out.text = text(node);
        }
        return out;
    }

    // A name that is absent altogether gets an empty range at `at`.
    Name name_or_missing(TSNode node, uint32_t at) const {
        if (!ts_node_is_null(node)) return name(node);
        return Name{{}, {at, at}, true, {}};
    }

    static std::optional<int64_t> parse_int(std::string_view digits) {
        std::string clean;
        clean.reserve(digits.size());
        for (char c : digits)
            if (c != '_') clean.push_back(c);
        int64_t value = 0;
        auto [ptr, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), value);
        if (ec != std::errc() || ptr != clean.data() + clean.size()) return std::nullopt;
        return value;
    }

    std::optional<int64_t> int_of(TSNode node) const {
        if (!is(node, k_.integer) || ts_node_is_missing(node)) return std::nullopt;
        return parse_int(chunk_.node_text(node));
    }

    static ExprPtr error_expr(Range range) {
        auto e = std::make_unique<Expr>();
        e->range = range;
        e->node = ErrorExpr{};
        return e;
    }

    // An expression a construct must have: an error node where it's absent.
    ExprPtr required_expr(TSNode node, uint32_t at) {
        if (ts_node_is_null(node)) return error_expr({at, at});
        return expr(node);
    }

    // --------------------------------------------------------------- axes

    AxisPtr axis(TSNode node) {
        DepthGuard guard(depth_);
        auto a = std::make_unique<Axis>();
        a->range = range_of(node);
        if (too_deep(node)) {
            a->kind = AxisKind::Error;
        } else if (is(node, k_.identifier) || is(node, k_.qualified_name)) {
            a->kind = ts_node_is_missing(node) ? AxisKind::Error : AxisKind::Name;
            a->name = name(node);
        } else if (is(node, k_.integer)) {
            a->kind = AxisKind::Literal;
            a->value = int_of(node);
        } else if (is(node, k_.scaled_axis)) {
            // `16gh`: the digits, then the name.
            std::string_view t = chunk_.node_text(node);
            size_t digits = 0;
            while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') ++digits;
            a->kind = AxisKind::Scaled;
            a->value = parse_int(t.substr(0, digits));
            a->name.text = std::string(t.substr(digits));
            a->name.range = {a->range.begin + static_cast<uint32_t>(digits), a->range.end};
        } else if (is(node, k_.size_binary)) {
            a->kind = AxisKind::Binary;
            std::string_view op = chunk_.node_text(field(node, k_.f_operator));
            a->op = op.empty() ? '?' : op[0];
            a->children.push_back(axis(field(node, k_.f_left)));
            a->children.push_back(axis(field(node, k_.f_right)));
        } else if (is(node, k_.axis_group)) {
            a->kind = AxisKind::Group;
            for_each_field(node, k_.f_axis, [&](TSNode child) { a->children.push_back(axis(child)); });
        } else if (is(node, k_.unknown_axis)) {
            a->kind = AxisKind::Unknown;
            a->name = name_or_missing(field(node, k_.f_name), a->range.end);
        } else if (is(node, k_.variadic_axis)) {
            a->kind = AxisKind::Variadic;
            a->name = name_or_missing(field(node, k_.f_name), a->range.end);
        } else {
            a->kind = AxisKind::Error;
        }
        return a;
    }

    std::vector<AxisPtr> axes_of(TSNode node) {
        std::vector<AxisPtr> out;
        for_each_field(node, k_.f_axis, [&](TSNode child) { out.push_back(axis(child)); });
        return out;
    }

    // -------------------------------------------------------------- types

    NamedType named_type(TSNode node) {
        NamedType t;
        t.name = name_or_missing(field(node, k_.f_name), range_of(node).begin);
        TSNode args = field(node, k_.f_arguments);
        for_each_named_child(args, [&](TSNode arg) {
            TypeArgument a;
            a.range = range_of(arg);
            if (is(arg, k_.integer)) a.literal = int_of(arg);
            else a.type = type(arg);
            t.arguments.push_back(std::move(a));
        });
        TSNode over = field(node, k_.f_over);
        if (!ts_node_is_null(over)) t.over = name(over);
        return t;
    }

    TypePtr type(TSNode node) {
        if (ts_node_is_null(node)) return nullptr;
        DepthGuard guard(depth_);
        auto t = std::make_unique<Type>();
        t->range = range_of(node);
        if (too_deep(node)) {
            t->node = ErrorType{};
        } else if (is(node, k_.tensor_type)) {
            TensorType tensor;
            tensor.axes = axes_of(node);
            TSNode element = field(node, k_.f_element);
            if (!ts_node_is_null(element)) {
                tensor.element = std::make_unique<NamedType>(named_type(element));
                tensor.element_range = range_of(element);
            }
            t->node = std::move(tensor);
        } else if (is(node, k_.named_type)) {
            t->node = named_type(node);
        } else if (is(node, k_.tuple_type)) {
            TupleType tuple;
            for_each_named_child(node, [&](TSNode child) { tuple.elements.push_back(type(child)); });
            t->node = std::move(tuple);
        } else {
            t->node = ErrorType{};
        }
        return t;
    }

    // -------------------------------------------------------- expressions

    std::vector<Argument> arguments(TSNode list) {
        std::vector<Argument> out;
        for_each_named_child(list, [&](TSNode child) { out.push_back(argument(child)); });
        note_order(out);
        return out;
    }

    // Python takes no argument by position after one by name (a
    // SyntaxError): each such one is E0012.
    void note_order(const std::vector<Argument>& list) {
        bool named = false;
        for (const Argument& a : list) {
            if (a.keyword) named = true;
            else if (named) positional_after_keyword_.push_back(a.range);
        }
    }

    Argument argument(TSNode node) {
        Argument a;
        a.range = range_of(node);
        if (is(node, k_.keyword_argument)) {
            a.keyword = name(field(node, k_.f_name));
            a.value = required_expr(field(node, k_.f_value), a.range.end);
        } else {
            a.value = expr(node);
        }
        return a;
    }

    Index index(TSNode node) {
        Index i;
        i.range = range_of(node);
        if (is(node, k_.named_index)) {
            i.axis = name(field(node, k_.f_axis));
            i.value = required_expr(field(node, k_.f_index), i.range.end);
        } else {
            i.value = expr(node);
        }
        return i;
    }

    PatternSide pattern_side(TSNode node) {
        PatternSide side;
        side.range = range_of(node);
        side.axes = axes_of(node);
        return side;
    }

    Pattern pattern(TSNode node) {
        Pattern p;
        p.range = range_of(node);
        for_each_field(node, k_.f_input, [&](TSNode side) { p.inputs.push_back(pattern_side(side)); });
        TSNode output = field(node, k_.f_output);
        if (ts_node_is_null(output)) p.output.range = {p.range.end, p.range.end};
        else p.output = pattern_side(output);
        return p;
    }

    static std::string unescape(std::string_view quoted) {
        std::string out;
        if (quoted.size() < 2) return out;
        std::string_view body = quoted.substr(1, quoted.size() - 2);
        for (size_t i = 0; i < body.size(); ++i) {
            char c = body[i];
            if (c != '\\' || i + 1 == body.size()) {
                out.push_back(c);
                continue;
            }
            char next = body[++i];
            switch (next) {
                case 'n': out.push_back('\n'); break;
                case 't': out.push_back('\t'); break;
                case 'r': out.push_back('\r'); break;
                case '0': out.push_back('\0'); break;
                case '\\': out.push_back('\\'); break;
                case '"': out.push_back('"'); break;
                default:
                    out.push_back('\\');
                    out.push_back(next);
                    break;
            }
        }
        return out;
    }

    ExprPtr binary(TSNode node, uint32_t at) {
        TSNode op = field(node, k_.f_operator);
        Binary b;
        b.op = text(op);
        b.op_range = range_of(op);
        b.left = required_expr(field(node, k_.f_left), at);
        b.right = required_expr(field(node, k_.f_right), range_of(node).end);
        auto e = std::make_unique<Expr>();
        e->node = std::move(b);
        return e;
    }

    ExprPtr expr(TSNode node) {
        Range r = range_of(node);
        if (ts_node_is_null(node)) return error_expr(r);
        DepthGuard guard(depth_);
        if (too_deep(node)) return error_expr(r);
        // Parentheses only group; the AST keeps what they hold.
        if (is(node, k_.parenthesized_expression)) {
            TSNode inner = ts_node_named_child(node, 0);
            while (!ts_node_is_null(inner) && is(inner, k_.comment)) inner = ts_node_next_named_sibling(inner);
            return required_expr(inner, r.begin);
        }
        ExprPtr e;
        if (is(node, k_.binary_operator) || is(node, k_.comparison_operator) || is(node, k_.boolean_operator)) {
            e = binary(node, r.begin);
        } else {
            e = std::make_unique<Expr>();
            e->node = expr_node(node, r);
        }
        e->range = r;
        return e;
    }

    decltype(Expr::node) expr_node(TSNode node, Range r) {
        if (is(node, k_.identifier)) {
            if (ts_node_is_missing(node)) return ErrorExpr{};
            return NameExpr{name(node)};
        }
        if (is(node, k_.integer)) return IntLiteral{int_of(node)};
        if (is(node, k_.float_)) {
            std::string t;
            for (char c : chunk_.node_text(node))
                if (c != '_') t.push_back(c);
            return FloatLiteral{std::strtod(t.c_str(), nullptr)};
        }
        if (is(node, k_.string)) return StringLiteral{unescape(chunk_.node_text(node))};
        if (is(node, k_.true_)) return BoolLiteral{true};
        if (is(node, k_.false_)) return BoolLiteral{false};
        if (is(node, k_.inf)) return InfLiteral{};
        if (is(node, k_.unary_operator))
            return Unary{text(field(node, k_.f_operator)), required_expr(field(node, k_.f_argument), r.end)};
        if (is(node, k_.not_operator)) return Unary{"not", required_expr(field(node, k_.f_argument), r.end)};
        if (is(node, k_.range_expression))
            return RangeExpr{required_expr(field(node, k_.f_start), r.begin),
                             required_expr(field(node, k_.f_end), r.end)};
        if (is(node, k_.slice)) {
            TSNode start = field(node, k_.f_start), end = field(node, k_.f_end);
            return RangeExpr{ts_node_is_null(start) ? nullptr : expr(start),
                             ts_node_is_null(end) ? nullptr : expr(end)};
        }
        if (is(node, k_.pipe_expression))
            return Pipe{required_expr(field(node, k_.f_left), r.begin), required_expr(field(node, k_.f_right), r.end)};
        if (is(node, k_.as_expression)) {
            auto t = type(field(node, k_.f_type));
            if (!t) {
                t = std::make_unique<Type>();
                t->range = {r.end, r.end};
                t->node = ErrorType{};
            }
            return As{required_expr(field(node, k_.f_value), r.begin), std::move(t)};
        }
        if (is(node, k_.call)) {
            TSNode args = field(node, k_.f_arguments);
            return Call{required_expr(field(node, k_.f_function), r.begin), arguments(args), range_of(args)};
        }
        if (is(node, k_.attribute))
            return Attribute{required_expr(field(node, k_.f_object), r.begin),
                             name_or_missing(field(node, k_.f_attribute), r.end)};
        if (is(node, k_.subscript)) {
            Subscript s{required_expr(field(node, k_.f_value), r.begin), {}};
            for_each_field(node, k_.f_index, [&](TSNode child) { s.indices.push_back(index(child)); });
            return s;
        }
        if (is(node, k_.tuple_expression) || is(node, k_.expression_list)) {
            TupleExpr t;
            for_each_named_child(node, [&](TSNode child) { t.elements.push_back(expr(child)); });
            return t;
        }
        if (is(node, k_.list_expression)) {
            ListExpr l;
            for_each_named_child(node, [&](TSNode child) { l.elements.push_back(expr(child)); });
            return l;
        }
        if (is(node, k_.pattern_call)) {
            auto call = std::make_unique<PatternCall>();
            PatternCall& p = *call;
            p.function = name(field(node, k_.f_function));
            for_each_field(node, k_.f_operand, [&](TSNode child) { p.operands.push_back(expr(child)); });
            TSNode pat = field(node, k_.f_pattern);
            if (ts_node_is_null(pat)) p.pattern.range = {r.end, r.end};
            else p.pattern = pattern(pat);
            for_each_field(node, k_.f_argument, [&](TSNode child) { p.arguments.push_back(argument(child)); });
            note_order(p.arguments);
            return call;
        }
        if (is(node, k_.shape_call)) {
            // `zeros([b H], ...)`: a call of the name, its tensor type apart.
            TSNode function = field(node, k_.f_function);
            auto callee = std::make_unique<Expr>();
            callee->range = range_of(function);
            callee->node = NameExpr{name(function)};
            std::vector<Argument> args;
            for_each_field(node, k_.f_argument, [&](TSNode child) { args.push_back(argument(child)); });
            note_order(args);
            auto shape = type(field(node, k_.f_shape));
            if (!shape) {
                shape = std::make_unique<Type>();
                shape->range = {callee->range.end, callee->range.end};
                shape->node = ErrorType{};
            }
            Range parenthesised{callee->range.end, r.end};
            return Call{std::move(callee), std::move(args), parenthesised, std::move(shape)};
        }
        if (is(node, k_.causal_mask)) return CausalMask{axes_of(node)};
        return ErrorExpr{};
    }

    // Elements of an `expression_list`, or the one expression.
    std::vector<ExprPtr> expr_list(TSNode node, uint32_t at) {
        std::vector<ExprPtr> out;
        if (is(node, k_.expression_list)) for_each_named_child(node, [&](TSNode child) { out.push_back(expr(child)); });
        else out.push_back(required_expr(node, at));
        return out;
    }

    // --------------------------------------------------------- statements

    Block block(TSNode node, uint32_t at) {
        Block b;
        if (ts_node_is_null(node)) {
            b.range = {at, at};
            return b;
        }
        b.range = range_of(node);
        for_each_named_child(node, [&](TSNode child) { b.statements.push_back(stmt(child)); });
        return b;
    }

    // Whether a statement has a syntax error outside its nested blocks.
    bool own_syntax_error(TSNode node) {
        if (!ts_node_has_error(node)) return false;
        if (is_error_node(node) || ts_node_is_missing(node)) return true;
        bool found = false;
        for_each_child(node, [&](TSNode child, TSFieldId) {
            if (found || is(child, k_.block) || is(child, k_.elif_clause) || is(child, k_.else_clause)) return;
            found = ts_node_has_error(child) || is_error_node(child) || ts_node_is_missing(child);
        });
        return found;
    }

    Stmt stmt(TSNode node) {
        DepthGuard guard(depth_);
        Stmt s;
        s.range = range_of(node);
        s.has_syntax_error = own_syntax_error(node);
        Range r = s.range;
        if (too_deep(node)) {
            s.node = ErrorStmt{};
        } else if (is(node, k_.expression_statement)) {
            TSNode inner = ts_node_named_child(node, 0);
            s.node = ExprStmt{required_expr(inner, r.begin)};
        } else if (is(node, k_.assignment)) {
            ExprPtr value = required_expr(field(node, k_.f_right), r.end);
            s.node = Assign{expr_list(field(node, k_.f_left), r.begin), std::move(value)};
        } else if (is(node, k_.augmented_assignment)) {
            s.node = AugAssign{text(field(node, k_.f_operator)), required_expr(field(node, k_.f_left), r.begin),
                               required_expr(field(node, k_.f_right), r.end)};
        } else if (is(node, k_.return_statement)) {
            TSNode value = field(node, k_.f_value);
            s.node = Return{ts_node_is_null(value) ? nullptr : expr(value)};
        } else if (is(node, k_.if_statement)) {
            If i;
            i.branches.push_back(Branch{r, required_expr(field(node, k_.f_condition), r.begin),
                                        block(field(node, k_.f_consequence), r.end)});
            for_each_field(node, k_.f_alternative, [&](TSNode alt) {
                Range ar = range_of(alt);
                if (is(alt, k_.elif_clause))
                    i.branches.push_back(Branch{ar, required_expr(field(alt, k_.f_condition), ar.begin),
                                                block(field(alt, k_.f_consequence), ar.end)});
                else i.else_body = block(field(alt, k_.f_body), ar.end);
            });
            s.node = std::move(i);
        } else if (is(node, k_.for_statement)) {
            For f;
            TSNode left = field(node, k_.f_left);
            if (is(left, k_.identifier_list))
                for_each_named_child(left, [&](TSNode id) { f.targets.push_back(name(id)); });
            else f.targets.push_back(name_or_missing(left, r.begin));
            f.iterable = required_expr(field(node, k_.f_right), r.begin);
            count_passes(f);
            f.body = block(field(node, k_.f_body), r.end);
            s.node = std::move(f);
        } else {
            s.node = ErrorStmt{};
        }
        return s;
    }

    // Python's `for i, x in enumerate(xs)`: the loop over `xs` with its
    // first target counting the passes (For::counted), so every pass sees
    // the loop it knows (a dataset's batches stay the iterable).
    static void count_passes(For& f) {
        auto* call = f.targets.size() >= 2 ? std::get_if<Call>(&f.iterable->node) : nullptr;
        auto* callee = call ? std::get_if<NameExpr>(&call->callee->node) : nullptr;
        if (!callee || callee->name.text != "enumerate" || call->shape || call->arguments.size() != 1 ||
            call->arguments[0].keyword || !call->arguments[0].value)
            return;
        ExprPtr inner = std::move(call->arguments[0].value);
        f.iterable = std::move(inner);
        f.counted = true;
    }

    // -------------------------------------------------------------- items

    std::vector<Param> params(TSNode list) {
        std::vector<Param> out;
        for_each_named_child(list, [&](TSNode node) {
            if (!is(node, k_.parameter)) return;  // an ERROR inside the list
            Param p;
            p.range = range_of(node);
            p.is_mut = !ts_node_is_null(field(node, k_.f_mut));
            p.name = name_or_missing(field(node, k_.f_name), p.range.begin);
            p.type = type(field(node, k_.f_type));
            TSNode def = field(node, k_.f_default);
            if (!ts_node_is_null(def)) p.default_value = expr(def);
            out.push_back(std::move(p));
        });
        return out;
    }

    DottedName dotted(TSNode node, uint32_t at) {
        DottedName d;
        d.range = ts_node_is_null(node) ? Range{at, at} : range_of(node);
        for_each_named_child(node, [&](TSNode part) {
            d.parts.push_back(name(part));
            if (!d.text.empty()) d.text.push_back('.');
            d.text += d.parts.back().text;
        });
        return d;
    }

    std::vector<Field> fields(TSNode block) {
        std::vector<Field> out;
        for_each_named_child(block, [&](TSNode node) {
            if (!is(node, k_.field_declaration)) return;
            Field f;
            f.range = range_of(node);
            f.name = name_or_missing(field(node, k_.f_name), f.range.begin);
            f.type = type(field(node, k_.f_type));
            TSNode init = field(node, k_.f_initializer);
            if (!ts_node_is_null(init)) f.initializer = expr(init);
            out.push_back(std::move(f));
        });
        return out;
    }

    void lower_item_into(TSNode node, std::vector<Item>& items) {
        Item item;
        item.range = range_of(node);
        Range r = item.range;
        if (is(node, k_.dim_declaration)) {
            item.node = DimDecl{name_or_missing(field(node, k_.f_name), r.begin),
                                required_expr(field(node, k_.f_value), r.end)};
        } else if (is(node, k_.devices_declaration)) {
            DevicesDecl d;
            for_each_field(node, k_.f_device, [&](TSNode dev) {
                d.devices.push_back(Device{range_of(dev), name(field(dev, k_.f_kind)), int_of(field(dev, k_.f_index)),
                                           int_of(field(dev, k_.f_count))});
            });
            item.node = std::move(d);
        } else if (is(node, k_.import_declaration)) {
            ImportPython imp{dotted(field(node, k_.f_module), r.end), std::nullopt};
            TSNode alias = field(node, k_.f_alias);
            if (!ts_node_is_null(alias)) imp.alias = name(alias);
            item.node = std::move(imp);
        } else if (is(node, k_.module_import) || is(node, k_.from_import)) {
            ImportModule imp{dotted(field(node, k_.f_module), r.end), std::nullopt, is(node, k_.from_import), {}};
            TSNode alias = field(node, k_.f_alias);
            if (!ts_node_is_null(alias)) imp.alias = name(alias);
            for_each_field(node, k_.f_name, [&](TSNode taken) {
                ImportedName n{name_or_missing(field(taken, k_.f_name), range_of(taken).begin), std::nullopt};
                TSNode as = field(taken, k_.f_alias);
                if (!ts_node_is_null(as)) n.alias = name(as);
                imp.names.push_back(std::move(n));
            });
            item.node = std::move(imp);
        } else if (is(node, k_.extern_function)) {
            item.node = ExternFn{name_or_missing(field(node, k_.f_name), r.begin), params(field(node, k_.f_parameters)),
                                 type(field(node, k_.f_return_type)), dotted(field(node, k_.f_target), r.end)};
        } else if (is(node, k_.function_definition)) {
            item.node = FnDef{!ts_node_is_null(field(node, k_.f_export)),
                              name_or_missing(field(node, k_.f_name), r.begin), params(field(node, k_.f_parameters)),
                              type(field(node, k_.f_return_type)), block(field(node, k_.f_body), r.end)};
        } else if (is(node, k_.model_definition)) {
            item.node = ModelDef{name_or_missing(field(node, k_.f_name), r.begin), fields(field(node, k_.f_body))};
        } else if (is(node, k_.data_definition)) {
            item.node = DataDef{name_or_missing(field(node, k_.f_name), r.begin), fields(field(node, k_.f_body))};
        } else {
            // An ERROR at the top level: keep it, and keep any whole items
            // that error recovery wrapped inside it.
            item.node = ErrorItem{};
            items.push_back(std::move(item));
            if (is_error_node(node))
                for_each_named_child(node, [&](TSNode child) {
                    if (is_item(child)) lower_item_into(child, items);
                });
            return;
        }
        items.push_back(std::move(item));
    }

    bool is_item(TSNode node) const {
        return is(node, k_.dim_declaration) || is(node, k_.devices_declaration) || is(node, k_.import_declaration) ||
               is(node, k_.module_import) || is(node, k_.from_import) || is(node, k_.extern_function) ||
               is(node, k_.function_definition) || is(node, k_.model_definition) || is(node, k_.data_definition);
    }

    const ChunkView& chunk_;
    const NodeKinds& k_;
    std::deque<TSTreeCursor> cursors_;
    size_t open_cursors_ = 0;
    int depth_ = 0;
    std::optional<Range> too_deep_;
    std::vector<Range> positional_after_keyword_;
};

}  // namespace

ast::File lower_chunk(const ChunkView& chunk) {
    File out;
    Lowerer(chunk).lower_into(out);
    return out;
}

ast::File lower(const SyntaxTree& tree) {
    std::vector<ChunkView> chunks = tree.chunks();
    auto lower_range = [&](File& out, size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) Lowerer(chunks[i]).lower_into(out);
    };
    File out;
    // Large files: the second half of the chunks on a second thread (the
    // chunks' trees are independent and only read).
    constexpr size_t kParallelBytes = 128 * 1024;
    if (tree.text().size() <= kParallelBytes || chunks.size() < 2) {
        lower_range(out, 0, chunks.size());
        return out;
    }
    size_t split = 0;
    while (split < chunks.size() && chunks[split].base < tree.text().size() / 2) ++split;
    File second;
    std::thread helper([&] { lower_range(second, split, chunks.size()); });
    lower_range(out, 0, split);
    helper.join();
    out.items.reserve(out.items.size() + second.items.size());
    for (Item& item : second.items) out.items.push_back(std::move(item));
    out.too_deep.insert(out.too_deep.end(), second.too_deep.begin(), second.too_deep.end());
    out.positional_after_keyword.insert(out.positional_after_keyword.end(), second.positional_after_keyword.begin(),
                                        second.positional_after_keyword.end());
    return out;
}

}  // namespace ss::syntax
