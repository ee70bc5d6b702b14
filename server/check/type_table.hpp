// Interned fact types: equal types share one TypeRef. A file's facts hold
// thousands of copies of a few types (`[b n D]`), so the checker asks this
// table for each fact's type instead of allocating a fresh tree each time.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

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

    // How many types it holds, those no fact uses any more included until
    // a sweep or a growth of the table drops them.
    size_t size() const { return size_; }

private:
    // Open addressing, probed in order from the hash's slot: a lookup reads
    // a few adjacent slots, where a node-based map followed a pointer per
    // entry and divided by a prime to find its bucket (both showed in a
    // full check's profile). Weak: the facts own their types; the table
    // only finds them. A slot whose type expired stays (probes go past it)
    // until a sweep or a growth rebuilds the table.
    struct Slot {
        size_t hash = 0;
        std::weak_ptr<const Type> type;
        bool used = false;
    };

    TypeRef find(const Type& type, size_t hash) const;
    TypeRef add(Type&& type, size_t hash);
    void place(size_t hash, std::weak_ptr<const Type> type);
    void rebuild(size_t capacity);  // with the types still in use

    std::vector<Slot> slots_;  // a power of two long, or empty
    size_t size_ = 0;          // slots used
    size_t size_after_sweep_ = 0;
};

// Structural identity and its hash, origins included (interned types have
// none). Unlike Size's ==, an overflowed size is identical to itself.
bool identical(const Type& a, const Type& b);
size_t type_hash(const Type& type);

}  // namespace ss::check
