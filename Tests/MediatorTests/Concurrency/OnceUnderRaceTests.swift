import Foundation
import Mediator
import MediatorTestSupport
import Testing

/// What the docs promise happens once (a declared input's schema, a target's action and subscription
/// tables, a kept instance's factory) runs the user's code once when many threads race its first
/// use, through every door that reaches it, with no lock held while it runs: the others wait for the
/// first and share what it built.
///
/// Serialized: each test blocks dedicated threads on purpose, and the first build holds them all.
@Suite("Once under concurrent first use", .serialized)
struct OnceUnderRaceTests {
    static let racers = 8

    /// The doors a call can come through, each making one call that needs the target's action table.
    enum Door: String, CaseIterable, Sendable {
        case byName, byNameAsync, typed, url, urlAsync
    }

    @Test("a target's actions declaration is read once when threads race its first call", arguments: Door.allCases)
    func actionTableIsReadOnce(door: Door) async throws {
        let race = FirstUseRace(racers: Self.racers)
        RacedTarget.race.withLock { $0 = race }
        let mediator = Mediator()
        try mediator.register(RacedTarget())
        mediator.registerScheme("once")
        let failures = Recording<String>()
        try await race.run { index in
            do {
                let answer: String
                switch door {
                case .byName: answer = try mediator.perform("ping", on: "Once", as: String.self)
                case .typed: answer = try mediator.call(OnceContracts.ping, with: NoInput())
                case .url: answer = try mediator.open("once://ping", as: String.self)
                case .byNameAsync, .urlAsync:
                    answer = try syncAwait {
                        door == .byNameAsync
                            ? try await mediator.performAsync("ping", on: "Once", as: String.self)
                            : try await mediator.openAsync("once://ping", as: String.self)
                    }
                }
                if answer != "pong" { failures.append("racer \(index) got \(answer)") }
            } catch {
                failures.append("racer \(index): \(error)")
            }
        }
        #expect(failures.all == [])
        #expect(race.builds.value == 1, "the actions declaration ran \(race.builds.value) times")
    }

    @Test("a target's subscriptions declaration is read once when threads race its first broadcast")
    func subscriptionTableIsReadOnce() async throws {
        let race = FirstUseRace(racers: Self.racers)
        RacedTarget.race.withLock { $0 = race }
        let mediator = Mediator()
        try mediator.register(RacedTarget())
        try await race.run { _ in _ = try? mediator.broadcast(OnceContracts.tick) }
        #expect(race.builds.value == 1, "the subscriptions declaration ran \(race.builds.value) times")
        #expect(RacedTarget.told.value >= Self.racers)
    }

    @Test("a declared input's schema runs its init() once when threads race its first read")
    func declaredSchemaIsReadOnce() async throws {
        let race = FirstUseRace(racers: Self.racers)
        RacedInput.race.withLock { $0 = race }
        let names = Recording<[String]>()
        try await race.run { _ in names.append(RacedInput.schema.parameters.map(\.name)) }
        #expect(race.builds.value == 1, "init() ran \(race.builds.value) times")
        #expect(Set(names.all.map { $0.joined(separator: ",") }) == ["id"])
    }
}

/// The contracts the racing targets bind.
private enum OnceContracts {
    static let ping = ActionContract<NoInput, String>("ping", on: "Once")
    static let tick = MediatorEvent<Void>("onceTick")
}

/// An input whose `init()` (what its schema reads) counts itself and holds the first reader until
/// the others have arrived.
private struct RacedInput: MediatorDeclaredInput {
    static let race = Locked<FirstUseRace?>(nil)
    @Parameter("An id") var id: Int
    init() { Self.race.withLock { $0 }?.build() }
}

/// A target whose declarations count their reads (each holding the first reader until the racers
/// of the running test's race have arrived).
private struct RacedTarget: MediatorTarget {
    static let targetName = "Once"
    static let race = Locked<FirstUseRace?>(nil)
    static let told = Counter()
    static var actions: [MediatorAction<Self>] {
        race.withLock { $0 }?.build()
        return [MediatorAction(OnceContracts.ping, exposure: .remote, urlPatterns: ["/ping"]) { _, _ in "pong" }]
    }
    static var subscriptions: [MediatorSubscription<Self>] {
        race.withLock { $0 }?.build()
        return [MediatorSubscription(OnceContracts.tick) { _, _ in told.increment() }]
    }
}

/// Many threads racing one first use: each arrives, then uses; the first build waits until every
/// racer has arrived (and a little more, so they reach the use while it runs) and counts itself.
private final class FirstUseRace: Sendable {
    let racers: Int
    let arrived = Counter()
    let builds = Counter()

    init(racers: Int) { self.racers = racers }

    /// Counts one build; the first holds until every racer has arrived and entered its use.
    func build() {
        guard builds.increment() == 1 else { return }
        var spins = 0
        while arrived.value < racers, spins < 10_000 {
            Thread.sleep(forTimeInterval: 0.001)
            spins += 1
        }
        // Lets the racers that just arrived reach the cell while this build is still running; the
        // outcome does not depend on it (a late racer finds the value kept), only how hard it is tried.
        Thread.sleep(forTimeInterval: 0.05)
    }

    /// Starts every racer on a thread of its own and waits for them all, under a deadlock guard.
    func run(_ use: @escaping @Sendable (Int) -> Void) async throws {
        let racers = racers
        let arrived = arrived
        try await withDeadlockGuard("\(racers) threads racing a first use") {
            let workers = (0..<racers).map { index in
                Worker {
                    arrived.increment()
                    use(index)
                }
            }
            for worker in workers { #expect(worker.join(within: .seconds(30)), "a racer did not finish") }
        }
    }
}

/// Runs async `body` from a dedicated thread and blocks until it has finished.
private func syncAwait<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let result = Locked<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let outcome: Result<Value, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
    return try outcome.get()
}
