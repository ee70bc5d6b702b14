// Lowering the concrete tree to the AST: every construct lands in the right
// node with the right range, and broken input keeps its error nodes.
#include <doctest/doctest.h>

#include <string>

#include "syntax/lower.hpp"
#include "syntax_test_util.hpp"

using namespace ss::ast;
using ss::syntax::lower;
using ss::syntax::SyntaxTree;

namespace {

struct Parsed {
    SyntaxTree tree;
    File file;
    explicit Parsed(std::string text) : tree(std::move(text)), file(lower(tree)) {}
    std::string_view at(Range r) const { return std::string_view(tree.text()).substr(r.begin, r.end - r.begin); }
};

template <class T>
const T& item(const File& f, size_t i) {
    REQUIRE(i < f.items.size());
    REQUIRE(std::holds_alternative<T>(f.items[i].node));
    return std::get<T>(f.items[i].node);
}

template <class T>
const T& as(const Expr& e) {
    if constexpr (std::is_same_v<T, PatternCall>) {  // held by pointer
        REQUIRE(std::holds_alternative<PatternCallPtr>(e.node));
        return *std::get<PatternCallPtr>(e.node);
    } else {
        REQUIRE(std::holds_alternative<T>(e.node));
        return std::get<T>(e.node);
    }
}

template <class T>
const T& as(const Stmt& s) {
    REQUIRE(std::holds_alternative<T>(s.node));
    return std::get<T>(s.node);
}

}  // namespace

TEST_CASE("items: dim, devices, import, extern fn") {
    Parsed p(
        "dim D = 768\n"
        "dim Dh = D / H\n"
        "devices cuda:0, cpu*3\n"
        "import python numpy as np\n"
        "extern fn tanh(x: [..s]) -> [..s] = torch.tanh\n");
    REQUIRE(p.file.items.size() == 5);
    auto& d = item<DimDecl>(p.file, 0);
    CHECK(d.name.text == "D");
    CHECK(as<IntLiteral>(*d.value).value == 768);
    auto& dh = item<DimDecl>(p.file, 1);
    CHECK(as<Binary>(*dh.value).op == "/");
    auto& dev = item<DevicesDecl>(p.file, 2);
    REQUIRE(dev.devices.size() == 2);
    CHECK(dev.devices[0].kind.text == "cuda");
    CHECK(dev.devices[0].index == 0);
    CHECK(dev.devices[1].count == 3);
    auto& imp = item<ImportPython>(p.file, 3);
    CHECK(imp.module.text == "numpy");
    CHECK(imp.alias->text == "np");
    auto& ext = item<ExternFn>(p.file, 4);
    CHECK(ext.target.text == "torch.tanh");
    REQUIRE(ext.params.size() == 1);
    auto& t = std::get<TensorType>(ext.params[0].type->node);
    REQUIRE(t.axes.size() == 1);
    CHECK(t.axes[0]->kind == AxisKind::Variadic);
    CHECK(t.axes[0]->name.text == "s");
}

TEST_CASE("every axis form of a tensor type") {
    Parsed p("fn f(x: [b 196 3*D 16gh n+1 (h w) ?k] Index[V], y: [b n V] Logit over V, z: [] f32):\n    return x\n");
    auto& fn = item<FnDef>(p.file, 0);
    REQUIRE(fn.params.size() == 3);
    auto& t = std::get<TensorType>(fn.params[0].type->node);
    REQUIRE(t.axes.size() == 7);
    CHECK(t.axes[0]->kind == AxisKind::Name);
    CHECK(t.axes[1]->kind == AxisKind::Literal);
    CHECK(t.axes[1]->value == 196);
    CHECK(t.axes[2]->kind == AxisKind::Binary);
    CHECK(t.axes[2]->op == '*');
    CHECK(t.axes[3]->kind == AxisKind::Scaled);
    CHECK(t.axes[3]->value == 16);
    CHECK(t.axes[3]->name.text == "gh");
    CHECK(p.at(t.axes[3]->name.range) == "gh");
    CHECK(t.axes[4]->op == '+');
    CHECK(t.axes[5]->kind == AxisKind::Group);
    CHECK(t.axes[5]->children.size() == 2);
    CHECK(t.axes[6]->kind == AxisKind::Unknown);
    REQUIRE(t.element);
    CHECK(t.element->name.text == "Index");
    REQUIRE(t.element->arguments.size() == 1);
    auto& y = std::get<TensorType>(fn.params[1].type->node);
    CHECK(y.element->over->text == "V");
    auto& z = std::get<TensorType>(fn.params[2].type->node);
    CHECK(z.axes.empty());
    CHECK(z.element->name.text == "f32");
}

TEST_CASE("models, data records, mut parameters and defaults") {
    std::string text = ss::test::read_source_file("examples/digits.ss");
    Parsed p(text);
    const ModelDef* model = nullptr;
    const DataDef* data = nullptr;
    const FnDef* train_step = nullptr;
    const FnDef* main_fn = nullptr;
    for (auto& it : p.file.items) {
        if (auto* m = std::get_if<ModelDef>(&it.node)) model = m;
        if (auto* d = std::get_if<DataDef>(&it.node)) data = d;
        if (auto* f = std::get_if<FnDef>(&it.node)) {
            if (f->name.text == "train_step") train_step = f;
            if (f->name.text == "main") main_fn = f;
        }
    }
    REQUIRE(model);
    REQUIRE(model->fields.size() == 4);
    CHECK(model->fields[0].name.text == "w1");
    CHECK(as<Call>(*model->fields[0].initializer).arguments.size() == 1);
    CHECK(as<NameExpr>(*model->fields[1].initializer).name.text == "zeros");
    REQUIRE(data);
    CHECK(data->fields[1].name.text == "label");
    CHECK(std::get<NamedType>(data->fields[1].type->node).name.text == "Index");
    REQUIRE(train_step);
    CHECK(train_step->params[0].is_mut);
    CHECK(train_step->params[1].is_mut);
    CHECK_FALSE(train_step->params[2].is_mut);
    REQUIRE(main_fn);
    CHECK(as<IntLiteral>(*main_fn->params[0].default_value).value == 20);
    CHECK(main_fn->return_type == nullptr);
    // for epoch in 0..epochs: / for batch in train |> shuffle(...) |> batches(64):
    auto& outer = as<For>(main_fn->body.statements[4]);
    CHECK(outer.targets[0].text == "epoch");
    CHECK(std::holds_alternative<RangeExpr>(outer.iterable->node));
    auto& inner = as<For>(outer.body.statements[0]);
    auto& pipe = as<Pipe>(*inner.iterable);
    CHECK(p.at(pipe.stage->range) == "batches(64)");
}

TEST_CASE("pipes bind looser than arithmetic and continue across lines") {
    Parsed p(
        "fn f(x: [b P]) -> [b H]:\n"
        "    h = x @ m.w1 + m.b1 |> gelu |> dropout(0.1, mode)\n"
        "    return h\n"
        "        |> rearrange(b H -> H b)\n");
    auto& fn = item<FnDef>(p.file, 0);
    auto& assign = as<Assign>(fn.body.statements[0]);
    auto& outer = as<Pipe>(*assign.value);
    CHECK(p.at(outer.stage->range) == "dropout(0.1, mode)");
    auto& inner = as<Pipe>(*outer.input);
    CHECK(as<NameExpr>(*inner.stage).name.text == "gelu");
    auto& sum = as<Binary>(*inner.input);
    CHECK(sum.op == "+");
    CHECK(as<Binary>(*sum.left).op == "@");
    auto& ret = as<Return>(fn.body.statements[1]);
    auto& rp = as<Pipe>(*ret.value);
    auto& pc = as<PatternCall>(*rp.stage);
    CHECK(pc.function.text == "rearrange");
    CHECK(pc.operands.empty());
    REQUIRE(pc.pattern.inputs.size() == 1);
    CHECK(pc.pattern.output.axes.size() == 2);
}

TEST_CASE("patterns with operands, extra arguments, causal masks and named indexing") {
    Parsed p(
        "fn f(q: [b H n Dh], k: [b H n Dh]) -> [b H n n]:\n"
        "    att = einsum(q, k: b H n Dh, b H m Dh -> b H n m)\n"
        "        |> masked_fill(!causal[n m], -inf)\n"
        "    s = reduce(b H n m -> b n, mean)\n"
        "    y = x[D: 0..64, ..8][mask]\n"
        "    z = rows as [196 D]\n"
        "    return att\n");
    auto& fn = item<FnDef>(p.file, 0);
    auto& att = as<Pipe>(*as<Assign>(fn.body.statements[0]).value);
    auto& ein = as<PatternCall>(*att.input);
    CHECK(ein.operands.size() == 2);
    CHECK(ein.pattern.inputs.size() == 2);
    CHECK(ein.pattern.output.axes.size() == 4);
    auto& fill = as<Call>(*att.stage);
    REQUIRE(fill.arguments.size() == 2);
    auto& neg = as<Unary>(*fill.arguments[0].value);
    CHECK(neg.op == "!");
    CHECK(as<CausalMask>(*neg.operand).axes.size() == 2);
    CHECK(std::holds_alternative<InfLiteral>(as<Unary>(*fill.arguments[1].value).operand->node));
    auto& red = as<PatternCall>(*as<Assign>(fn.body.statements[1]).value);
    REQUIRE(red.arguments.size() == 1);
    CHECK(as<NameExpr>(*red.arguments[0].value).name.text == "mean");
    auto& sel = as<Subscript>(*as<Assign>(fn.body.statements[2]).value);
    auto& named = as<Subscript>(*sel.value);
    REQUIRE(named.indices.size() == 2);
    CHECK(named.indices[0].axis->text == "D");
    CHECK(std::holds_alternative<RangeExpr>(named.indices[0].value->node));
    auto& open = as<RangeExpr>(*named.indices[1].value);
    CHECK(open.start == nullptr);
    CHECK(as<IntLiteral>(*open.end).value == 8);
    auto& a = as<As>(*as<Assign>(fn.body.statements[3]).value);
    CHECK(std::get<TensorType>(a.type->node).axes.size() == 2);
}

TEST_CASE("destructuring, keyword arguments, if/elif/else, strings") {
    Parsed p(
        "fn f(x: [n]) -> [n]:\n"
        "    q, k, v = g(x, over=n)\n"
        "    if a:\n"
        "        y = 1\n"
        "    elif b:\n"
        "        y = 2\n"
        "    else:\n"
        "        y = 3\n"
        "    y += 1\n"
        "    save(\"a\\\"b.safetensors\", m)\n"
        "    return\n");
    auto& fn = item<FnDef>(p.file, 0);
    auto& assign = as<Assign>(fn.body.statements[0]);
    CHECK(assign.targets.size() == 3);
    auto& call = as<Call>(*assign.value);
    CHECK(call.arguments[1].keyword->text == "over");
    auto& branch = as<If>(fn.body.statements[1]);
    CHECK(branch.branches.size() == 2);
    CHECK(branch.else_body.has_value());
    CHECK(as<AugAssign>(fn.body.statements[2]).op == "+=");
    auto& save = as<Call>(*as<ExprStmt>(fn.body.statements[3]).expr);
    CHECK(as<StringLiteral>(*save.arguments[0].value).value == "a\"b.safetensors");
    CHECK(as<Return>(fn.body.statements[4]).value == nullptr);
}

TEST_CASE("enumerate in a loop's header counts the loop's passes") {
    Parsed p(
        "fn f(data: Dataset[Ex]):\n"
        "    for step, batch in enumerate(data |> batches(4)):\n"
        "        print(step)\n"
        "    for pair in enumerate(data):\n"
        "        print(pair)\n"
        "    for i, j in enumerate(data, 1):\n"
        "        print(i)\n");
    auto& fn = item<FnDef>(p.file, 0);
    auto& counted = as<For>(fn.body.statements[0]);
    CHECK(counted.counted);
    CHECK(counted.targets.size() == 2);
    CHECK(p.at(counted.iterable->range) == "data |> batches(4)");
    // One name, or another argument than the iterable: Python's call, left
    // to the checker (E0102 says how the language spells it).
    for (size_t i : {1, 2}) {
        auto& other = as<For>(fn.body.statements[i]);
        CHECK_FALSE(other.counted);
        CHECK(std::holds_alternative<Call>(other.iterable->node));
    }
}

TEST_CASE("a broken function keeps its neighbours and its error nodes") {
    Parsed p(
        "fn good1(x: [n D]) -> [n D]:\n"
        "    return x\n"
        "\n"
        "fn bad(x: [n D] -> [n D]:\n"
        "    y = x +\n"
        "    return y\n"
        "\n"
        "fn good2(x: [n D]) -> [n D]:\n"
        "    return x |> gelu\n");
    std::vector<std::string> names;
    for (auto& it : p.file.items)
        if (auto* f = std::get_if<FnDef>(&it.node)) names.push_back(f->name.text);
    CHECK(names == std::vector<std::string>{"good1", "bad", "good2"});
    auto& good2 = item<FnDef>(p.file, p.file.items.size() - 1);
    CHECK(std::holds_alternative<Pipe>(as<Return>(good2.body.statements[0]).value->node));
}

TEST_CASE("garbage lowers without throwing, to error nodes") {
    for (const char* text :
         {")))(((", "fn", "fn (", "model:\n  :", "dim = ", "\xff\xfe\x00", "[[[[", "fn f(:\n\treturn\n"}) {
        CAPTURE(text);
        Parsed p(text);
        CHECK_NOTHROW(lower(p.tree));
    }
    Parsed p("fn f(x: [n]) -> [n]:\n    return )\n");
    REQUIRE(!p.file.items.empty());
}

TEST_CASE("nesting past the limit becomes an error node, not a stack overflow") {
    std::string deep = "dim D = (";  // inside brackets, so on many short lines
    for (int i = 0; i < 100000; ++i) deep += "1+\n";
    deep += "1)\n";
    Parsed p(deep);
    REQUIRE(p.file.too_deep.size() == 1);
    std::string shallow = "dim D = 1+1+1\n";
    CHECK(Parsed(shallow).file.too_deep.empty());
}
