#include "check/size.hpp"

#include <algorithm>
#include <map>

namespace ss::check {

namespace {

bool add_overflows(int64_t a, int64_t b, int64_t* out) { return __builtin_add_overflow(a, b, out); }
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

Size Size::constant(int64_t value) {
    Size s;
    if (value != 0) s.terms_.push_back({{}, value});
    return s;
}

Size Size::symbol(SymbolId id) {
    Size s;
    s.terms_.push_back({{{id, 1}}, 1});
    return s;
}

Size Size::overflow() {
    Size s;
    s.overflowed_ = true;
    return s;
}

Size Size::from_terms(std::vector<Term> terms) {
    // Merge equal monomials; drop zero coefficients.
    std::map<Monomial, int64_t> merged;
    for (Term& t : terms) {
        int64_t& c = merged[t.monomial];
        if (add_overflows(c, t.coefficient, &c)) return overflow();
    }
    Size s;
    for (auto& [monomial, coefficient] : merged)
        if (coefficient != 0) s.terms_.push_back({monomial, coefficient});
    return s;
}

Size Size::operator+(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    std::vector<Term> terms = terms_;
    terms.insert(terms.end(), other.terms_.begin(), other.terms_.end());
    return from_terms(std::move(terms));
}

Size Size::operator-(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    std::vector<Term> terms = terms_;
    for (const Term& t : other.terms_) {
        if (t.coefficient == INT64_MIN) return overflow();
        terms.push_back({t.monomial, -t.coefficient});
    }
    return from_terms(std::move(terms));
}

Size Size::operator*(const Size& other) const {
    if (overflowed_ || other.overflowed_) return overflow();
    std::vector<Term> terms;
    for (const Term& a : terms_)
        for (const Term& b : other.terms_) {
            int64_t c = 0;
            if (mul_overflows(a.coefficient, b.coefficient, &c)) return overflow();
            terms.push_back({multiply(a.monomial, b.monomial), c});
        }
    return from_terms(std::move(terms));
}

std::optional<Size> Size::divide_exact(int64_t divisor) const {
    if (overflowed_ || divisor == 0) return std::nullopt;
    if (divisor == -1 &&
        std::any_of(terms_.begin(), terms_.end(), [](const Term& t) { return t.coefficient == INT64_MIN; }))
        return overflow();
    Size s;
    for (const Term& t : terms_) {
        if (t.coefficient % divisor != 0) return std::nullopt;
        s.terms_.push_back({t.monomial, t.coefficient / divisor});
    }
    return s;
}

bool Size::identical(const Size& other) const {
    if (overflowed_ != other.overflowed_ || terms_.size() != other.terms_.size()) return false;
    for (size_t i = 0; i < terms_.size(); ++i)
        if (terms_[i].monomial != other.terms_[i].monomial || terms_[i].coefficient != other.terms_[i].coefficient)
            return false;
    return true;
}

size_t Size::hash() const {
    size_t h = overflowed_;
    auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    for (const Term& t : terms_) {
        mix(static_cast<uint64_t>(t.coefficient));
        for (auto [symbol, power] : t.monomial) mix((static_cast<uint64_t>(symbol) << 32) | power);
    }
    return h;
}

bool Size::operator==(const Size& other) const {
    if (overflowed_ || other.overflowed_) return false;
    if (terms_.size() != other.terms_.size()) return false;
    for (size_t i = 0; i < terms_.size(); ++i)
        if (terms_[i].monomial != other.terms_[i].monomial || terms_[i].coefficient != other.terms_[i].coefficient)
            return false;
    return true;
}

std::optional<int64_t> Size::as_constant() const {
    if (overflowed_) return std::nullopt;
    if (terms_.empty()) return 0;
    if (terms_.size() == 1 && terms_[0].monomial.empty()) return terms_[0].coefficient;
    return std::nullopt;
}

std::optional<Size::Linear> Size::as_linear() const {
    if (overflowed_) return std::nullopt;
    std::optional<Linear> out;
    int64_t offset = 0;
    for (const Term& t : terms_) {
        if (t.monomial.empty()) {
            offset = t.coefficient;
        } else if (t.monomial.size() == 1 && t.monomial[0].second == 1 && !out) {
            out = Linear{t.monomial[0].first, t.coefficient, 0};
        } else {
            return std::nullopt;
        }
    }
    if (out) out->offset = offset;
    return out;
}

Size Size::substitute(const std::function<std::optional<Size>(SymbolId)>& value_of) const {
    if (overflowed_) return overflow();
    Size total;
    for (const Term& t : terms_) {
        Size product = constant(t.coefficient);
        for (auto [symbol, power] : t.monomial) {
            std::optional<Size> value = value_of(symbol);
            Size factor = value ? *value : Size::symbol(symbol);
            for (uint32_t p = 0; p < power; ++p) product = product * factor;
        }
        total = total + product;
    }
    return total;
}

std::vector<SymbolId> Size::symbols() const {
    std::vector<SymbolId> out;
    for (const Term& t : terms_)
        for (auto [symbol, power] : t.monomial) out.push_back(symbol);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string Size::to_string(const std::function<std::string(SymbolId)>& name_of) const {
    if (overflowed_) return "(too large)";
    if (terms_.empty()) return "0";
    // Highest degree first, as people write polynomials: `16*gh + 1`.
    std::vector<const Term*> order;
    for (const Term& t : terms_) order.push_back(&t);
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

}  // namespace ss::check
