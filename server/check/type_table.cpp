#include "check/type_table.hpp"

#include <algorithm>
#include <functional>
#include <iterator>

namespace ss::check {

namespace {

void mix(size_t& seed, size_t value) { seed ^= value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2); }

bool identical(const Element& a, const Element& b) {
    return a.kind == b.kind && a.written == b.written && a.bound_written == b.bound_written && a.over == b.over &&
           a.index_bound.has_value() == b.index_bound.has_value() &&
           (!a.index_bound || a.index_bound->identical(*b.index_bound));
}

bool identical(const AxisType& a, const AxisType& b, bool origins) {
    return a.variadic == b.variadic && a.name == b.name && a.written == b.written && a.factors == b.factors &&
           a.dim == b.dim && (!origins || (a.origin.begin == b.origin.begin && a.origin.end == b.origin.end)) &&
           a.size.identical(b.size);
}

// `origins`: whether the axes' origins must match too.
bool identical(const Type& a, const Type& b, bool origins) {
    if (a.kind != b.kind || a.ref != b.ref || a.elements.size() != b.elements.size() ||
        a.tensor.axes.size() != b.tensor.axes.size() || !identical(a.tensor.element, b.tensor.element))
        return false;
    for (size_t i = 0; i < a.tensor.axes.size(); ++i)
        if (!identical(a.tensor.axes[i], b.tensor.axes[i], origins)) return false;
    for (size_t i = 0; i < a.elements.size(); ++i)
        if (!identical(a.elements[i], b.elements[i], origins)) return false;
    return true;
}

void forget_origins(Type& t) {
    for (AxisType& a : t.tensor.axes) a.origin = {};
    for (Type& e : t.elements) forget_origins(e);
}

// A hash's first slot: its bits mixed down (type_hash's low bits alone
// cluster), then masked.
size_t home(size_t hash, size_t mask) { return ((hash * 0x9e3779b97f4a7c15ULL) >> 32) & mask; }

}  // namespace

bool identical(const Type& a, const Type& b) { return identical(a, b, true); }

size_t type_hash(const Type& t) {
    std::hash<std::string> text;
    size_t h = static_cast<size_t>(t.kind);
    mix(h, text(t.ref));
    for (const AxisType& a : t.tensor.axes) {
        mix(h, text(a.written));
        mix(h, a.size.hash());
        mix(h, a.variadic);
    }
    const Element& e = t.tensor.element;
    mix(h, static_cast<size_t>(e.kind));
    mix(h, text(e.over));
    if (e.index_bound) mix(h, e.index_bound->hash());
    for (const Type& element : t.elements) mix(h, type_hash(element));
    return h;
}

// The table's types have no origins, so comparing without `type`'s is
// comparing with them cleared.
TypeRef TypeTable::find(const Type& type, size_t hash) const {
    if (slots_.empty()) return nullptr;
    const size_t mask = slots_.size() - 1;
    for (size_t i = home(hash, mask); slots_[i].used; i = (i + 1) & mask)
        if (slots_[i].hash == hash)
            if (TypeRef found = slots_[i].type.lock())
                if (identical(*found, type, false)) return found;
    return nullptr;
}

TypeRef TypeTable::intern(const Type& type) {
    size_t h = type_hash(type);  // origins are not hashed
    if (TypeRef found = find(type, h)) return found;
    // Copied only when new: most types a file's facts hold are equal to one
    // already here, and a copy is an allocation per axis.
    return add(Type(type), h);
}

TypeRef TypeTable::intern(Type&& type) {
    size_t h = type_hash(type);
    if (TypeRef found = find(type, h)) return found;
    return add(std::move(type), h);
}

TypeRef TypeTable::add(Type&& type, size_t hash) {
    forget_origins(type);
    auto made = std::make_shared<const Type>(std::move(type));
    place(hash, made);
    return made;
}

TypeRef TypeTable::adopt(TypeRef type) {
    if (!type) return type;
    size_t h = type_hash(*type);
    if (TypeRef found = find(*type, h)) return found;
    place(h, type);
    return type;
}

// At most half full: probes stay short.
void TypeTable::place(size_t hash, std::weak_ptr<const Type> type) {
    if ((size_ + 1) * 2 > slots_.size()) rebuild(std::max<size_t>(64, slots_.size() * 2));
    const size_t mask = slots_.size() - 1;
    size_t i = home(hash, mask);
    while (slots_[i].used) i = (i + 1) & mask;
    slots_[i] = Slot{hash, std::move(type), true};
    ++size_;
}

void TypeTable::rebuild(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    size_ = 0;
    const size_t mask = capacity - 1;
    for (Slot& slot : old) {
        if (!slot.used || slot.type.expired()) continue;
        size_t i = home(slot.hash, mask);
        while (slots_[i].used) i = (i + 1) & mask;
        slots_[i] = std::move(slot);
        ++size_;
    }
}

void TypeTable::sweep() {
    if (size_ < size_after_sweep_ + size_after_sweep_ / 4 + 64) return;
    size_t live = 0;
    for (const Slot& slot : slots_) live += slot.used && !slot.type.expired();
    // The smallest power of two at least twice the live types (and 64).
    size_t capacity = 64;
    while (capacity < live * 2) capacity *= 2;
    rebuild(capacity);
    size_after_sweep_ = size_;
}

}  // namespace ss::check
