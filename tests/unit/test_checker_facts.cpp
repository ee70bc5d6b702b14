// What the checker records for the editor and the code generator, as data:
// what each use of a name resolves to (its kind), and each value's type with
// its size symbols, also after edits that replay unchanged bodies.
#include <doctest/doctest.h>

#include <string>

#include "check/describe.hpp"
#include "check/document.hpp"

namespace {

using namespace ss;
using check::SymbolFact;
using check::SymbolKind;

// The use of a built-in or pattern axis written at `at`.
const check::NameUse* use_at(const check::CheckResult& r, size_t at) {
    for (const check::NameUse& u : r.uses)
        if (u.at.begin == at) return &u;
    return nullptr;
}

// The fact a name written at `at` resolves to: defined or used there.
const SymbolFact* resolved(const check::CheckResult& r, size_t at) {
    for (const SymbolFact& f : r.symbols) {
        if (f.definition.begin == at && f.definition.end > at) return &f;
        for (ByteRange u : f.references)
            if (u.begin == at) return &f;
    }
    return nullptr;
}

size_t nth(const std::string& text, const std::string& needle, int n) {
    size_t at = text.find(needle);
    for (int i = 0; i < n && at != std::string::npos; ++i) at = text.find(needle, at + 1);
    REQUIRE(at != std::string::npos);
    return at;
}

}  // namespace

TEST_CASE("facts: a use resolves to a parameter, a local, a built-in or a pattern axis") {
    std::string text =
        "dim D = 8\n"
        "fn f(x: [b n D]) -> [n b D]:\n"
        "    y = x |> gelu\n"
        "    for i in 0..n:\n"
        "        y = y\n"
        "    return y |> rearrange(b n D -> n b D)\n";
    check::DocumentAnalysis document(text);
    const check::CheckResult& r = document.analyze().check;
    REQUIRE(document.analyze().diagnostics.empty());

    const SymbolFact* x = resolved(r, nth(text, "x |>", 0));
    REQUIRE(x);
    CHECK(x->kind == SymbolKind::Parameter);
    CHECK(x->definition.begin == nth(text, "x:", 0));

    const SymbolFact* y = resolved(r, nth(text, "y =", 0));
    REQUIRE(y);
    CHECK(y->kind == SymbolKind::Local);  // not a parameter
    CHECK(resolved(r, nth(text, "i in", 0))->kind == SymbolKind::Local);

    CHECK(resolved(r, nth(text, "gelu", 0)) == nullptr);  // no fact: the file declares no built-in
    const check::NameUse* gelu = use_at(r, nth(text, "gelu", 0));
    REQUIRE(gelu);
    CHECK(gelu->kind == SymbolKind::Builtin);

    // In the pattern, `b` and `n` are the pattern's own axes (the second
    // `b` uses the first), and `D` is the dim.
    size_t pattern = nth(text, "rearrange(", 0);
    size_t first_b = text.find("b n D ->", pattern);
    const check::NameUse* b = use_at(r, text.find("n b D)", pattern) + 2);
    REQUIRE(b);
    CHECK(b->kind == SymbolKind::PatternAxis);
    CHECK(b->definition.begin == first_b);
    REQUIRE(use_at(r, first_b));
    CHECK(use_at(r, first_b)->definition.begin == first_b);
    CHECK(use_at(r, text.find("D ->", pattern)) == nullptr);
    CHECK(resolved(r, text.find("D ->", pattern))->kind == SymbolKind::Dim);
    // The signature's `n` in `0..n` is its generic axis.
    CHECK(resolved(r, nth(text, "n:", 0))->kind == SymbolKind::Axis);
}

TEST_CASE("facts: types are structured, with the signature's size symbols") {
    std::string text = "dim D = 8\nfn f(x: [b n D]) -> [b n D]:\n    y = x |> gelu\n    return y\n";
    check::DocumentAnalysis document(text);
    const check::CheckResult& r = document.analyze().check;
    const SymbolFact* y = resolved(r, text.find("y ="));
    REQUIRE(y);
    REQUIRE(y->type);
    REQUIRE(y->type->kind == check::TypeKind::Tensor);
    const auto& axes = y->type->tensor.axes;
    REQUIRE(axes.size() == 3);
    auto b = axes[0].size.as_linear();
    REQUIRE(b);
    CHECK(r.symbol_names.at(b->symbol) == "b");
    CHECK(axes[2].size.as_constant() == 8);  // D, evaluated
    // The parameter's `b` is the same symbol: sizes compare structurally.
    const SymbolFact* x = resolved(r, text.find("x:"));
    CHECK(x->type->tensor.axes[0].size == axes[0].size);
    CHECK(check::describe(*y) == "y: [b n D]");
}

TEST_CASE("facts: a replayed body's own size symbols keep their names after an earlier body makes more") {
    std::string text =
        "fn a(x: [n], m: [n] Mask) -> [n]:\n"
        "    s = x[m]\n"
        "    return x\n"
        "fn b(x: [n], m: [n] Mask) -> [n]:\n"
        "    t = x[m] as [k]\n"
        "    return x\n";
    check::DocumentAnalysis document(text);
    document.analyze();
    // One more selection in `a`: `b` is replayed, its symbols land later.
    auto at = static_cast<uint32_t>(text.find("    return x\n"));
    document.apply_edit({at, at, "    u = x[m]\n"});
    const check::CheckResult& r = document.analyze().check;
    check::DocumentAnalysis fresh(document.text());
    const check::CheckResult& f = fresh.analyze().check;
    CHECK(r.symbol_names == f.symbol_names);
    size_t t = document.text().find("t =");
    const SymbolFact* replayed = resolved(r, t);
    const SymbolFact* expected = resolved(f, t);
    REQUIRE(replayed);
    REQUIRE(expected);
    REQUIRE(replayed->type);
    REQUIRE(replayed->type->tensor.axes.size() == 1);
    auto k = replayed->type->tensor.axes[0].size.as_linear();
    REQUIRE(k);
    CHECK(r.symbol_names.at(k->symbol) == "k");
    CHECK(replayed->type->tensor.axes[0].size == expected->type->tensor.axes[0].size);
}
