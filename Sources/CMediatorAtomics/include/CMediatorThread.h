#ifndef C_MEDIATOR_THREAD_H
#define C_MEDIATOR_THREAD_H

// The thread-specific key under which each thread keeps its cache (`ThreadCache`). It is created
// before `main`, by a constructor in CMediatorAtomics.c, and read as a C global: every call reads
// it, and a Swift `static let` costs a `swift_once` check per read (~10 instructions a call).

#include <pthread.h>

/// The key; valid from before `main`.
extern pthread_key_t mediator_thread_key;

/// This thread's state, or NULL before its first call.
static inline void *_Nullable mediator_thread_state(void) {
    return pthread_getspecific(mediator_thread_key);
}

/// Stores this thread's state; the function given to `mediator_thread_set_free` frees it when the
/// thread exits.
static inline void mediator_thread_set_state(void *_Nullable state) {
    pthread_setspecific(mediator_thread_key, state);
}

/// Sets what frees a thread's state when the thread exits. Called before a thread first stores
/// state (each time, with the same function): stored atomically, read at thread exit.
void mediator_thread_set_free(void (*_Nonnull free)(void *_Nonnull));

#endif
