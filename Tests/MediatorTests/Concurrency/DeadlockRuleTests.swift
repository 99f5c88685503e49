import MediatorTestSupport
import Testing

/// The watchdog's rule, driven by a simulated CPU clock: the guard the concurrency suites rely on
/// must fire on a stuck process and never on a slow one.
@Suite("Deadlock guard: when unfinished work counts as stuck")
struct DeadlockRuleTests {
    /// A CPU clock that advances by `step` at each reading.
    final class Clock {
        var now: Duration = .seconds(3)
        let step: Duration
        init(step: Duration) { self.step = step }
        func read() -> Duration {
            defer { now += step }
            return now
        }
    }

    @Test("work that finishes within the idle window is never reported, even with the process idle (a timer wait)")
    func finishedWorkPasses() {
        let window = Int(DeadlockRule.idleWindow / DeadlockRule.tick)
        var ticks = 0
        let reason = DeadlockRule.watch(cpu: Clock(step: .zero).read) { _ in
            ticks += 1
            return ticks == window
        }
        #expect(reason == nil)
    }

    @Test("a process busy on other tests is not stuck, however long the work waits (a loaded machine)")
    func slowButBusyIsNotStuck() {
        var ticks = 0
        let reason = DeadlockRule.watch(cpu: Clock(step: .milliseconds(300)).read) { _ in
            ticks += 1
            return ticks > 1_000  // 1,000 s of wall time, 300 s of CPU: well inside the budget
        }
        #expect(reason == nil)
    }

    @Test("a process idle for the whole window while the work is unfinished is stuck (threads blocked on a lock)")
    func idleProcessIsStuck() {
        var ticks = 0
        let reason = DeadlockRule.watch(cpu: Clock(step: .milliseconds(10)).read) { _ in
            ticks += 1
            return false
        }
        #expect(reason?.contains("idle") == true)
        #expect(ticks == Int(DeadlockRule.idleWindow / DeadlockRule.tick))
    }

    @Test("a process that spends its CPU budget without the work finishing is stuck (a livelock)")
    func busyForeverIsStuck() {
        let reason = DeadlockRule.watch(cpu: Clock(step: .seconds(2)).read) { _ in false }
        #expect(reason?.contains("CPU time") == true)
    }
}
