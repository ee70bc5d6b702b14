// Sizes in normal form: equal exactly when proven equal.
#include <doctest/doctest.h>

#include <string>

#include "check/size.hpp"

using ss::check::Size;

namespace {

std::string show(const Size& s) {
    return s.to_string([](ss::check::SymbolId id) { return std::string(1, static_cast<char>('a' + id)); });
}

const Size n = Size::symbol(13);  // shown as `n`
const Size h = Size::symbol(7);   // `h`
const Size w = Size::symbol(22);  // `w`

}  // namespace

TEST_CASE("constants fold and dims' products are constants") {
    Size d = Size::constant(768);
    CHECK((Size::constant(3) * d).as_constant() == 2304);
    CHECK((d - d).as_constant() == 0);
    CHECK(show(Size::constant(3) * d) == "2304");
}

TEST_CASE("polynomials: commutative, associative, distributive") {
    CHECK(h * w == w * h);
    CHECK((n + Size::constant(1)) * Size::constant(16) == Size::constant(16) * n + Size::constant(16));
    CHECK((h + w) * (h + w) == h * h + Size::constant(2) * h * w + w * w);
    CHECK(n + n == Size::constant(2) * n);
    CHECK_FALSE(n == n + Size::constant(1));
    CHECK_FALSE(h * w == h + w);
    CHECK(show(Size::constant(16) * n + Size::constant(1)) == "16*n + 1");
    CHECK(show(h * w) == "h*w");
    CHECK(show(n * n - Size::constant(3)) == "n^2 - 3");
    CHECK(show(Size::constant(2) - n) == "-n + 2");
}

TEST_CASE("exact division only") {
    CHECK(Size::constant(768).divide_exact(12)->as_constant() == 64);
    CHECK_FALSE(Size::constant(768).divide_exact(7).has_value());
    CHECK((Size::constant(4) * n).divide_exact(2) == Size::constant(2) * n);
    CHECK_FALSE((Size::constant(4) * n + Size::constant(1)).divide_exact(2).has_value());
    CHECK_FALSE(n.divide_exact(0).has_value());
}

TEST_CASE("exact division by a term over symbols: a group's unknown factor") {
    Size c16 = Size::constant(16);
    CHECK((h * w * n).divide_exact(h * w) == n);
    CHECK((c16 * h * h + c16 * h).divide_exact(Size::constant(4) * h) == Size::constant(4) * h + Size::constant(4));
    CHECK((h * w).divide_exact(Size::constant(1)) == h * w);
    CHECK((c16 * h).divide_exact(c16 * h)->as_constant() == 1);
    CHECK_FALSE((h * w + n).divide_exact(h).has_value());  // n is not a multiple of h
    CHECK_FALSE((h * w).divide_exact(h * h).has_value());  // h once, not twice
    CHECK_FALSE((Size::constant(3) * h).divide_exact(Size::constant(2) * h).has_value());
    CHECK_FALSE((h * w).divide_exact(h + w).has_value());   // two terms: not solved
    CHECK_FALSE((h * w).divide_exact(Size()).has_value());  // by 0
}

TEST_CASE("linear in one symbol: what a call can solve") {
    auto lin = (Size::constant(16) * n + Size::constant(1)).as_linear();
    REQUIRE(lin);
    CHECK(lin->symbol == 13);
    CHECK(lin->coefficient == 16);
    CHECK(lin->offset == 1);
    auto bound = ss::check::solve(*lin, Size::constant(33));
    REQUIRE(bound);
    CHECK(bound->as_constant() == 2);
    CHECK_FALSE(ss::check::solve(*lin, Size::constant(34)).has_value());
    CHECK_FALSE((h * w).as_linear().has_value());
    CHECK_FALSE((h + w).as_linear().has_value());
    CHECK_FALSE(Size::constant(5).as_linear().has_value());
}

TEST_CASE("substitution binds symbols") {
    Size s = Size::constant(16) * n + Size::constant(1);
    Size out = s.substitute([](ss::check::SymbolId id) -> std::optional<Size> {
        if (id == 13) return Size::constant(4);
        return std::nullopt;
    });
    CHECK(out.as_constant() == 65);
    CHECK((h * w).symbols() == std::vector<ss::check::SymbolId>{7, 22});
}

TEST_CASE("overflow equals nothing, not even itself") {
    Size big = Size::constant(INT64_MAX);
    Size over = big + Size::constant(1);
    CHECK(over.overflowed());
    CHECK_FALSE(over == over);
    CHECK((big * Size::constant(2)).overflowed());
    CHECK((Size::constant(INT64_MIN) - Size::constant(1)).overflowed());
    CHECK(show(over) == "(too large)");
}

TEST_CASE("a size is held one way, however it was reached") {
    // Constants and single symbols are stored inline, other polynomials as
    // terms: a size that arithmetic brings back to one of those forms must
    // be identical (and hash alike) to the one made directly.
    auto same = [](const Size& a, const Size& b) {
        CHECK(a.identical(b));
        CHECK(a == b);
        CHECK(a.hash() == b.hash());
        CHECK(a.term_list() == b.term_list());
    };
    same((n * Size::constant(2)).divide_exact(2).value(), n);
    same((n + Size::constant(3)) - Size::constant(3), n);
    same(Size::constant(2) + Size::constant(3), Size::constant(5));
    same(n - n, Size());
    same(Size::constant(7) - Size::constant(7), Size::constant(0));
    same((h * w + n) - h * w, n);
    CHECK_FALSE((n * Size::constant(2)).identical(n));
    CHECK(n.term_list() == std::vector<std::pair<ss::check::Monomial, int64_t>>{{{{13, 1}}, 1}});
    CHECK(Size::constant(4).term_list() == std::vector<std::pair<ss::check::Monomial, int64_t>>{{{}, 4}});
    CHECK(Size().term_list().empty());
    CHECK(show(h * w + n * Size::constant(2) + Size::constant(1)) == "h*w + 2*n + 1");
}
