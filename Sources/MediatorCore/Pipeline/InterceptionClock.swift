internal import CMediatorAtomics

/// When a call entered the interceptor stage, read from the monotonic clock in a few instructions
/// (`mediator_monotonic_nanoseconds`): the stage reads it twice per call, for the `duration` every
/// interceptor's `callDidFinish` receives, and `ContinuousClock.now` cost more than the rest of a
/// typed call's pass.
struct InterceptionInstant {
    /// Nanoseconds on the monotonic clock.
    let nanoseconds: UInt64

    /// Now.
    @inline(__always)
    static var now: InterceptionInstant { InterceptionInstant(nanoseconds: mediator_monotonic_nanoseconds()) }

    /// The time from this instant to now.
    @inline(__always)
    var durationToNow: Duration {
        .nanoseconds(Int64(truncatingIfNeeded: mediator_monotonic_nanoseconds() &- nanoseconds))
    }
}
