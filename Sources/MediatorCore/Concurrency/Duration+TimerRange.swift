extension Duration {
    /// This duration in the range a timer can sleep for: whole nanoseconds, from 0 to `Int64.max`
    /// (about 292 years). `Task.sleep(for: .seconds(Int64.max))` traps ("Not enough bits to
    /// represent the passed value"), so every duration a caller gives a timer passes here first; a
    /// negative one counts as zero.
    var clampedForTimers: Duration {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return .zero }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .nanoseconds(Int64.max) }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return .nanoseconds(overflowAgain ? .max : total)
    }
}
