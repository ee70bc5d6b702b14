#include "lsp/heap.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ss::lsp {

HeapBytes heap_bytes() {
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
    struct mallinfo2 heap = mallinfo2();
    return {heap.fordblks, heap.uordblks};
#elif defined(__GLIBC__)
    // mallinfo2 came with glibc 2.33; a build for an older one (the wheel's,
    // for 2.28: docs/install.md) has mallinfo, whose int counts are exact up
    // to 2 GiB, and read as unsigned, to 4 GiB: enough to decide a trim.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    struct mallinfo heap = mallinfo();
#pragma GCC diagnostic pop
    return {static_cast<unsigned>(heap.fordblks), static_cast<unsigned>(heap.uordblks)};
#else
    return {};
#endif
}

}  // namespace ss::lsp
