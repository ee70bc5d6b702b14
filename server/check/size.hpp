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
#include <span>
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
    // This size divided by a size of one term (`3`, `b*gh`, `16*h`), when
    // each of its terms is a multiple of that term.
    std::optional<Size> divide_exact(const Size& divisor) const;

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
    // The symbol when the size is exactly one (`n`; not `2n` nor `n+1`).
    std::optional<SymbolId> as_symbol() const;

    // Replaces each symbol for which `value_of` has a size by that size.
    Size substitute(const std::function<std::optional<Size>(SymbolId)>& value_of) const;

    // The symbols this size mentions, sorted.
    std::vector<SymbolId> symbols() const;

    // The terms, for writing the size in another language: each monomial
    // with its coefficient, the constant term's monomial empty.
    std::vector<std::pair<Monomial, int64_t>> term_list() const;

    // Shown to people: `16*gh + 1`, `h*w`, `2304`; symbols named by `name_of`.
    std::string to_string(const std::function<std::string(SymbolId)>& name_of) const;

private:
    struct Term {
        Monomial monomial;
        int64_t coefficient;
    };
    using Factors = std::span<const std::pair<SymbolId, uint32_t>>;
    static Size from_terms(std::vector<Term> terms);  // any terms: merged and sorted here
    static Size of_canonical(std::vector<Term> terms);
    std::vector<Term> terms() const;
    // Each term, constant first when there is one, without materializing.
    template <class F>
    void for_each_term(F&& f) const;

    // Most sizes are a constant or one symbol (`768`, `b`): those are held
    // inline, with no heap, since a file's types hold thousands of them;
    // any other polynomial as its terms.
    enum class Form : uint8_t { Zero, Constant, Symbol, Terms };
    Form form_ = Form::Zero;
    bool overflowed_ = false;
    SymbolId symbol_ = 0;      // Symbol: the size is exactly this symbol
    int64_t constant_ = 0;     // Constant: its value (not 0)
    std::vector<Term> terms_;  // Terms: sorted by monomial, no zero coefficients, none of the forms above
};

// Solves `linear == value` for its symbol: the symbol's size, when `value`
// minus the offset divides exactly by the coefficient.
// Is `small <= large` for every value of the symbols (each a size, so at
// least 0)? Only when no term of `large - small` is negative: `n <= n + 1`,
// `2 <= 3`, not `1 <= n` (n may be 0) nor anything overflowed.
bool at_most(const Size& small, const Size& large);

std::optional<Size> solve(const Size::Linear& linear, const Size& value);

}  // namespace ss::check
