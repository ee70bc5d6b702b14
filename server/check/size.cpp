#include "check/size.hpp"

#include <algorithm>

namespace ss::check {

namespace {

bool add_overflows(int64_t a, int64_t b, int64_t* out) { return __builtin_add_overflow(a, b, out); }
bool sub_overflows(int64_t a, int64_t b, int64_t* out) { return __builtin_sub_overflow(a, b, out); }
bool mul_overflows(int64_t a, int64_t b, int64_t* out) { return __builtin_mul_overflow(a, b, out); }

Monomial multiply(const Monomial& a, const Monomial& b) {
    Monomial out;
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a[i].first < b[j].first)) {
            out.push_back(a[i++]);
        } else if (i == a.size() || b[j].first < a[i].first) {
            out.push_back(b[j++]);
        } else {
            out.emplace_back(a[i].first, a[i].second + b[j].second);
            ++i, ++j;
        }
    }
    return out;
}

}  // namespace

template <class F>
void Size::for_each_term(F&& f) const {
    switch (form_) {
        case Form::Zero: return;
        case Form::Constant: f(Factors{}, constant_); return;
        case Form::Symbol: {
            const std::pair<SymbolId, uint32_t> one{symbol_, 1};
            f(Factors(&one, 1), int64_t{1});
            return;
        }
        case Form::Terms:
            for (const Term& t : terms_) f(Factors(t.monomial), t.coefficient);
            return;
    }
}

std::vector<Size::Term> Size::terms() const {
    std::vector<Term> out;
    for_each_term([&](Factors m, int64_t c) { out.push_back({Monomial(m.begin(), m.end()), c}); });
    return out;
}

// Canonical terms (merged, sorted, none zero) in the form that holds them.
Size Size::of_canonical(std::vector<Term> terms) {
    Size s;
    if (terms.empty()) return s;
    if (terms.size() == 1 && terms[0].monomial.empty()) {
        s.form_ = Form::Constant;
        s.constant_ = terms[0].coefficient;
    } else if (terms.size() == 1 && terms[0].coefficient == 1 && terms[0].monomial.size() == 1 &&
               terms[0].monomial[0].second == 1) {
        s.form_ = Form::Symbol;
        s.symbol_ = terms[0].monomial[0].first;
    } else {
        s.form_ = Form::Terms;
        s.terms_ = std::move(terms);
    }
    return s;
}

Size Size::constant(int64_t value) {
    Size s;
    if (value != 0) {
        s.form_ = Form::Constant;
        s.constant_ = value;
    }
    return s;
}

Size Size::symbol(SymbolId id) {
    Size s;
    s.form_ = Form::Symbol;
    s.symbol_ = id;
    return s;
}

Size Size::overflow() {
    Size s;
    s.overflowed_ = true;
    return s;
}

Size Size::from_terms(std::vector<Term> terms) {
    // Merge equal monomials, added in the order given; drop zero
    // coefficients. Sorted in place: a polynomial has a few terms, and a
    // tree of them cost an allocation per term on every call.
    std::stable_sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) { return a.monomial < b.monomial; });
    std::vector<Term> canonical;
    for (size_t i = 0; i < terms.size();) {
        int64_t c = 0;
        size_t j = i;
        for (; j < terms.size() && terms[j].monomial == terms[i].monomial; ++j)
            if (add_overflows(c, terms[j].coefficient, &c)) return overflow();
        if (c != 0) canonical.push_back({std::move(terms[i].monomial), c});
        i = j;
    }
    return of_canonical(std::move(canonical));
}

Size Size::operator+(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    if (form_ == Form::Zero) return other;
    if (other.form_ == Form::Zero) return *this;
    if (form_ == Form::Constant && other.form_ == Form::Constant) {
        int64_t sum = 0;
        return add_overflows(constant_, other.constant_, &sum) ? overflow() : constant(sum);
    }
    std::vector<Term> all = terms();
    for (Term& t : other.terms()) all.push_back(std::move(t));
    return from_terms(std::move(all));
}

Size Size::operator-(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    if (other.form_ == Form::Zero) return *this;
    if ((form_ == Form::Constant || form_ == Form::Zero) && other.form_ == Form::Constant) {
        int64_t difference = 0;
        return sub_overflows(constant_, other.constant_, &difference) ? overflow() : constant(difference);
    }
    std::vector<Term> all = terms();
    for (Term& t : other.terms()) {
        if (t.coefficient == INT64_MIN) return overflow();
        all.push_back({std::move(t.monomial), -t.coefficient});
    }
    return from_terms(std::move(all));
}

Size Size::operator*(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    if (form_ == Form::Zero || other.form_ == Form::Zero) return Size{};
    if (form_ == Form::Constant && constant_ == 1) return other;
    if (other.form_ == Form::Constant && other.constant_ == 1) return *this;
    if (form_ == Form::Constant && other.form_ == Form::Constant) {
        int64_t product = 0;
        return mul_overflows(constant_, other.constant_, &product) ? overflow() : constant(product);
    }
    std::vector<Term> all;
    std::vector<Term> right = other.terms();
    for (const Term& a : terms())
        for (const Term& b : right) {
            int64_t c = 0;
            if (mul_overflows(a.coefficient, b.coefficient, &c)) return overflow();
            all.push_back({multiply(a.monomial, b.monomial), c});
        }
    return from_terms(std::move(all));
}

std::optional<Size> Size::divide_exact(int64_t divisor) const {
    if (overflowed_ || divisor == 0) return std::nullopt;
    if (divisor == 1) return *this;
    std::vector<Term> divided = terms();
    for (Term& t : divided) {
        if (divisor == -1 && t.coefficient == INT64_MIN) return overflow();
        if (t.coefficient % divisor != 0) return std::nullopt;
        t.coefficient /= divisor;
    }
    return of_canonical(std::move(divided));
}

std::optional<Size> Size::divide_exact(const Size& divisor) const {
    if (overflowed_ || divisor.overflowed_) return std::nullopt;
    std::vector<Term> by = divisor.terms();
    if (by.size() != 1) return std::nullopt;
    const Monomial& d = by[0].monomial;
    std::vector<Term> divided = terms();
    for (Term& t : divided) {
        Monomial quotient;
        size_t j = 0;
        for (auto [symbol, exponent] : t.monomial) {
            if (j < d.size() && d[j].first < symbol) return std::nullopt;  // the term lacks that symbol
            if (j < d.size() && d[j].first == symbol) {
                if (d[j].second > exponent) return std::nullopt;
                exponent -= d[j++].second;
            }
            if (exponent > 0) quotient.emplace_back(symbol, exponent);
        }
        if (j != d.size()) return std::nullopt;
        t.monomial = std::move(quotient);
    }
    return from_terms(std::move(divided)).divide_exact(by[0].coefficient);
}

bool Size::identical(const Size& other) const {
    if (overflowed_ != other.overflowed_ || form_ != other.form_) return false;
    switch (form_) {
        case Form::Zero: return true;
        case Form::Constant: return constant_ == other.constant_;
        case Form::Symbol: return symbol_ == other.symbol_;
        case Form::Terms: break;
    }
    if (terms_.size() != other.terms_.size()) return false;
    for (size_t i = 0; i < terms_.size(); ++i)
        if (terms_[i].monomial != other.terms_[i].monomial || terms_[i].coefficient != other.terms_[i].coefficient)
            return false;
    return true;
}

size_t Size::hash() const {
    size_t h = overflowed_;
    auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    for_each_term([&](Factors monomial, int64_t coefficient) {
        mix(static_cast<uint64_t>(coefficient));
        for (auto [symbol, power] : monomial) mix((static_cast<uint64_t>(symbol) << 32) | power);
    });
    return h;
}

bool Size::operator==(const Size& other) const { return !overflowed_ && !other.overflowed_ && identical(other); }

std::optional<int64_t> Size::as_constant() const {
    if (overflowed_) return std::nullopt;
    if (form_ == Form::Zero) return 0;
    if (form_ == Form::Constant) return constant_;
    return std::nullopt;
}

std::optional<Size::Linear> Size::as_linear() const {
    if (overflowed_ || form_ == Form::Zero || form_ == Form::Constant) return std::nullopt;
    if (form_ == Form::Symbol) return Linear{symbol_, 1, 0};
    std::optional<Linear> out;
    int64_t offset = 0;
    bool linear = true;
    for_each_term([&](Factors monomial, int64_t coefficient) {
        if (monomial.empty()) offset = coefficient;
        else if (monomial.size() == 1 && monomial[0].second == 1 && !out)
            out = Linear{monomial[0].first, coefficient, 0};
        else linear = false;
    });
    if (!linear) return std::nullopt;
    if (out) out->offset = offset;
    return out;
}

std::optional<SymbolId> Size::as_symbol() const {
    // Exactly one symbol has one form (of_canonical).
    if (overflowed_ || form_ != Form::Symbol) return std::nullopt;
    return symbol_;
}

Size Size::substitute(const std::function<std::optional<Size>(SymbolId)>& value_of) const {
    if (overflowed_) return overflow();
    // The usual sizes at once: a constant stays, a symbol is its value.
    if (form_ == Form::Zero || form_ == Form::Constant) return *this;
    if (form_ == Form::Symbol) {
        std::optional<Size> value = value_of(symbol_);
        return value ? *value : *this;
    }
    Size total;
    for_each_term([&](Factors monomial, int64_t coefficient) {
        Size product = constant(coefficient);
        for (auto [symbol, power] : monomial) {
            std::optional<Size> value = value_of(symbol);
            Size factor = value ? *value : Size::symbol(symbol);
            for (uint32_t p = 0; p < power; ++p) product = product * factor;
        }
        total = total + product;
    });
    return total;
}

std::vector<SymbolId> Size::symbols() const {
    std::vector<SymbolId> out;
    if (form_ == Form::Symbol) return {symbol_};
    for_each_term([&](Factors monomial, int64_t) {
        for (auto [symbol, power] : monomial) out.push_back(symbol);
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::pair<Monomial, int64_t>> Size::term_list() const {
    std::vector<std::pair<Monomial, int64_t>> out;
    for_each_term([&](Factors m, int64_t c) { out.emplace_back(Monomial(m.begin(), m.end()), c); });
    return out;
}

std::string Size::to_string(const std::function<std::string(SymbolId)>& name_of) const {
    if (overflowed_) return "(too large)";
    if (form_ == Form::Zero) return "0";
    // Highest degree first, as people write polynomials: `16*gh + 1`.
    std::vector<Term> all = terms();
    std::vector<const Term*> order;
    for (const Term& t : all) order.push_back(&t);
    auto degree = [](const Term* t) {
        uint32_t d = 0;
        for (auto [symbol, power] : t->monomial) d += power;
        return d;
    };
    std::stable_sort(order.begin(), order.end(), [&](const Term* a, const Term* b) { return degree(a) > degree(b); });
    std::string out;
    for (const Term* t : order) {
        int64_t c = t->coefficient;
        bool negative = c < 0;
        if (out.empty()) out += negative ? "-" : "";
        else out += negative ? " - " : " + ";
        // |c| without overflowing on INT64_MIN.
        std::string magnitude = std::to_string(c);
        if (negative) magnitude.erase(0, 1);
        std::string factors;
        for (auto [symbol, power] : t->monomial) {
            if (!factors.empty()) factors += "*";
            factors += name_of(symbol);
            if (power > 1) factors += "^" + std::to_string(power);
        }
        if (factors.empty()) out += magnitude;
        else if (magnitude == "1") out += factors;
        else out += magnitude + "*" + factors;
    }
    return out;
}

std::optional<Size> solve(const Size::Linear& linear, const Size& value) {
    Size rest = value - Size::constant(linear.offset);
    return rest.divide_exact(linear.coefficient);
}

bool at_most(const Size& small, const Size& large) {
    if (small.overflowed() || large.overflowed()) return false;
    Size gap = large - small;
    if (gap.overflowed()) return false;
    auto terms = gap.term_list();
    return std::all_of(terms.begin(), terms.end(), [](const auto& term) { return term.second >= 0; });
}

}  // namespace ss::check
