// The checked program's facts (check/program.hpp): call sites with their
// bindings, effects, and the call graph's queries.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "check/describe.hpp"
#include "check/document.hpp"
#include "check/program.hpp"
#include "syntax/lower.hpp"
#include "syntax/walk.hpp"

using namespace ss::check;

namespace {

struct Checked {
    std::string text;
    DocumentAnalysis document;
    const DocumentResult& result;
    explicit Checked(std::string t) : text(t), document(std::move(t)), result(document.analyze()) {}
    const ProgramFacts& program() const { return result.check.program; }
    std::string at(ss::ByteRange r) const { return text.substr(r.begin, r.end - r.begin); }
};

std::vector<const CallSite*> calls_to(const ProgramFacts& p, const std::string& caller, const std::string& callee) {
    std::vector<const CallSite*> out;
    for (const CallSite& c : p.calls)
        if (c.caller == caller && c.callee == callee) out.push_back(&c);
    return out;
}

std::string bindings(const Checked& c, const CallSite& site) {
    std::string out;
    for (const ArgumentBinding& a : site.arguments) {
        const char* how = a.source == ArgumentSource::Piped        ? "piped"
                          : a.source == ArgumentSource::Positional ? "positional"
                          : a.source == ArgumentSource::Keyword    ? "keyword"
                                                                   : "default";
        out += a.parameter + "=" + how + (a.source == ArgumentSource::Default ? "" : ":" + c.at(a.range)) + " ";
    }
    for (const AxisBinding& x : site.axes) out += describe(x, c.result.check.symbol_names) + " ";
    return out;
}

std::vector<std::string> effects_of(const Checked& c, const std::string& function, EffectKind kind) {
    std::vector<std::string> out;
    for (const FunctionFacts& f : c.program().functions)
        for (size_t i = f.effects_begin; f.name == function && i < f.effects_end; ++i)
            if (c.program().effects[i].kind == kind) out.push_back(c.at(c.program().effects[i].range));
    return out;
}

}  // namespace

TEST_CASE("a call site binds arguments to parameters, defaults included, and generic axes to the caller's sizes") {
    Checked c(
        "dim D = 4\n"
        "fn f(x: [n D], scale: float = 1.0) -> [n D]:\n    return x * scale\n"
        "fn g(y: [b D]) -> [b D]:\n    return y |> f\n"
        "fn h(z: [k D]) -> [k D]:\n    return f(z, scale=2.0) + g(z)\n");
    REQUIRE(c.result.diagnostics.empty());
    auto piped = calls_to(c.program(), "g", "f");
    REQUIRE(piped.size() == 1);
    CHECK(piped[0]->kind == CalleeKind::Function);
    CHECK(bindings(c, *piped[0]) == "x=piped:y scale=default n = b ");
    auto direct = calls_to(c.program(), "h", "f");
    REQUIRE(direct.size() == 1);
    CHECK(c.at(direct[0]->range) == "f(z, scale=2.0)");
    CHECK(c.at(direct[0]->callee_range) == "f");
    CHECK(bindings(c, *direct[0]) == "x=positional:z scale=keyword:scale=2.0 n = k ");
    auto to_g = calls_to(c.program(), "h", "g");
    REQUIRE(to_g.size() == 1);
    CHECK(bindings(c, *to_g[0]) == "y=positional:z b = k ");
    CHECK(c.program().calls.size() == 3);  // `x * scale` is no call
}

TEST_CASE("each function's facts are where FunctionFacts says") {
    Checked c("fn a(x: [n]) -> [n]:\n    return x |> gelu\nfn b(x: [n]) -> [n]:\n    return a(x) |> relu\n");
    REQUIRE(c.program().functions.size() == 2);
    const FunctionFacts& b = c.program().functions[1];
    CHECK(b.name == "b");
    std::vector<std::string> callees;
    for (size_t i = b.calls_begin; i < b.calls_end; ++i) callees.push_back(c.program().calls[i].callee);
    CHECK(callees == std::vector<std::string>{"a", "relu"});  // in checking order: a pipe's input, then its stage
    CHECK(c.program().calls[b.calls_begin].kind == CalleeKind::Function);
    CHECK(c.program().calls[b.calls_begin + 1].kind == CalleeKind::Builtin);
    CHECK_FALSE(b.key.empty());
}

TEST_CASE("a body is elementwise as written only without branches, loops, matmuls, selections or shapes") {
    // FunctionFacts::elementwise_syntax: what lets a padded group pass
    // through a call (axis_reach.cpp).
    auto elementwise = [](const std::string& body) {
        Checked c("fn f(x: [..s], y: [..s]) -> [..s]:\n" + body);
        REQUIRE(c.program().functions.size() == 1);
        return c.program().functions[0].elementwise_syntax;
    };
    CHECK(elementwise("    return x * 2.0 + y |> gelu\n"));
    CHECK(elementwise("    z = x - y\n    return z * z\n"));
    CHECK_FALSE(elementwise("    z = x\n    for i in 0..3:\n        z = z * 2.0\n    return z\n"));
    CHECK_FALSE(elementwise("    if true:\n        return x\n    return y\n"));
    CHECK_FALSE(elementwise("    z = x\n    if true:\n        z = y\n    return z * x\n"));
}

TEST_CASE("effects are found with their ranges") {
    Checked c(
        "import python torch\n"
        "dim V = 8\n"
        "model M:\n    w: [V] = zeros\n"
        "data Row:\n    x: [V]\n"
        "extern fn ext(x: [n]) -> [n] = torch.neg\n"
        "fn effects(mut m: M, x: [V], rows: Dataset[Row]):\n"
        "    print(x)\n"
        "    log(loss=1.0)\n"
        "    y = log(x)\n"
        "    save(\"a.safetensors\", m)\n"
        "    back = load(\"a.safetensors\") as M\n"
        "    e = ext(x)\n"
        "    t = torch.flip(x)\n"
        "    for batch in rows |> batches(4):\n"
        "        print(1)\n"
        "    k = x[x > 0.0]\n"
        "    if x[0] > 0.0:\n"
        "        m.w = x\n");
    for (const auto& d : c.result.diagnostics) CAPTURE(d.message);
    REQUIRE(c.result.diagnostics.empty());
    CHECK(effects_of(c, "effects", EffectKind::Print) == std::vector<std::string>{"print(x)", "print(1)"});
    CHECK(effects_of(c, "effects", EffectKind::Log) == std::vector<std::string>{"log(loss=1.0)"});  // not log(x)
    CHECK(effects_of(c, "effects", EffectKind::Save).size() == 1);
    CHECK(effects_of(c, "effects", EffectKind::Load) == std::vector<std::string>{"load(\"a.safetensors\")"});
    CHECK(effects_of(c, "effects", EffectKind::PythonCall) == std::vector<std::string>{"ext(x)", "torch.flip(x)"});
    CHECK(effects_of(c, "effects", EffectKind::DatasetLoop) == std::vector<std::string>{"rows |> batches(4)"});
    CHECK(effects_of(c, "effects", EffectKind::DataDependentSize) == std::vector<std::string>{"x[x > 0.0]"});
    CHECK(effects_of(c, "effects", EffectKind::TensorIf) == std::vector<std::string>{"x[0] > 0.0"});
    CHECK(effects_of(c, "effects", EffectKind::ChangesField) == std::vector<std::string>{"m.w"});
    CHECK(effects_of(c, "effects", EffectKind::ChangesMutParameter) == std::vector<std::string>{"m.w"});
    CHECK(effects_of(c, "effects", EffectKind::DeviceWork) == std::vector<std::string>{"m.w"});
}

TEST_CASE("reduce is masked over an axis its pattern names, not over one it splits") {
    Checked c(
        "dim F = 4\n"
        "fn named(x: [n F]) -> [F]:\n"
        "    return x |> reduce(n f -> f, mean)\n"
        "fn split(x: [2*n F]) -> [F]:\n"
        "    return x |> reduce((p q) f -> f, mean, q=2)\n");
    for (const auto& d : c.result.diagnostics) CAPTURE(d.message);
    REQUIRE(c.result.diagnostics.empty());
    CHECK(effects_of(c, "named", EffectKind::AcrossAxisMasked).size() == 1);
    CHECK(effects_of(c, "named", EffectKind::AcrossAxis).empty());
    CHECK(effects_of(c, "split", EffectKind::AcrossAxisMasked).empty());
    CHECK(effects_of(c, "split", EffectKind::AcrossAxis).size() == 1);
}

TEST_CASE("a pattern's axis is kept by its name, not by a size the output also has") {
    // Self-attention: keys and queries have the same size `n`; the einsum
    // contracts the keys' axis `m` though the output keeps the queries' `n`.
    Checked c(
        "dim D = 4\n"
        "fn attend(att: [n n], v: [n D]) -> [n D]:\n"
        "    return einsum(att, v: q m, m D -> q D)\n"
        "fn swapped(x: [n D]) -> [D n]:\n"
        "    return x |> rearrange(n d -> d n)\n");
    for (const auto& d : c.result.diagnostics) CAPTURE(d.message);
    REQUIRE(c.result.diagnostics.empty());
    CHECK(effects_of(c, "attend", EffectKind::AcrossAxis).size() == 2);  // att's m and v's m
    CHECK(effects_of(c, "swapped", EffectKind::AcrossAxis).empty());
}

TEST_CASE("gather, scatter and cross_entropy's classes work across an axis without a masked version") {
    // Across the batch axis a loop can't reach them first (an index into
    // it comes from an operation that prevents padding itself), so their
    // effects are tested here, on a function's generic axis.
    Checked c(
        "dim F = 4\n"
        "fn gathered(x: [n F], at: [2 F] Index[n]) -> [2 F]:\n"
        "    return gather(x, at, over=n)\n"
        "fn scattered(x: [n F], at: [2 F] Index[n], src: [2 F]) -> [n F]:\n"
        "    return scatter(x, at, src, over=n)\n"
        "fn classes(z: [F n], y: [F] Index[n]) -> [] f32:\n"
        "    return cross_entropy(z, y)\n"
        "fn along_features(x: [n F], at: [n 2] Index[F]) -> [n 2]:\n"
        "    return gather(x, at, over=F)\n");
    for (const auto& d : c.result.diagnostics) CAPTURE(d.message);
    REQUIRE(c.result.diagnostics.empty());
    CHECK(effects_of(c, "gathered", EffectKind::AcrossAxis) == std::vector<std::string>{"gather(x, at, over=n)"});
    CHECK(effects_of(c, "scattered", EffectKind::AcrossAxis).size() == 1);
    CHECK(effects_of(c, "classes", EffectKind::AcrossAxis) == std::vector<std::string>{"cross_entropy(z, y)"});
    CHECK(effects_of(c, "classes", EffectKind::AcrossAxisMasked).empty());  // F, its examples, is a constant size
    CHECK(effects_of(c, "along_features", EffectKind::AcrossAxis).empty());
    CHECK(effects_of(c, "along_features", EffectKind::AcrossAxisMasked).empty());
}

TEST_CASE("the call graph: what a function reaches and who reaches it, with the path") {
    Checked c(
        "fn attention(x: [n]) -> [n]:\n    return x |> softmax(over=n)\n"
        "fn block(x: [n]) -> [n]:\n    return attention(x) + x\n"
        "fn forward(x: [n]) -> [n]:\n    return block(block(x))\n"
        "fn loss(x: [n]) -> [] f32:\n    return sum(forward(x))\n"
        "fn other(x: [n]) -> [n]:\n    return x\n");
    REQUIRE(c.result.diagnostics.empty());
    CallGraph graph(c.program());
    auto reached = graph.reaches("forward");
    REQUIRE(reached.size() == 2);
    CHECK(reached[0].first == "attention");
    CHECK(reached[1].first == "block");
    CHECK(reached[0].second.sites.size() == 2);
    auto callers = graph.reached_by("attention");
    std::vector<std::string> names;
    for (const auto& [name, path] : callers) names.push_back(name);
    CHECK(names == std::vector<std::string>{"block", "forward", "loss"});
    CHECK(CallGraph::describe(callers[1].second) == "reached from `forward` through `block`");
    CHECK(CallGraph::describe(callers[2].second) == "reached from `loss` through `forward`, `block`");
    CHECK(c.at(callers[0].second.sites[0]->range) == "attention(x)");
    CHECK(graph.reached_by("other").empty());
    CHECK(graph.reaches("other").empty());
}

TEST_CASE("a function passed as a value is an edge of the call graph") {
    Checked c(
        "dim V = 4\nmodel M:\n    w: [V] = zeros\n"
        "fn loss(m: M, x: [V]) -> [] f32:\n    return sum(m.w * x)\n"
        "fn grads(m: M, x: [V]):\n    l, g = value_and_grad(loss, m, x)\n");
    REQUIRE(c.result.diagnostics.empty());
    auto edge = calls_to(c.program(), "grads", "loss");
    REQUIRE(edge.size() == 1);
    CHECK(edge[0]->passed_as_value);
    CHECK(c.at(edge[0]->range) == "loss");
    CHECK(bindings(c, *edge[0]) == "m=positional:m x=positional:x ");
    CHECK(CallGraph(c.program()).reaches("grads").size() == 1);
}

TEST_CASE("the AST walker visits every statement and expression once, parents first") {
    std::string text =
        "fn f(x: [n]) -> [n]:\n    if x[0] > 0.0:\n        for i in 0..2:\n            x = (x |> gelu) * -x\n"
        "    return rearrange(x: n -> n)\n";
    ss::syntax::SyntaxTree tree(text);
    auto file = ss::syntax::lower(tree);
    const auto& fn = std::get<ss::ast::FnDef>(file.items.at(0).node);
    size_t statements = 0;
    ss::syntax::for_each_statement(fn.body, [&](const ss::ast::Stmt&) { ++statements; });
    CHECK(statements == 4);  // if, for, the assignment, return
    std::vector<std::string> seen;
    ss::syntax::for_each_expression(fn.body, [&](const ss::ast::Expr& e) {
        seen.push_back(text.substr(e.range.begin, e.range.end - e.range.begin));
    });
    std::vector<std::string> expected = {"x[0] > 0.0", "x[0]",
                                         "x",          "0",
                                         "0.0",        "0..2",
                                         "0",          "2",
                                         "x",          "(x |> gelu) * -x",
                                         "x |> gelu",  "x",
                                         "gelu",       "-x",
                                         "x",          "rearrange(x: n -> n)",
                                         "x"};
    std::string all;
    for (const auto& x : seen) all += "|" + x;
    CAPTURE(all);
    CHECK(seen == expected);
}

namespace {

// The one symbol named `name` in the checked file's table.
SymbolId symbol_named(const Checked& c, const std::string& name) {
    const auto& names = c.result.check.symbol_names;
    REQUIRE(std::count(names.begin(), names.end(), name) == 1);
    return static_cast<SymbolId>(std::find(names.begin(), names.end(), name) - names.begin());
}

}  // namespace

TEST_CASE("a call's axis bindings are the callee's symbols mapped to the caller's sizes") {
    Checked c(
        "dim D = 4\n"
        "fn f(x: [n m]) -> [n m]:\n    return x\n"
        "fn v(x: [..s]) -> [..s]:\n    return x\n"
        "fn g(y: [b 3*D]) -> [b 3*D]:\n    return f(y) + v(y)\n");
    REQUIRE(c.result.diagnostics.empty());
    auto to_f = calls_to(c.program(), "g", "f");
    REQUIRE(to_f.size() == 1);
    REQUIRE(to_f[0]->axes.size() == 2);
    const AxisBinding& n = to_f[0]->axes[1];
    CHECK(n.axis == "n");
    CHECK(n.symbol == symbol_named(c, "n"));
    CHECK(n.size == Size::symbol(symbol_named(c, "b")));
    const AxisBinding& m = to_f[0]->axes[0];
    CHECK(m.axis == "m");
    CHECK(m.size.as_constant() == 12);
    CHECK(callee_axes_of(*to_f[0], symbol_named(c, "b")) == std::vector<const AxisBinding*>{&n});
    CHECK(callee_axes_of(*to_f[0], symbol_named(c, "n")).empty());  // the callee's own symbol flows nowhere
    auto to_v = calls_to(c.program(), "g", "v");
    REQUIRE(to_v.size() == 1);
    REQUIRE(to_v[0]->axes.size() == 1);
    const AxisBinding& s = to_v[0]->axes[0];
    CHECK(s.variadic);
    REQUIRE(s.covered);
    REQUIRE(s.covered->tensor.axes.size() == 2);
    CHECK(s.covered->tensor.axes[0].size == Size::symbol(symbol_named(c, "b")));
    CHECK(s.covered->tensor.axes[1].size.as_constant() == 12);
    CHECK(describe(s, c.result.check.symbol_names) == "..s = [b 3*D]");
    CHECK(callee_axes_of(*to_v[0], symbol_named(c, "b")) == std::vector<const AxisBinding*>{&s});
}

TEST_CASE("a body's own size passed to a callee keeps its symbol when a replay renumbers it") {
    std::string text =
        "fn f(x: [n]) -> [n]:\n    return x\n"
        "fn early(x: [a]) -> [a]:\n    return x\n"
        "fn g(x: [a]) -> [a]:\n    y = x[x > 0.0]\n    z = f(y)\n    return x\n";
    DocumentAnalysis document(text);
    document.analyze();
    // One more size symbol made in an earlier body: g is replayed, its `?k` moved.
    auto at = static_cast<uint32_t>(text.find("    return x\nfn g"));
    document.apply_edit({at, at, "    w = x as [r]\n"});
    const DocumentResult& edited = document.analyze();
    const auto& names = edited.check.symbol_names;
    const CallSite* site = nullptr;
    for (const CallSite& c : edited.check.program.calls)
        if (c.caller == "g" && c.callee == "f") site = &c;
    REQUIRE(site);
    REQUIRE(site->axes.size() == 1);
    std::vector<SymbolId> ids = site->axes[0].size.symbols();
    REQUIRE(ids.size() == 1);
    REQUIRE(ids[0] < names.size());
    CHECK(names[ids[0]].rfind('?', 0) == 0);
    // y's type names the same symbol.
    bool found = false;
    for (const SymbolFact& f : edited.check.symbols)
        if (f.name == "y" && f.type && f.type->kind == TypeKind::Tensor)
            found = found || (f.type->tensor.axes.size() == 1 && f.type->tensor.axes[0].size == site->axes[0].size);
    CHECK(found);
}

TEST_CASE("a returned selection is returned as its declared `?k`, which each call binds to a size of its own") {
    std::string text =
        "dim D = 4\n"
        "fn rows(x: [n D]) -> [?k D]:\n    return x[sum(x, over=D) > 0.0]\n"
        "fn early(x: [a]) -> [a]:\n    return x\n"
        "fn g(x: [a D]) -> [] f32:\n    return mean(rows(x)) + mean(rows(x))\n";
    DocumentAnalysis document(text);
    for (int replayed = 0; replayed < 2; ++replayed) {
        if (replayed) {  // one more symbol in an earlier body: g's results renumbered
            auto at = static_cast<uint32_t>(text.find("    return x\nfn g"));
            document.apply_edit({at, at, "    w = x as [r]\n"});
        }
        const DocumentResult& r = document.analyze();
        REQUIRE(r.diagnostics.empty());
        const ProgramFacts& p = r.check.program;
        const Effect* returned = nullptr;
        for (const Effect& e : p.effects)
            if (e.kind == EffectKind::Returned) returned = &e;
        REQUIRE(returned);
        CHECK(r.check.symbol_names.at(returned->returned_as) == "?k");
        std::vector<SymbolId> made;
        for (const CallSite& c : p.calls)
            if (c.caller == "g" && c.callee == "rows") {
                REQUIRE(c.results.size() == 1);
                CHECK(c.results[0].symbol == returned->returned_as);
                REQUIRE(c.results[0].size.as_symbol());
                made.push_back(*c.results[0].size.as_symbol());
            }
        REQUIRE(made.size() == 2);
        CHECK(made[0] != made[1]);  // a fresh size at each call
        for (SymbolId id : made) CHECK(id < r.check.symbol_names.size());
        // mean's masked effect is over that size: the caller's own.
        bool over_result = false;
        for (const Effect& e : p.effects)
            over_result = over_result || (e.kind == EffectKind::AcrossAxisMasked && e.size.as_symbol() == made[0]);
        CHECK(over_result);
    }
}
