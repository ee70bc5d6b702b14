// The typing rule of pattern calls (server/check/patterns.hpp): each rule,
// passing and failing. The pattern calls are parsed from real source; the
// operands' types are built by hand, so these tests don't depend on the
// expression checker.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "check/checker.hpp"
#include "check/patterns.hpp"
#include "syntax/lower.hpp"
#include "syntax_test_util.hpp"

using namespace ss::check;
using ss::ByteRange;
using ss::Diagnostic;
using Codes = std::vector<std::string>;

namespace {

// Records diagnostics and dim references; dims come from a map, symbols are
// numbered and shown by name.
class TestContext : public CheckContext {
public:
    std::string text;
    std::map<std::string, int64_t> dims;
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> dim_references;
    std::vector<std::string> symbol_names;

    void report(ss::DiagCode code, ByteRange range, const std::vector<std::string>& args,
                std::vector<ss::RelatedInfo> related, std::vector<ss::Fix> fixes) override {
        Diagnostic d = ss::make_diagnostic(code, range, args);
        d.related = std::move(related);
        d.fixes = std::move(fixes);
        diagnostics.push_back(std::move(d));
    }
    std::optional<int64_t> dim_value_of(const std::string& name, ByteRange) override {
        auto it = dims.find(name);
        if (it == dims.end()) return std::nullopt;
        dim_references.push_back(name);
        return it->second;
    }
    SymbolId fresh_symbol(std::string name) override {
        symbol_names.push_back(std::move(name));
        return static_cast<SymbolId>(symbol_names.size() - 1);
    }
    bool dim_in_error(const std::string& name) override { return failed_dims.count(name) > 0; }
    std::set<std::string> failed_dims;
    std::optional<SymbolId> generic_axis(const std::string&, ByteRange) override { return std::nullopt; }
    std::optional<SymbolId> readable_generic_axis(const std::string&, ByteRange) override { return std::nullopt; }
    std::string show(const Size& size) const override {
        return size.to_string([&](SymbolId id) { return symbol_names[id]; });
    }
    std::string source_text(ByteRange range) const override {
        return text.substr(range.begin, range.end - range.begin);
    }
    std::string_view source_bytes(ByteRange range) const override {
        return std::string_view(text).substr(range.begin, range.end - range.begin);
    }
};

// The pattern call in `e`, and the value piped into it, if any.
const ss::ast::PatternCall* find_pattern(const ss::ast::Expr& e, const ss::ast::Expr** piped = nullptr) {
    if (auto* p = std::get_if<ss::ast::PatternCallPtr>(&e.node)) return p->get();
    if (auto* pipe = std::get_if<ss::ast::Pipe>(&e.node)) {
        if (auto* found = find_pattern(*pipe->stage)) {
            if (piped && std::holds_alternative<ss::ast::PatternCallPtr>(pipe->stage->node)) *piped = pipe->input.get();
            return found;
        }
        return find_pattern(*pipe->input, piped);
    }
    return nullptr;
}

// One pattern call in a function body, with its context. `signature` is the
// function's parameter list: only its text matters, as the place operand
// axes get their names (AxisType::origin).
struct Case {
    TestContext ctx;
    ss::ast::File file;
    const ss::ast::FnDef* fn = nullptr;
    const ss::ast::PatternCall* call = nullptr;
    const ss::ast::Expr* piped = nullptr;
    std::map<std::string, SymbolId> generics;  // one symbol per generic name

    Case(const std::string& expr, std::map<std::string, int64_t> dims = {}, const std::string& signature = "x: [n]")
        : Case(dims, "fn f(" + signature + "):\n    return " + expr + "\n") {}

    // The first pattern call in the last function of a whole source text.
    Case(std::map<std::string, int64_t> dims, const std::string& text) {
        ctx.text = text;
        ctx.dims = std::move(dims);
        ss::syntax::SyntaxTree tree(ctx.text);
        file = ss::syntax::lower(tree);
        REQUIRE(!file.items.empty());
        fn = std::get_if<ss::ast::FnDef>(&file.items.back().node);
        REQUIRE(fn != nullptr);
        for (const ss::ast::Stmt& stmt : fn->body.statements) {
            if (auto* ret = std::get_if<ss::ast::Return>(&stmt.node)) call = find_pattern(*ret->value, &piped);
            if (auto* assign = std::get_if<ss::ast::Assign>(&stmt.node)) call = find_pattern(*assign->value, &piped);
            if (call) break;
        }
        REQUIRE(call != nullptr);
    }

    Size size_of_factor(const std::string& f) {
        if (!f.empty() && std::isdigit(static_cast<unsigned char>(f[0]))) return Size::constant(std::stoll(f));
        if (auto d = ctx.dims.find(f); d != ctx.dims.end()) return Size::constant(d->second);
        auto [it, fresh] = generics.emplace(f, 0);
        if (fresh) it->second = ctx.fresh_symbol(f);
        return Size::symbol(it->second);
    }

    // A tensor type from its axes as written: `b n 3*D`, `..s n D`, `m=n`
    // (an axis named m whose size is the symbol n). Names
    // are dims (from the map) or generic axes (one symbol per name in this
    // case); a single name names its axis. When the source holds `[axes]`,
    // each axis's origin points there.
    Type tensor(const std::string& axes, Element element = {}) {
        Type t;
        t.kind = TypeKind::Tensor;
        t.tensor.element = std::move(element);
        size_t base = ctx.text.find("[" + axes + "]");
        std::istringstream words(axes);
        std::string word;
        size_t at = 0;
        while (words >> word) {
            AxisType a;
            a.written = word;
            at = axes.find(word, at);
            if (base != std::string::npos)
                a.origin = {static_cast<uint32_t>(base + 1 + at), static_cast<uint32_t>(base + 1 + at + word.size())};
            at += word.size();
            if (word.rfind("..", 0) == 0) {
                a.variadic = true;
                a.name = word.substr(2);
            } else if (size_t eq = word.find('='); eq != std::string::npos) {  // `m=n`: axis m of size n
                a.name = a.written = word.substr(0, eq);
                a.size = size_of_factor(word.substr(eq + 1));
            } else {
                a.size = Size::constant(1);
                std::istringstream factors(word);
                std::string f;
                while (std::getline(factors, f, '*')) a.size = a.size * size_of_factor(f);
                if (word.find('*') == std::string::npos && !std::isdigit(static_cast<unsigned char>(word[0])))
                    a.name = word;
            }
            t.tensor.axes.push_back(std::move(a));
        }
        return t;
    }

    Type check(const std::vector<Type>& operands) { return check_pattern_call(*call, operands, ctx); }
    Codes codes() const { return ss::test::codes_of(ctx.diagnostics); }
    std::string message() const { return ctx.diagnostics.empty() ? "" : ctx.diagnostics[0].message; }
    std::string primary() const {
        REQUIRE(!ctx.diagnostics.empty());
        ByteRange r = ctx.diagnostics[0].range;
        return ctx.text.substr(r.begin, r.end - r.begin);
    }
    ByteRange range_of(const std::string& needle, size_t from = 0) const {
        size_t at = ctx.text.find(needle, from);
        REQUIRE(at != std::string::npos);
        return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + needle.size())};
    }
    // The result's axes as `name:size` (or `written:size` for unnamed axes).
    std::string shape(const Type& t) const {
        REQUIRE(t.kind == TypeKind::Tensor);
        std::string out;
        for (const AxisType& a : t.tensor.axes)
            out += (out.empty() ? "" : " ") +
                   (a.variadic ? ".." + *a.name : a.name.value_or(a.written) + ":" + show(a.size));
        return out;
    }
    std::string show(const Size& s) const { return ctx.show(s); }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::map<std::string, int64_t> kAttention = {{"D", 768}, {"H", 12}, {"Dh", 64}};

Element distribution(ElementKind kind, const std::string& over) {
    Element e;
    e.kind = kind;
    e.over = over;
    return e;
}

}  // namespace

// ------------------------------------------------------- the sketch's examples

TEST_CASE("attention: split(b n (3 H Dh) -> b H n Dh) makes 3 tensors [b H n Dh]") {
    Case c("x |> split(b n (3 H Dh) -> b H n Dh)", kAttention);
    Type t = c.check({c.tensor("b n 3*D")});
    CHECK(c.codes().empty());
    REQUIRE(t.kind == TypeKind::Tuple);
    REQUIRE(t.elements.size() == 3);
    for (const Type& part : t.elements) CHECK(c.shape(part) == "b:b H:12 n:n Dh:64");
    // Output axes point at the output pattern, as written there.
    const AxisType& h = t.elements[0].tensor.axes[1];
    CHECK(h.written == "H");
    CHECK(h.origin.begin == c.range_of("H n Dh)").begin);
    CHECK(h.origin.end == h.origin.begin + 1);
    // Dims in the pattern are references to them.
    CHECK(c.ctx.dim_references == std::vector<std::string>{"H", "Dh", "H", "Dh"});
}

TEST_CASE("attention: einsum(q, k: b H n Dh, b H m Dh -> b H n m) renames and contracts") {
    Case c("einsum(q, k: b H n Dh, b H m Dh -> b H n m)", kAttention);
    Type q = c.tensor("b H n Dh");
    Type t = c.check({q, q});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b H:12 n:n m:n");

    Case att("einsum(att, v: b H n m, b H m Dh -> b H n Dh)", kAttention);
    Type out = att.check({att.tensor("b H n m=n"), att.tensor("b H n Dh")});
    CHECK(att.codes().empty());
    CHECK(att.shape(out) == "b:b H:12 n:n Dh:64");
}

TEST_CASE("attention: rearrange(b H n Dh -> b n (H Dh)) gives [b n 768]") {
    Case c("x |> rearrange(b H n Dh -> b n (H Dh))", kAttention);
    Type t = c.check({c.tensor("b H n Dh")});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b n:n (H Dh):768");
    const AxisType& merged = t.tensor.axes[2];
    CHECK_FALSE(merged.name.has_value());
    CHECK(merged.size == Size::constant(768));
    CHECK(merged.origin.begin == c.range_of("(H Dh))").begin);
}

TEST_CASE("attention: repeat(b Hkv n Dh -> b (Hkv R) n Dh) with dim R") {
    Case c("k |> repeat(b Hkv n Dh -> b (Hkv R) n Dh)", {{"Hkv", 2}, {"R", 4}, {"Dh", 64}});
    Type t = c.check({c.tensor("b Hkv n Dh")});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b (Hkv R):8 n:n Dh:64");
}

TEST_CASE("attention: reduce(b n D -> b D, mean)") {
    Case c("x |> reduce(b n D -> b D, mean)", kAttention);
    Type t = c.check({c.tensor("b n D")});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b D:768");
}

TEST_CASE("E0408, the sketch's example: the pattern calls axis 3 `m`, but `m` is axis 4 of `att`") {
    Case c("einsum(att, v: b H m n, b H m Dh -> b H n Dh)", kAttention, "att: [b H n m], v: [b H n Dh]");
    Type t = c.check({c.tensor("b H n m"), c.tensor("b H n Dh")});
    CHECK(t.kind == TypeKind::Unknown);
    REQUIRE(c.codes() == Codes{"E0408"});
    CHECK(c.message() == "the pattern calls axis 3 `m`, but `m` is axis 4 of `att`; `att`'s axes are `b H n m`");
    CHECK(c.primary() == "m");
    CHECK(c.ctx.diagnostics[0].range.begin == c.range_of("m n,").begin);
    // Related: where the operand's axis got its name.
    REQUIRE(c.ctx.diagnostics[0].related.size() == 1);
    CHECK(c.ctx.diagnostics[0].related[0].range.begin == c.range_of("m]").begin);
}

TEST_CASE("E0408 in a pipe: `the value`, and no related range without an origin") {
    Case c("x |> rearrange(b H m n -> b H n m)");
    c.check({c.tensor("b H n m")});
    REQUIRE(c.codes() == Codes{"E0408"});
    CHECK(c.message() ==
          "the pattern calls axis 3 `m`, but `m` is axis 4 of the value; the value's axes are `b H n m`");
    CHECK(c.ctx.diagnostics[0].related.empty());

    // A factor of a group can't take another axis's name either.
    Case g("x |> rearrange(b (n h) k -> b n h k, h=2)");
    g.check({g.tensor("b k n")});
    REQUIRE(g.codes() == Codes{"E0408"});
    CHECK(contains(g.message(), "calls a factor of axis 2 `n`, but `n` is axis 3"));
}

TEST_CASE("renaming to a fresh name is fine, and the new name follows the axis") {
    Case c("x |> rearrange(b H i j -> b H j i)");
    Type t = c.check({c.tensor("b H n m")});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b H:H j:m i:n");

    // An operand with one name on two axes (`[n n] Mask`) may be named so.
    Case same("x |> rearrange(n m -> m n)");
    Type s = same.check({same.tensor("n n")});
    CHECK(same.codes().empty());
    CHECK(same.shape(s) == "m:n n:n");
}

// ------------------------------------------------------------------ E0407

TEST_CASE("E0407: a side's axes against the operand's, with sizes as written") {
    Case c("x |> reduce(b n D -> b D, mean)", kAttention);
    c.check({c.tensor("b n H D")});
    REQUIRE(c.codes() == Codes{"E0407"});
    CHECK(c.message() == "pattern side `b n D` has 3 axes but the value has 4 axes `[b n H D]`");
    CHECK(c.primary() == "b n D");
}

TEST_CASE("E0407: input sides against operands") {
    Case two("einsum(q, k: b n -> b)");
    two.check({two.tensor("b n"), two.tensor("b n")});
    REQUIRE(two.codes() == Codes{"E0407"});
    CHECK(two.message() == "pattern has 1 input side but the call has 2 operands");

    Case one("x |> rearrange(a b, c d -> a b c d)");
    one.check({one.tensor("a b")});
    CHECK(one.codes() == Codes{"E0407"});

    Case piped("x |> rearrange(y: a b -> b a)");
    piped.check({piped.tensor("a b"), piped.tensor("a b")});
    REQUIRE(piped.codes() == Codes{"E0407"});
    CHECK(piped.message() == "pattern function `rearrange` applies to one value but it has 2 operands");
}

TEST_CASE("E0407: forms a pattern can't have") {
    struct Bad {
        const char* expr;
        const char* operand;
        const char* message_part;
    };
    const Bad cases[] = {
        {"x |> rearrange(b 3*D -> b)", "b n", "axis `3*D` is a size expression"},
        {"x |> rearrange(b 1 n -> b n)", "b k n", "pattern axis `1` has size 1 but axis 2 of the value is `k`"},
        {"x |> rearrange(n n -> n)", "n n", "names `n` twice"},
        {"x |> rearrange(a b -> a b b)", "a b", "output `a b b` names `b` twice"},
        {"x |> rearrange(a (b (c d)) -> a b c d)", "a n", "groups don't nest"},
        {"x |> rearrange(a (..s b) -> a b)", "a n", "never a factor"},
        {"x |> rearrange(a 0 -> a)", "a n", "a number in a pattern is a size of at least 1"},
        {"einsum(x, y: a (b c), c d -> a d)", "a n", "einsum takes single names"},
        {"einsum(x, y: a 1, b c -> a c)", "a n", "einsum takes names only"},
        {"x |> reduce(a b -> a 2, sum)", "a b", "reduce only removes axes"},
    };
    for (const Bad& bad : cases) {
        std::string expr = bad.expr;
        CAPTURE(expr);
        Case c(bad.expr);
        std::vector<Type> operands = {c.tensor(bad.operand)};
        if (c.call->operands.size() == 2) operands.push_back(c.tensor("b c"));
        CHECK(c.check(operands).kind == TypeKind::Unknown);
        CHECK(c.codes() == Codes{"E0407"});
        CHECK_MESSAGE(contains(c.message(), bad.message_part), c.message());
    }
}

// ------------------------------------------------------------------ E0409

TEST_CASE("E0409: a dim must match its axis") {
    Case c("x |> rearrange(b H n -> b n H)", kAttention);
    c.check({c.tensor("b 16 n")});
    REQUIRE(c.codes() == Codes{"E0409"});
    CHECK(c.message() == "`H` must be one size: it is `16` here, but the dim `H` is 12");
    CHECK(c.primary() == "H");

    // As written and as evaluated.
    Case w("x |> rearrange(b H n -> b n H)", kAttention);
    w.check({w.tensor("b 2*D n")});
    CHECK(contains(w.message(), "it is `2*D` = 1536 here"));
    // Equal as proven: `12` is the dim H.
    Case ok("x |> rearrange(b H n -> b n H)", kAttention);
    ok.check({ok.tensor("b 12 n")});
    CHECK(ok.codes().empty());
}

TEST_CASE("E0409: one name across einsum inputs, and twice on one side") {
    Case c("einsum(q, k: b n, b n -> b)");
    c.check({c.tensor("b n"), c.tensor("b m")});
    REQUIRE(c.codes() == Codes{"E0409"});
    CHECK(c.message() == "`n` must be one size: it is `m` here, but it is `n` where the pattern first names it");
    CHECK(c.ctx.diagnostics[0].range.begin == c.range_of("n -> b").begin);
    REQUIRE(c.ctx.diagnostics[0].related.size() == 1);
    CHECK(c.ctx.diagnostics[0].related[0].range.begin == c.range_of("n, b n").begin);

    // A diagonal: sizes must be proven equal, never assumed.
    Case diag("einsum(x: n n -> n)");
    diag.check({diag.tensor("a c")});
    CHECK(diag.codes() == Codes{"E0409"});
    Case square("einsum(x: n n -> n)");
    CHECK(square.shape(square.check({square.tensor("k k")})) == "n:k");
    CHECK(square.codes().empty());
}

// ------------------------------------------------------------------ E0405

TEST_CASE("E0405: groups factor their axis exactly") {
    Case bad("x |> split(b n (3 H Dh) -> b H n Dh)", kAttention);
    bad.check({bad.tensor("b n 2000")});
    REQUIRE(bad.codes() == Codes{"E0405"});
    CHECK(bad.message() == "group `(3 H Dh)` doesn't factor the axis `2000`: the group is 3*12*64 = 2304");
    CHECK(bad.primary() == "(3 H Dh)");

    // One unknown factor is solved: 2304 / (3*64) = 12.
    Case solved("x |> split(b n (3 h Dh) -> b h n Dh)", kAttention);
    Type t = solved.check({solved.tensor("b n 3*D")});
    CHECK(solved.codes().empty());
    CHECK(solved.shape(t.elements.at(0)) == "b:b h:12 n:n Dh:64");

    // Symbolic sizes divide when every coefficient does: 16*k / 16 = k.
    Case symbolic("x |> rearrange(b (h w) -> b h w, h=16)");
    Type s = symbolic.check({symbolic.tensor("b 16*k")});
    CHECK(symbolic.codes().empty());
    CHECK(symbolic.shape(s) == "b:b h:16 w:k");

    Case inexact("x |> rearrange(b (h Dh) -> b h Dh)", kAttention);
    inexact.check({inexact.tensor("b 1000")});
    REQUIRE(inexact.codes() == Codes{"E0405"});
    CHECK(contains(inexact.message(), "its other factors, 64, don't divide it exactly"));

    Case generic("x |> rearrange(b (h w) -> b h w, h=16)");
    generic.check({generic.tensor("b n")});
    CHECK(generic.codes() == Codes{"E0405"});

    Case unsolvable("x |> rearrange(b (h w) -> b h w)");
    unsolvable.check({unsolvable.tensor("b 256")});
    REQUIRE(unsolvable.codes() == Codes{"E0405"});
    CHECK(contains(unsolvable.message(), "`h` and `w` have no size, so it can't be solved"));
}

// ------------------------------------------------------------------ E0414

TEST_CASE("E0414: split takes its count from exactly one number") {
    Case none("x |> split(b (h w) -> b h w, h=2)");
    none.check({none.tensor("b 8")});
    REQUIRE(none.codes() == Codes{"E0414"});
    CHECK(contains(none.message(), "found none"));

    Case two("x |> split(b (2 3 n) -> b n)");
    two.check({two.tensor("b 12")});
    REQUIRE(two.codes() == Codes{"E0414"});
    CHECK(contains(two.message(), "found 2 numbers: `2` `3`"));

    Case huge("x |> split((5000 n) -> n)");
    huge.check({huge.tensor("10000")});
    CHECK(huge.codes() == Codes{"E0414"});

    // A leading number alone is a count too: an unbind.
    Case leading("x |> split(2 b n -> b n)");
    Type t = leading.check({leading.tensor("2 b n")});
    CHECK(leading.codes().empty());
    REQUIRE(t.kind == TypeKind::Tuple);
    CHECK(t.elements.size() == 2);
}

// ------------------------------------------------------------ E0412, E0413

TEST_CASE("E0412: output names need a size from the inputs (or, in repeat, a dim or an argument)") {
    Case reduce("x |> reduce(b n -> b k, sum)");
    reduce.check({reduce.tensor("b n")});
    REQUIRE(reduce.codes() == Codes{"E0412"});
    CHECK(reduce.primary() == "k");

    Case einsum("einsum(x, y: a b, b c -> a z)");
    einsum.check({einsum.tensor("a b"), einsum.tensor("b c")});
    CHECK(einsum.codes() == Codes{"E0412"});

    Case repeat("x |> repeat(b n -> b n k)");
    repeat.check({repeat.tensor("b n")});
    REQUIRE(repeat.codes() == Codes{"E0412"});
    CHECK(contains(repeat.message(), "a dim, a generic axis of the signature or an argument such as `k=4`"));

    Case sized("x |> repeat(b n -> b n k 3, k=5)");
    CHECK(sized.shape(sized.check({sized.tensor("b n")})) == "b:b n:n k:5 3:3");
    CHECK(sized.codes().empty());
}

TEST_CASE("E0413: rearrange, split and repeat keep every axis") {
    Case drops("x |> rearrange(b n D -> b n)", kAttention);
    drops.check({drops.tensor("b n D")});
    REQUIRE(drops.codes() == Codes{"E0413"});
    CHECK(drops.message() ==
          "rearrange keeps every axis, but the output drops `D`; to reduce over it, write "
          "`reduce(b n D -> b n, sum)` or another reduction");
    CHECK(drops.primary() == "D");

    Case adds("x |> rearrange(b n -> b n k)");
    adds.check({adds.tensor("b n")});
    REQUIRE(adds.codes() == Codes{"E0413"});
    CHECK(contains(adds.message(), "adds `k`; to add an axis, write `repeat(b n -> b n k)`"));

    Case dim("x |> rearrange(b n -> b n D)", kAttention);  // a dim adds an axis too
    dim.check({dim.tensor("b n")});
    CHECK(dim.codes() == Codes{"E0413"});

    Case factor("x |> rearrange(b (2 n) -> b n)");
    factor.check({factor.tensor("b 2*k")});
    REQUIRE(factor.codes() == Codes{"E0413"});
    CHECK(contains(factor.message(), "drops the factor `2` of `(2 n)`"));

    Case number("x |> rearrange(b n -> b 2 n)");
    number.check({number.tensor("b n")});
    CHECK(number.codes() == Codes{"E0413"});

    Case one("x |> rearrange(b n -> b 1 n)");  // `1` is fine, as in einops
    CHECK(one.shape(one.check({one.tensor("b n")})) == "b:b 1:1 n:n");

    Case split("x |> split(b (2 n) -> b)");
    split.check({split.tensor("b 2*k")});
    CHECK(split.codes() == Codes{"E0413"});

    Case repeat("x |> repeat(b n -> b)");
    repeat.check({repeat.tensor("b n")});
    CHECK(repeat.codes() == Codes{"E0413"});
}

TEST_CASE("reduce reduces over names it drops and over numbers; einsum contracts") {
    Case factor("x |> reduce(b (2 n) -> b n, max)");
    CHECK(factor.shape(factor.check({factor.tensor("b 2*k")})) == "b:b n:k");
    CHECK(factor.codes().empty());

    Case keep("x |> reduce(b n D -> b 1 D, sum)");
    CHECK(keep.shape(keep.check({keep.tensor("b n D")})) == "b:b 1:1 D:D");

    Case scalar("x |> reduce(b n -> , sum)");
    Type s = scalar.check({scalar.tensor("b n")});
    CHECK(scalar.codes().empty());
    CHECK(s.tensor.axes.empty());

    Case outer("einsum(pos, inv: b n, half -> b n half)");
    CHECK(outer.shape(outer.check({outer.tensor("b n"), outer.tensor("16")})) == "b:b n:n half:16");
}

// ------------------------------------------------------------------ E0415

TEST_CASE("E0415: operands are tensors, reduce takes a reduction, sizes are numbers") {
    Case model("x |> rearrange(a b -> b a)");
    Type m;
    m.kind = TypeKind::Model;
    m.ref = "Mlp";
    model.check({m});
    REQUIRE(model.codes() == Codes{"E0415"});
    CHECK(model.message() == "a pattern applies to tensors; found a model (`Mlp`)");

    Case named("rearrange(m: a b -> b a)");
    named.check({m});
    CHECK(named.primary() == "m");

    Case bad("x |> reduce(b n D -> b D, avg)");
    bad.check({bad.tensor("b n D")});
    REQUIRE(bad.codes() == Codes{"E0415"});
    CHECK(bad.message() == "reduce takes its reduction after the pattern: mean, sum, max, min or prod; found `avg`");
    CHECK(bad.primary() == "avg");

    Case missing("x |> reduce(b n D -> b D)");
    missing.check({missing.tensor("b n D")});
    REQUIRE(missing.codes() == Codes{"E0415"});
    CHECK(contains(missing.message(), "found none"));

    const char* others[] = {
        "x |> reduce(b n -> b, 2)",                   // not a name
        "x |> reduce(b n -> b, sum, mean)",           // two reductions
        "x |> rearrange(b n -> n b, sum)",            // rearrange takes no reduction
        "x |> rearrange(b (h w) -> b h w, h=n)",      // a size is a number
        "x |> rearrange(b (h w) -> b h w, h=0)",      // at least 1
        "x |> rearrange(b n -> n b, k=2)",            // of an axis the pattern has
        "x |> rearrange(b (h D) -> b h D, D=64)",     // a dim's other than its own
        "x |> rearrange(b (h w) -> b h w, h=2, h=4)"  // once
    };
    for (std::string expr : others) {
        CAPTURE(expr);
        Case c(expr, kAttention);
        c.check({c.tensor("b n")});
        CHECK(c.codes() == Codes{"E0415"});
    }
    // A dim's own size again, as einops takes `e=E`: nothing to bind.
    for (std::string expr : {"x |> repeat(b n -> b n D, D=768)", "x |> repeat(b n -> b n D, D=D)"}) {
        CAPTURE(expr);
        Case c(expr, kAttention);
        c.check({c.tensor("b n")});
        CHECK(c.codes().empty());
    }
}

// ------------------------------------------------------------ `..s`, errors

TEST_CASE("`..s` passes the leading axes through, in order") {
    Case c("x |> rearrange(..s n D -> ..s D n)", kAttention);
    Type t = c.check({c.tensor("b h n D")});
    CHECK(c.codes().empty());
    CHECK(c.shape(t) == "b:b h:h D:768 n:n");

    Case variadic("x |> rearrange(..s n D -> ..s D n)", kAttention);
    CHECK(variadic.shape(variadic.check({variadic.tensor("..t n D")})) == "..t D:768 n:n");

    Case batched("einsum(x, w: ..s d, d e -> ..s e)");
    CHECK(batched.shape(batched.check({batched.tensor("b n d"), batched.tensor("d e")})) == "b:b n:n e:e");
    CHECK(batched.codes().empty());

    Case both("einsum(x, y: ..s d, ..s d -> ..s)");
    both.check({both.tensor("b n d"), both.tensor("b m d")});
    CHECK(both.codes() == Codes{"E0409"});

    struct Bad {
        const char* expr;
        const char* operand;
        const char* message_part;
    };
    const Bad cases[] = {
        {"x |> rearrange(n ..s -> ..s n)", "a b", "write it first"},
        {"x |> rearrange(n ..s -> n ..s)", "a b", "write it first"},
        {"x |> rearrange(..s n -> n)", "a b", "lacks `..s`"},
        {"x |> rearrange(n -> ..s n)", "a", "no input side has it"},
        {"x |> rearrange(..s n -> ..t n)", "a b", "at most one variadic group"},
        {"x |> rearrange(b n D -> b D n)", "..s n D", "any number of axes `[..s n D]`; start the side with `..s`"},
        {"x |> rearrange(..s a b c -> ..s c b a)", "n D", "has only 2 axes `[n D]`"},
        {"x |> rearrange(..s a b -> ..s b a)", "..t D", "has 1 axis after its `..t`"},
    };
    for (const Bad& bad : cases) {
        std::string expr = bad.expr;
        CAPTURE(expr);
        Case e(bad.expr);
        e.check({e.tensor(bad.operand)});
        CHECK(e.codes() == Codes{"E0407"});
        CHECK_MESSAGE(contains(e.message(), bad.message_part), e.message());
    }
}

TEST_CASE("distributions survive while their axis does, renamed with it") {
    Element logit = distribution(ElementKind::Logit, "V");
    Case keep("x |> rearrange(b n V -> n b V)");
    CHECK(keep.check({keep.tensor("b n V", logit)}).tensor.element.over == "V");

    Case renamed("x |> rearrange(b n C -> n b C)");
    Element e = renamed.check({renamed.tensor("b n V", logit)}).tensor.element;
    CHECK(e.kind == ElementKind::Logit);
    CHECK(e.over == "C");

    Case reduced("x |> reduce(b n V -> b n, max)");
    e = reduced.check({reduced.tensor("b n V", logit)}).tensor.element;
    CHECK(e.kind == ElementKind::F32);
    CHECK(e.over.empty());

    Case merged("x |> rearrange(b n V -> b (n V))");
    CHECK(merged.check({merged.tensor("b n V", logit)}).tensor.element.kind == ElementKind::F32);

    Case passed("x |> rearrange(..s V n -> ..s n V)");
    Element prob = distribution(ElementKind::Prob, "b");
    CHECK(passed.check({passed.tensor("b V n", prob)}).tensor.element.over == "b");

    Element index;
    index.kind = ElementKind::Index;
    index.index_bound = Size::constant(10);
    index.bound_written = "10";
    Case ids("x |> rearrange(b n -> n b)");
    Element i = ids.check({ids.tensor("b n", index)}).tensor.element;
    CHECK(i.kind == ElementKind::Index);
    CHECK(i.bound_written == "10");
}

TEST_CASE("no cascades: Unknown operands and broken patterns report nothing") {
    Case c("einsum(q, k: b H n Dh, b H m Dh -> b H n m)", kAttention);
    Type unknown;
    CHECK(c.check({c.tensor("b H n Dh"), unknown}).kind == TypeKind::Unknown);
    CHECK(c.ctx.diagnostics.empty());

    // Lowering leaves out what it couldn't parse inside a pattern.
    for (std::string expr : {"x |> rearrange(b ? -> b)", "x |> rearrange(b $ n -> b)", "x |> rearrange(b n)",
                             "x |> rearrange(b (h w -> b)", "x |> rearrange(b n, -> n b)"}) {
        CAPTURE(expr);
        Case broken(expr);
        CHECK(broken.check({broken.tensor("b n")}).kind == TypeKind::Unknown);
        CHECK(broken.ctx.diagnostics.empty());
    }
    // Comments and line breaks are fine.
    Case comment("x |> rearrange(b n  # in\n        -> n b)");
    CHECK(comment.shape(comment.check({comment.tensor("b n")})) == "n:n b:b");
}

// ------------------------------------------------------ docs/errors.md pages

namespace {

// The first two ```ss blocks of a code's section: failing, then fixed.
std::vector<std::string> examples_of(const std::string& doc, const std::string& anchor) {
    std::vector<std::string> out;
    size_t at = doc.find("<a id=\"" + anchor + "\"></a>");
    REQUIRE(at != std::string::npos);
    size_t next_section = doc.find("\n<a id=", at + 1);
    while (out.size() < 2) {
        size_t open = doc.find("\n```ss\n", at);
        if (open == std::string::npos || open > next_section) break;
        size_t close = doc.find("\n```\n", open + 7);
        REQUIRE(close != std::string::npos);
        out.push_back(doc.substr(open + 7, close - open - 6));
        at = close + 4;
    }
    return out;
}

// Dims as the checker evaluates them, from their facts.
std::map<std::string, int64_t> dims_of(const std::string& text) {
    ss::syntax::SyntaxTree tree(text);
    auto file = ss::syntax::lower(tree);
    std::map<std::string, int64_t> dims;
    for (const auto& fact : check_file(file, text).symbols)
        if (fact.kind == SymbolKind::Dim && fact.dim_value) dims[fact.name] = *fact.dim_value;
    return dims;
}

// The operands of the example's pattern call: parameters, typed as written.
std::vector<Type> operands_of(Case& c) {
    std::vector<const ss::ast::Expr*> exprs;
    if (c.piped) exprs.push_back(c.piped);
    for (const auto& e : c.call->operands) exprs.push_back(e.get());
    std::vector<Type> out;
    for (const ss::ast::Expr* e : exprs) {
        auto* name = std::get_if<ss::ast::NameExpr>(&e->node);
        REQUIRE(name != nullptr);
        for (const ss::ast::Param& p : c.fn->params)
            if (p.name.text == name->name.text) {
                std::string written =
                    c.ctx.text.substr(p.type->range.begin + 1, p.type->range.end - p.type->range.begin - 2);
                out.push_back(c.tensor(written));
            }
    }
    REQUIRE(out.size() == exprs.size());
    return out;
}

}  // namespace

TEST_CASE("docs/errors.md: the pattern codes' examples fail with their code, and their fixes type") {
    // test_docs_examples.cpp runs them through `shapescript check` once the
    // expression checker types pattern calls; until then this rule alone.
    const std::string doc = ss::test::read_source_file("docs/errors.md");
    for (std::string code : {"E0405", "E0407", "E0408", "E0409", "E0412", "E0413", "E0414", "E0415"}) {
        CAPTURE(code);
        std::string anchor = "e" + code.substr(1);
        auto examples = examples_of(doc, anchor);
        REQUIRE(examples.size() == 2);
        Case failing(dims_of(examples[0]), examples[0]);
        failing.check(operands_of(failing));
        CHECK(failing.codes() == Codes{code});
        Case fixed(dims_of(examples[1]), examples[1]);
        Type t = fixed.check(operands_of(fixed));
        CHECK(fixed.codes().empty());
        CHECK(t.kind != TypeKind::Unknown);
    }
}
