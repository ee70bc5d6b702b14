// The heap as glibc's malloc counts it, for the server's choice of when to
// hand freed pages back (LanguageServer::trim). Zero where malloc is not
// glibc's.
#pragma once

#include <cstddef>

namespace ss::lsp {

struct HeapBytes {
    size_t free = 0;  // in free chunks (mallinfo's fordblks)
    size_t used = 0;  // in chunks in use (uordblks)
};

HeapBytes heap_bytes();

}  // namespace ss::lsp
