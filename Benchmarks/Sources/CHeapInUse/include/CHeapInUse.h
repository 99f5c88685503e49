#ifndef CHEAPINUSE_H
#define CHEAPINUSE_H
#include <stddef.h>
#if defined(__linux__)
#include <malloc.h>
#endif

/// Bytes in use on the heap now, as glibc counts them (mallinfo2's uordblks); 0 where glibc's
/// mallinfo2 is not available. `static inline`, so Swift compiles it into its caller (valgrind 3.19
/// cannot read the DWARF 5 line tables clang would give a function of this target's own).
static inline size_t heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

#endif
