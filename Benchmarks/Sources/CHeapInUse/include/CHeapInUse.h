#ifndef CHEAPINUSE_H
#define CHEAPINUSE_H
#include <stddef.h>
#if defined(__linux__)
#include <malloc.h>
#endif

/// Bytes in use on the heap now, as glibc counts them: mallinfo2's uordblks (chunks in the arenas)
/// plus hblkhd (chunks glibc maps on their own, every block of 128 KiB or more by default: without
/// them a large table, such as a route list of 10,000 entries, would not count); 0 where glibc's
/// mallinfo2 is not available. `static inline`, so Swift compiles it into its caller (valgrind 3.19
/// cannot read the DWARF 5 line tables clang would give a function of this target's own).
static inline size_t heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}

#endif
