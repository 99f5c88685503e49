// The operations are `static inline` in include/CMediatorAtomics.h and include/CMediatorThread.h;
// this file defines the globals they share, and creates the thread key before `main`.
#include "CMediatorAtomics.h"

uintptr_t mediator_retirement_count = 0;

#include <stdatomic.h>
#include "CMediatorThread.h"

pthread_key_t mediator_thread_key;

/// What frees a thread's state (set by the Swift side before any thread stores one).
static _Atomic(void (*)(void *)) mediator_thread_state_free = NULL;

void mediator_thread_set_free(void (*_Nonnull free)(void *_Nonnull)) {
    atomic_store_explicit(&mediator_thread_state_free, free, memory_order_release);
}

/// The key's destructor: the system calls it at thread exit with the thread's state (never NULL).
static void mediator_thread_exit(void *state) {
    void (*free)(void *) = atomic_load_explicit(&mediator_thread_state_free, memory_order_acquire);
    if (free != NULL && state != NULL) free(state);
}

/// Creates the key before `main`, so reading it needs no lazy initialization.
__attribute__((constructor)) static void mediator_thread_key_create(void) {
    pthread_key_create(&mediator_thread_key, mediator_thread_exit);
}
