#ifndef C_MEDIATOR_ATOMICS_H
#define C_MEDIATOR_ATOMICS_H

// The few atomic operations the mediator needs, as C11 atomics on one machine word, so the Swift
// package needs neither `Synchronization` (iOS 18 / macOS 15) nor an external package.
//
// The word lives in memory the Swift side allocates and never moves (`AtomicWord`); every access to
// it goes through these functions. They are `static inline`, so a call compiles to one instruction
// or a few, with no function call on the hot path.

#include <stdatomic.h>
#include <stdint.h>

/// Reads the word; sequentially consistent, so a value stored before a change returned is seen by
/// every load that starts afterwards.
static inline uintptr_t mediator_atomic_load(const uintptr_t *word) {
    return atomic_load_explicit((const _Atomic(uintptr_t) *)word, memory_order_seq_cst);
}

/// Replaces the word; sequentially consistent.
static inline void mediator_atomic_store(uintptr_t *word, uintptr_t value) {
    atomic_store_explicit((_Atomic(uintptr_t) *)word, value, memory_order_seq_cst);
}

/// Reads the word with no ordering: for counters compared only as a hint.
static inline uintptr_t mediator_atomic_load_relaxed(const uintptr_t *word) {
    return atomic_load_explicit((const _Atomic(uintptr_t) *)word, memory_order_relaxed);
}

/// Adds to the word and returns the value it had before; sequentially consistent.
static inline uintptr_t mediator_atomic_fetch_add(uintptr_t *word, uintptr_t value) {
    return atomic_fetch_add_explicit((_Atomic(uintptr_t) *)word, value, memory_order_seq_cst);
}

/// How many mediators were released in this process: a thread whose last seen count differs
/// purges its caches of released mediators. A C global, so reading it on the hot path needs no
/// lazy initialization (a Swift `static let` costs a `swift_once` check per read).
extern uintptr_t mediator_retirement_count;

/// Reads the retirement count with no ordering: a hint to look, under a lock, for released mediators.
static inline uintptr_t mediator_retirements_load(void) {
    return atomic_load_explicit((const _Atomic(uintptr_t) *)&mediator_retirement_count, memory_order_relaxed);
}

/// Counts one more released mediator.
static inline void mediator_retirements_increment(void) {
    atomic_fetch_add_explicit((_Atomic(uintptr_t) *)&mediator_retirement_count, 1, memory_order_seq_cst);
}

#endif
