// The checker's names, items, dims and signatures (the data-driven files in
// tests/check/ cover each code; these test the facts and edge cases).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "check/analyze.hpp"
#include "check/checker.hpp"
#include "check/describe.hpp"
#include "syntax/lower.hpp"
#include "syntax_test_util.hpp"

using ss::test::codes_of;
using Codes = std::vector<std::string>;

namespace {

ss::check::CheckResult check(const std::string& text) {
    ss::syntax::SyntaxTree tree(text);
    auto file = ss::syntax::lower(tree);
    return ss::check::check_file(file, text);
}

const ss::check::SymbolFact* fact(const ss::check::CheckResult& r, const std::string& name) {
    for (const auto& s : r.symbols)
        if (s.name == name) return &s;
    return nullptr;
}

}  // namespace

TEST_CASE("the examples check clean") {
    size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(SS_SOURCE_DIR) + "/examples")) {
        if (entry.path().extension() != ".ss") continue;
        std::string example = "examples/" + entry.path().filename().string();
        ++count;
        CAPTURE(example);
        auto d = ss::check::check_text(ss::test::read_source_file(example));
        for (const auto& x : d) CAPTURE(x.message);
        CHECK(codes_of(d).empty());
    }
    CHECK(count >= 4);
}

TEST_CASE("dims evaluate in any order, with their values on hover") {
    std::string text = "dim Dh = D / H\ndim D = 768\ndim H = 12\n";
    auto r = check(text);
    CHECK(r.diagnostics.empty());
    const auto* dh = fact(r, "Dh");
    REQUIRE(dh);
    CHECK(ss::check::describe(*dh) == "dim Dh = D / H = 64");
    CHECK(dh->dim_value == 64);
    const auto* d = fact(r, "D");
    REQUIRE(d);
    CHECK(d->references.size() == 1);
    CHECK(d->references[0].begin == text.find("D /"));
}

TEST_CASE("dim errors: inexact, cycle, undefined with a suggestion, not positive, wrong kind") {
    CHECK(codes_of(check("dim D = 768\ndim H = 7\ndim Dh = D / H\n").diagnostics) == Codes{"E0401"});
    auto cycle = check("dim A = B + 1\ndim B = A * 2\n").diagnostics;
    REQUIRE(codes_of(cycle) == Codes{"E0104"});
    CHECK(cycle[0].message.find("A -> B -> A") != std::string::npos);
    auto typo = check("dim Width = 8\ndim D = Widht * 2\n").diagnostics;
    REQUIRE(codes_of(typo) == Codes{"E0102"});
    CHECK(typo[0].message == "undefined name `Widht`; did you mean `Width`?");
    CHECK(codes_of(check("dim D = 2 - 3\n").diagnostics) == Codes{"E0403"});
    CHECK(codes_of(check("model M:\n    w: [4] = zeros\ndim D = M\n").diagnostics) == Codes{"E0103"});
    CHECK(codes_of(check("dim D = f(3)\n").diagnostics) == Codes{"E0402"});
    // One error doesn't cascade into the dims that use it.
    CHECK(codes_of(check("dim A = 7 / 2\ndim B = A * 2\ndim C = B + A\n").diagnostics) == Codes{"E0401"});
}

TEST_CASE("duplicates: items, parameters, fields, with the first definition as related") {
    auto r = check("dim D = 1\nfn D(x: [n]) -> [n]:\n    return x\n");
    REQUIRE(codes_of(r.diagnostics) == Codes{"E0101"});
    CHECK(r.diagnostics[0].message == "`D` is already defined, as a dim");
    REQUIRE(r.diagnostics[0].related.size() == 1);
    CHECK(r.diagnostics[0].related[0].range.begin == 4);
    CHECK(codes_of(check("fn f(x: [n], x: [n]) -> [n]:\n    return x\n").diagnostics) == Codes{"E0101"});
    CHECK(codes_of(check("model M:\n    w: [4] = zeros\n    w: [5] = zeros\n").diagnostics) == Codes{"E0101"});
    CHECK(check("import python torch\nimport python torch.nn\n").diagnostics.empty());
}

TEST_CASE("signatures: generic axes shared, dims static, facts with types") {
    auto r = check("dim D = 8\nfn f(x: [b n D], m: [n n] Mask, i: [b] Index[D]) -> [b n D]:\n    return x\n");
    CHECK(r.diagnostics.empty());
    const auto* m = fact(r, "m");
    REQUIRE(m);
    CHECK(ss::check::describe(*m) == "m: [n n] Mask");
    CHECK(ss::check::describe(*fact(r, "i")) == "i: [b] Index[D]");
    CHECK(fact(r, "D")->references.size() == 3);  // x, i and the return type
}

TEST_CASE("signature errors") {
    CHECK(codes_of(check("fn f(x: [n] f23) -> [n]:\n    return x\n").diagnostics) == Codes{"E0301"});
    auto typo = check("data Digit:\n    image: [4]\nfn f(b: Btach[Digit]):\n    return\n").diagnostics;
    REQUIRE(codes_of(typo) == Codes{"E0301"});
    CHECK(typo[0].message == "unknown type `Btach`; did you mean `Batch`?");
    CHECK(codes_of(check("fn f(x: [b V] Logit over C) -> [b]:\n    return x\n").diagnostics) == Codes{"E0302"});
    CHECK(codes_of(check("fn f(x: [b] Index) -> [b]:\n    return x\n").diagnostics) == Codes{"E0303"});
    CHECK(codes_of(check("model M:\n    w: [4] = zeros\nfn f(d: Dataset[M]):\n    return\n").diagnostics) ==
          Codes{"E0303"});
    CHECK(codes_of(check("fn f(x) -> [n]:\n    return x\n").diagnostics) == Codes{"E0304"});
    CHECK(codes_of(check("fn f(x: [n/2]) -> [n]:\n    return x\n").diagnostics) == Codes{"E0401"});
    CHECK(check("dim D = 8\nfn f(x: [D/2 n]) -> [4 n]:\n    return x\n").diagnostics.empty());
    CHECK(codes_of(check("fn f(x: [..s ..t]) -> [..s]:\n    return x\n").diagnostics) == Codes{"E0404"});
    CHECK(codes_of(check("fn f(x: [n]) -> [m]:\n    return x\n").diagnostics) == Codes{"E0406"});
    CHECK(check("fn f(x: [n]) -> [?k]:\n    return x\n").diagnostics.empty());
    // Only dims are static sizes: a model's name in an axis is a generic axis.
    CHECK(check("fn f(x: [Mlp]) -> [Mlp]:\n    return x\nmodel Mlp:\n    w: [4] = zeros\n").diagnostics.empty());
    CHECK(codes_of(check("dim H = 4\nfn f(x: H) -> [H]:\n    return x\n").diagnostics) == Codes{"E0103"});
}

TEST_CASE("models and data: fixed shapes") {
    auto model = check("model M:\n    w: [n 4] = zeros\n").diagnostics;
    REQUIRE(codes_of(model) == Codes{"E1301"});
    CHECK(model[0].message.find("`n` is not a dim") != std::string::npos);
    CHECK(codes_of(check("data Row:\n    tokens: [len] Index[8]\n").diagnostics) == Codes{"E1302"});
    CHECK(check("dim C = 10\ndata Digit:\n    image: [8 8]\n    label: Index[C]\n    ok: Mask\n").diagnostics.empty());
}

TEST_CASE("facts for inlay hints: each pipeline stage's type") {
    std::string text =
        "dim D = 768\ndim H = 12\ndim Dh = D / H\n"
        "fn f(x: [b n D], w_qkv: [D 3*D]) -> [b H n Dh]:\n"
        "    q, k, v = x @ w_qkv\n        |> split(b n (3 H Dh) -> b H n Dh)\n"
        "    return q |> gelu\n";
    auto r = check(text);
    CHECK(r.diagnostics.empty());
    auto find = [&](const std::string& snippet) -> std::string {
        for (const auto& e : r.expressions)
            if (text.substr(e.range.begin, e.range.end - e.range.begin) == snippet) return ss::check::describe(*e.type);
        return "(none)";
    };
    CHECK(find("split(b n (3 H Dh) -> b H n Dh)") == "([b H n Dh], [b H n Dh], [b H n Dh])");
    CHECK(find("gelu") == "[b H n Dh]");
}

TEST_CASE("facts for the editor: a generic axis's definition and its uses") {
    std::string text = "fn f(x: [b n D], m: [n n] Mask) -> [b n D]:\n    for i in 0..n:\n        x = x\n    return x\n";
    auto r = check(text);
    const ss::check::SymbolFact* n = nullptr;
    for (const auto& s : r.symbols)
        if (s.name == "n" && s.kind == ss::check::SymbolKind::Axis) n = &s;
    REQUIRE(n);
    CHECK(n->definition.begin == text.find("n D]"));
    // [n n] (twice), the return type, and `0..n` in the body.
    CHECK(n->references.size() == 4);
    CHECK(ss::check::describe(*n) == "axis n of `f`: a size bound at each call");
}

TEST_CASE("a missing return type is inferred and shown on hover") {
    auto r = check("fn double(x: [b n]):\n    return x + x\n");
    CHECK(r.diagnostics.empty());
    CHECK(ss::check::describe(*fact(r, "double")) == "fn double -> [b n] (inferred)");
}
