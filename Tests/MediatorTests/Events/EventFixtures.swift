import Mediator
import Testing

// Events and subscribing targets shared by the event suites.

/// What subscribers did during one broadcast: each appends its name, so a test reads the order.
final class Trace: Sendable, CustomStringConvertible {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    var description: String { "Trace\(all)" }
}

/// The events the suites broadcast; each carries the trace its subscribers write to.
enum TestEvents {
    /// Reaches every subscriber, making instances.
    static let launch = MediatorEvent<Trace>("launch")
    /// Reaches only subscribers that have an instance.
    static let lowMemory = MediatorEvent<Trace>("lowMemory", delivery: .existingInstancesOnly)
    /// May be sent by a remote broadcast.
    static let push = MediatorEvent<Trace>("push", exposure: .remote)
    /// Has no payload.
    static let tick = MediatorEvent<Void>("tick")
}

/// A target that keeps its instance and subscribes to every test event; its instances are counted
/// by the running test's `Probe`.
struct KeptSubscriber: MediatorTarget {
    static let targetName = "Kept"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [MediatorAction("serial") { target, _ in target.serial }]
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(TestEvents.launch) { target, trace in trace.append("Kept#\(target.serial)") },
        MediatorSubscription(TestEvents.lowMemory) { target, trace in trace.append("Kept#\(target.serial)") },
        MediatorSubscription(TestEvents.push) { _, trace in trace.append("Kept") },
    ]
    let serial: Int
    init() { serial = Probe.current?.makeInstance() ?? 0 }
}

/// A target that makes an instance per call (and per delivery), counted by the running test's `Probe`.
struct FreshSubscriber: MediatorTarget {
    static let targetName = "FreshSubscriber"
    static let actions: [MediatorAction<Self>] = []
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(TestEvents.launch) { target, trace in trace.append("Fresh#\(target.serial)") },
        MediatorSubscription(TestEvents.lowMemory) { _, trace in trace.append("Fresh") },
    ]
    let serial: Int
    init() { serial = Probe.current?.makeInstance() ?? 0 }
}

/// A caching target that overrides the launch event's delivery: it is told only once it runs.
struct LazySubscriber: MediatorTarget {
    static let targetName = "Lazy"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [MediatorAction("start") { _, _ in true }]
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(TestEvents.launch, delivery: .existingInstancesOnly) { _, trace in trace.append("Lazy") }
    ]
    init() { _ = Probe.current?.makeInstance() }
}

extension Mediator {
    /// Registers a value target that appends `name` to the trace of `event`, at a priority.
    func subscribe(
        _ name: String, to event: MediatorEvent<Trace> = TestEvents.launch, priority: Int = 0,
        failing error: (any Error & Sendable)? = nil
    ) throws {
        try register(
            targetNamed: name, actions: [],
            subscriptions: [
                MediatorSubscription(event, priority: priority) { _, trace in
                    trace.append(name)
                    if let error { throw error }
                }
            ])
    }
}
