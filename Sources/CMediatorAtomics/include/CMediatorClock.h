#ifndef C_MEDIATOR_CLOCK_H
#define C_MEDIATOR_CLOCK_H

// The monotonic clock the interceptor stage times calls with (the `duration` observers receive).
// `ContinuousClock.now` costs about 90 instructions a read in Swift's runtime (`swift_get_time`, then
// a `Duration` built from seconds and nanoseconds in 128 bits); a call through interceptors reads the
// clock twice, which alone was the typed call's whole budget. `clock_gettime` on the monotonic clock
// is answered by the vDSO on Linux and by the commpage on Darwin (tens of instructions, no system
// call), and the difference of two readings is whole nanoseconds.

#include <stdint.h>
#include <time.h>

/// Nanoseconds on the monotonic clock since an arbitrary point (boot, on Linux); only differences
/// of two readings in one process mean anything.
static inline uint64_t mediator_monotonic_nanoseconds(void) {
    struct timespec now;
    (void)clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

#endif
