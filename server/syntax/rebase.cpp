#include "syntax/rebase.hpp"

namespace ss::syntax {

namespace {

using namespace ast;

// One visitor over every node that holds a range; adding a field with a
// range to ast.hpp means adding it here (test_rebase compares a shifted AST
// with a fresh lowering of the moved text, so a forgotten one fails there).
struct Shifter {
    int64_t d;

    void range(Range& r) const { r = shifted(r, d); }
    void name(Name& n) const {
        range(n.range);
        if (n.qualifier.end > n.qualifier.begin) range(n.qualifier);
    }
    void name(std::optional<Name>& n) const {
        if (n) name(*n);
    }

    void axis(Axis& a) const {
        range(a.range);
        name(a.name);
        for (auto& c : a.children) axis(*c);
    }
    void axes(std::vector<AxisPtr>& list) const {
        for (auto& a : list) axis(*a);
    }

    void named(NamedType& t) const {
        name(t.name);
        for (TypeArgument& arg : t.arguments) {
            range(arg.range);
            if (arg.type) type(*arg.type);
        }
        name(t.over);
    }
    void type(Type& t) const {
        range(t.range);
        std::visit(
            [&](auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, TensorType>) {
                    axes(n.axes);
                    if (n.element) named(*n.element);
                    range(n.element_range);
                } else if constexpr (std::is_same_v<T, NamedType>) {
                    named(n);
                } else if constexpr (std::is_same_v<T, TupleType>) {
                    for (auto& e : n.elements) type(*e);
                }
            },
            t.node);
    }
    void type(TypePtr& t) const {
        if (t) type(*t);
    }

    void argument(Argument& a) const {
        range(a.range);
        name(a.keyword);
        expr(a.value);
    }
    void side(PatternSide& s) const {
        range(s.range);
        axes(s.axes);
    }
    void expr(ExprPtr& e) const {
        if (e) expr(*e);
    }
    void expr(Expr& e) const {
        range(e.range);
        std::visit(
            [&](auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, NameExpr>) {
                    name(n.name);
                } else if constexpr (std::is_same_v<T, Unary>) {
                    expr(n.operand);
                } else if constexpr (std::is_same_v<T, Binary>) {
                    range(n.op_range);
                    expr(n.left);
                    expr(n.right);
                } else if constexpr (std::is_same_v<T, RangeExpr>) {
                    expr(n.start);
                    expr(n.end);
                } else if constexpr (std::is_same_v<T, Pipe>) {
                    expr(n.input);
                    expr(n.stage);
                } else if constexpr (std::is_same_v<T, As>) {
                    expr(n.value);
                    type(n.type);
                } else if constexpr (std::is_same_v<T, Call>) {
                    expr(n.callee);
                    for (Argument& a : n.arguments) argument(a);
                    range(n.arguments_range);
                    type(n.shape);
                } else if constexpr (std::is_same_v<T, Attribute>) {
                    expr(n.object);
                    name(n.attribute);
                } else if constexpr (std::is_same_v<T, Subscript>) {
                    expr(n.value);
                    for (Index& i : n.indices) {
                        range(i.range);
                        name(i.axis);
                        expr(i.value);
                    }
                } else if constexpr (std::is_same_v<T, TupleExpr> || std::is_same_v<T, ListExpr>) {
                    for (auto& x : n.elements) expr(x);
                } else if constexpr (std::is_same_v<T, PatternCallPtr>) {
                    name(n->function);
                    for (auto& o : n->operands) expr(o);
                    range(n->pattern.range);
                    for (PatternSide& s : n->pattern.inputs) side(s);
                    side(n->pattern.output);
                    for (Argument& a : n->arguments) argument(a);
                } else if constexpr (std::is_same_v<T, CausalMask>) {
                    axes(n.axes);
                }
            },
            e.node);
    }

    void block(Block& b) const {
        range(b.range);
        for (Stmt& s : b.statements) stmt(s);
    }
    void stmt(Stmt& s) const {
        range(s.range);
        std::visit(
            [&](auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, ExprStmt>) {
                    expr(n.expr);
                } else if constexpr (std::is_same_v<T, Assign>) {
                    for (auto& t : n.targets) expr(t);
                    expr(n.value);
                } else if constexpr (std::is_same_v<T, AugAssign>) {
                    expr(n.target);
                    expr(n.value);
                } else if constexpr (std::is_same_v<T, Return>) {
                    expr(n.value);
                } else if constexpr (std::is_same_v<T, If>) {
                    for (Branch& b : n.branches) {
                        range(b.range);
                        expr(b.condition);
                        block(b.body);
                    }
                    if (n.else_body) block(*n.else_body);
                } else if constexpr (std::is_same_v<T, For>) {
                    for (Name& t : n.targets) name(t);
                    expr(n.iterable);
                    block(n.body);
                }
            },
            s.node);
    }

    void params(std::vector<Param>& list) const {
        for (Param& p : list) {
            range(p.range);
            name(p.name);
            type(p.type);
            expr(p.default_value);
        }
    }
    void dotted(DottedName& d) const {
        range(d.range);
        for (Name& n : d.parts) name(n);
    }
    void fields(std::vector<Field>& list) const {
        for (Field& f : list) {
            range(f.range);
            name(f.name);
            type(f.type);
            expr(f.initializer);
        }
    }

    void item(Item& i) const {
        range(i.range);
        std::visit(
            [&](auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, DimDecl>) {
                    name(n.name);
                    expr(n.value);
                } else if constexpr (std::is_same_v<T, DevicesDecl>) {
                    for (Device& dev : n.devices) {
                        range(dev.range);
                        name(dev.kind);
                    }
                } else if constexpr (std::is_same_v<T, ImportPython>) {
                    dotted(n.module);
                    name(n.alias);
                } else if constexpr (std::is_same_v<T, ImportModule>) {
                    dotted(n.module);
                    name(n.alias);
                    for (ImportedName& taken : n.names) {
                        name(taken.name);
                        name(taken.alias);
                    }
                } else if constexpr (std::is_same_v<T, ExternFn>) {
                    name(n.name);
                    params(n.params);
                    type(n.return_type);
                    dotted(n.target);
                } else if constexpr (std::is_same_v<T, FnDef>) {
                    name(n.name);
                    params(n.params);
                    type(n.return_type);
                    block(n.body);
                } else if constexpr (std::is_same_v<T, ModelDef> || std::is_same_v<T, DataDef>) {
                    name(n.name);
                    fields(n.fields);
                }
            },
            i.node);
    }
};

}  // namespace

void shift_ranges(ast::Item& item, int64_t delta) {
    if (delta != 0) Shifter{delta}.item(item);
}

}  // namespace ss::syntax
