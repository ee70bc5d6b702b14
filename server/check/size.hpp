// Sizes in normal form: polynomials with integer coefficients over size
// symbols (the generic axes of a signature, the unknown sizes `?k` of
// selections). Dims are evaluated before they get here, so `3*D` with
// D = 768 is the constant 2304, and `n+1`, `16gh`, `(h w)` are polynomials.
//
// Two sizes are proven equal exactly when their normal forms are equal;
// anything else is "not proven", never "proven different", since symbols
// can take any value. Arithmetic that overflows int64 gives a size marked
// `overflowed`, which equals nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ss::check {

using SymbolId = uint32_t;

// A product of symbols, each with its exponent, sorted by symbol; empty for
// the constant term.
using Monomial = std::vector<std::pair<SymbolId, uint32_t>>;

class Size {
public:
    Size() = default;  // the constant 0
    static Size constant(int64_t value);
    static Size symbol(SymbolId id);
    static Size overflow();

    Size operator+(const Size& other) const;
    Size operator-(const Size& other) const;
    Size operator*(const Size& other) const;
    // This size divided by `divisor`, when every coefficient divides exactly.
    std::optional<Size> divide_exact(int64_t divisor) const;

    bool operator==(const Size& other) const;
    // The same normal form, overflow included (== holds for no overflowed
    // size); with `hash`, what interning types compares.
    bool identical(const Size& other) const;
    size_t hash() const;

    bool overflowed() const { return overflowed_; }
    std::optional<int64_t> as_constant() const;

    // `coefficient * symbol + offset` when the size is linear in exactly one
    // symbol: what a call can solve for (`n+1`, `16gh`, `(gh 16)`).
    struct Linear {
        SymbolId symbol;
        int64_t coefficient;
        int64_t offset;
    };
    std::optional<Linear> as_linear() const;

    // Replaces each symbol for which `value_of` has a size by that size.
    Size substitute(const std::function<std::optional<Size>(SymbolId)>& value_of) const;

    // The symbols this size mentions, sorted.
    std::vector<SymbolId> symbols() const;

    // The terms, for writing the size in another language: each monomial
    // with its coefficient, the constant term's monomial empty.
    std::vector<std::pair<Monomial, int64_t>> term_list() const {
        std::vector<std::pair<Monomial, int64_t>> out;
        for (const Term& t : terms_) out.emplace_back(t.monomial, t.coefficient);
        return out;
    }

    // Shown to people: `16*gh + 1`, `h*w`, `2304`; symbols named by `name_of`.
    std::string to_string(const std::function<std::string(SymbolId)>& name_of) const;

private:
    struct Term {
        Monomial monomial;
        int64_t coefficient;
    };
    static Size from_terms(std::vector<Term> terms);

    std::vector<Term> terms_;  // sorted by monomial, no zero coefficients
    bool overflowed_ = false;
};

// Solves `linear == value` for its symbol: the symbol's size, when `value`
// minus the offset divides exactly by the coefficient.
std::optional<Size> solve(const Size::Linear& linear, const Size& value);

}  // namespace ss::check
