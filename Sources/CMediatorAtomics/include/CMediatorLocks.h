#ifndef C_MEDIATOR_LOCKS_H
#define C_MEDIATOR_LOCKS_H

// A mutex and a condition variable over POSIX threads, for the core's few locks (`Lock` and
// `ConditionLock` in Swift), so the core needs neither Foundation (`NSLock`, `NSCondition`) nor
// `Synchronization` (iOS 18 / macOS 15, and whose `Mutex` locks with raw futexes on Linux, which
// ThreadSanitizer cannot see). pthread mutexes and conditions exist on Darwin and Linux alike, and
// ThreadSanitizer intercepts every call below, so it sees each lock's happens-before edges.
//
// Each lives in memory the Swift side allocates once and never moves (a pthread mutex must not be
// moved once initialized), and is destroyed only when no thread can hold it. Results are not
// checked, as `NSLock` does not check them: with default attributes these calls fail only on
// misuse (an uninitialized or destroyed lock), which the Swift types rule out by construction.

#include <pthread.h>

/// A mutex: `pthread_mutex_t` with default attributes (not recursive).
typedef struct {
    pthread_mutex_t mutex;
} mediator_mutex;

/// A condition variable, waited on with a `mediator_mutex` held.
typedef struct {
    pthread_cond_t condition;
} mediator_condition;

/// Initializes a mutex in place.
static inline void mediator_mutex_init(mediator_mutex *lock) { (void)pthread_mutex_init(&lock->mutex, NULL); }

/// Destroys a mutex that no thread holds.
static inline void mediator_mutex_destroy(mediator_mutex *lock) { (void)pthread_mutex_destroy(&lock->mutex); }

/// Locks the mutex, waiting while another thread holds it.
static inline void mediator_mutex_lock(mediator_mutex *lock) { (void)pthread_mutex_lock(&lock->mutex); }

/// Unlocks the mutex, which this thread holds.
static inline void mediator_mutex_unlock(mediator_mutex *lock) { (void)pthread_mutex_unlock(&lock->mutex); }

/// Initializes a condition variable in place.
static inline void mediator_condition_init(mediator_condition *condition) {
    (void)pthread_cond_init(&condition->condition, NULL);
}

/// Destroys a condition variable that no thread waits on.
static inline void mediator_condition_destroy(mediator_condition *condition) {
    (void)pthread_cond_destroy(&condition->condition);
}

/// Releases `lock` (held by this thread), waits until signalled, and locks it again before
/// returning; it may return spuriously, so the caller re-checks what it waits for.
static inline void mediator_condition_wait(mediator_condition *condition, mediator_mutex *lock) {
    (void)pthread_cond_wait(&condition->condition, &lock->mutex);
}

/// Wakes every thread waiting on the condition.
static inline void mediator_condition_broadcast(mediator_condition *condition) {
    (void)pthread_cond_broadcast(&condition->condition);
}

#endif
