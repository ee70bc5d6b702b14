// Sizes in normal form: equal exactly when proven equal.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

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

namespace {

// A polynomial the plain way, a map from monomial to coefficient: what
// Size's arithmetic, with its inline forms and shortcuts, must agree with.
using Reference = std::map<ss::check::Monomial, int64_t>;

Reference reference_of(const Size& s) {
    Reference out;
    for (const auto& [monomial, coefficient] : s.term_list()) out[monomial] = coefficient;
    return out;
}

Reference tidy(Reference r) {
    std::erase_if(r, [](const auto& term) { return term.second == 0; });
    return r;
}

Reference plus(const Reference& a, const Reference& b, int64_t sign = 1) {
    Reference out = a;
    for (const auto& [m, c] : b) out[m] += sign * c;
    return tidy(out);
}

Reference times(const Reference& a, const Reference& b) {
    Reference out;
    for (const auto& [ma, ca] : a)
        for (const auto& [mb, cb] : b) {
            std::map<ss::check::SymbolId, uint32_t> powers(ma.begin(), ma.end());
            for (auto [symbol, power] : mb) powers[symbol] += power;
            out[ss::check::Monomial(powers.begin(), powers.end())] += ca * cb;
        }
    return tidy(out);
}

// A random size of small coefficients over the symbols 1 to 3, built by
// arithmetic, and its reference.
std::pair<Size, Reference> random_size(std::mt19937& rng, int depth) {
    int pick = static_cast<int>(rng() % (depth > 0 ? 6 : 2));
    if (pick == 0) {
        int64_t c = static_cast<int64_t>(rng() % 7) - 3;
        return {Size::constant(c), tidy(Reference{{{}, c}})};
    }
    if (pick == 1) {
        auto id = static_cast<ss::check::SymbolId>(1 + rng() % 3);
        return {Size::symbol(id), Reference{{{{id, 1}}, 1}}};
    }
    auto [a, ra] = random_size(rng, depth - 1);
    auto [b, rb] = random_size(rng, depth - 1);
    if (pick == 2 || pick == 5) return {a + b, plus(ra, rb)};
    if (pick == 3) return {a - b, plus(ra, rb, -1)};
    return {a * b, times(ra, rb)};
}

}  // namespace

TEST_CASE("arithmetic and substitution agree with plain polynomials") {
    std::mt19937 rng(38);
    for (int i = 0; i < 2000; ++i) {
        auto [s, r] = random_size(rng, 3);
        CHECK(reference_of(s) == r);
        // One form for one polynomial: made directly, it is identical.
        if (r.empty()) CHECK(s.identical(Size()));
        if (r.size() == 1 && r.begin()->first.empty()) CHECK(s.identical(Size::constant(r.begin()->second)));
        if (r.size() == 1 && r.begin()->second == 1 && r.begin()->first.size() == 1 && r.begin()->first[0].second == 1)
            CHECK(s.identical(Size::symbol(r.begin()->first[0].first)));
        // What a call solves with: one symbol, or linear in one.
        std::optional<ss::check::SymbolId> only;
        std::optional<Size::Linear> linear;
        int64_t offset = 0, degree_one = 0;
        bool is_linear = true;
        for (const auto& [monomial, coefficient] : r) {
            if (monomial.empty()) offset = coefficient;
            else if (monomial.size() == 1 && monomial[0].second == 1 && ++degree_one == 1)
                linear = Size::Linear{monomial[0].first, coefficient, 0};
            else is_linear = false;
        }
        if (!is_linear) linear.reset();
        if (linear) linear->offset = offset;
        if (linear && linear->coefficient == 1 && linear->offset == 0) only = linear->symbol;
        CHECK(s.as_symbol() == only);
        REQUIRE(s.as_linear().has_value() == linear.has_value());
        if (linear) {
            CHECK(s.as_linear()->symbol == linear->symbol);
            CHECK(s.as_linear()->coefficient == linear->coefficient);
            CHECK(s.as_linear()->offset == linear->offset);
        }
        CHECK(s.divide_exact(1)->identical(s));
        bool even = std::all_of(r.begin(), r.end(), [](const auto& term) { return term.second % 2 == 0; });
        REQUIRE(s.divide_exact(2).has_value() == even);
        if (even) {
            Reference halved = r;
            for (auto& term : halved) term.second /= 2;
            CHECK(reference_of(*s.divide_exact(2)) == halved);
        }
        // Symbol 1 becomes a random size, symbol 2 stays.
        auto [value, rv] = random_size(rng, 2);
        Size out = s.substitute([&](ss::check::SymbolId id) -> std::optional<Size> {
            if (id == 1) return value;
            if (id == 3) return Size::constant(2);
            return std::nullopt;
        });
        Reference expected;
        for (const auto& [monomial, coefficient] : r) {
            Reference term{{{}, coefficient}};
            for (auto [symbol, power] : monomial)
                for (uint32_t p = 0; p < power; ++p)
                    term = times(term, symbol == 1   ? rv
                                       : symbol == 3 ? Reference{{{}, 2}}
                                                     : Reference{{{{symbol, 1}}, 1}});
            expected = plus(expected, term);
        }
        CHECK(reference_of(out) == expected);
    }
}
