// Interned fact types: equal types share one TypeRef. A file's facts hold
// thousands of copies of a few types (`[b n D]`), so the checker asks this
// table for each fact's type instead of allocating a fresh tree each time.
#pragma once

#include <cstddef>
#include <unordered_map>

#include "check/types.hpp"

namespace ss::check {

class TypeTable {
public:
    // The one shared copy of `type` with its axes' origins cleared: an
    // existing one if an equal type is still in use.
    TypeRef intern(const Type& type);
    TypeRef intern(Type&& type);
    // The same for a type made by another table (a helper thread's,
    // body_helper.cpp): this table's equal one if it has one, else `type`
    // itself, now known here.
    TypeRef adopt(TypeRef type);

    // Forgets the types nothing uses any more; the checker calls it after
    // each run, so the table never outgrows the facts by much. It walks the
    // table only once it has grown by a quarter since the last walk: a
    // walk per run was a tenth of an edit's re-check.
    void sweep();

    size_t size() const { return types_.size(); }

private:
    TypeRef find(const Type& type, size_t hash) const;
    TypeRef add(Type&& type, size_t hash);

    // Weak: the facts own their types; the table only finds them.
    std::unordered_multimap<size_t, std::weak_ptr<const Type>> types_;
    size_t size_after_sweep_ = 0;
};

// Structural identity and its hash, origins included (interned types have
// none). Unlike Size's ==, an overflowed size is identical to itself.
bool identical(const Type& a, const Type& b);
size_t type_hash(const Type& type);

}  // namespace ss::check
