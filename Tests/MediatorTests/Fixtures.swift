import Foundation
import Mediator
import Testing

// Targets and helpers shared by several suites. Suite-specific targets live next to their suite.

/// Counts what the counting targets do, per test: a test installs its own probe as a task-local,
/// so suites running in parallel never see each other's counts.
final class Probe: Sendable {
    /// The probe of the running test, if it installed one.
    @TaskLocal static var current: Probe?

    private let instances = Locked(0)
    private let tableReads = Locked(0)

    /// How many target instances were created.
    var instancesCreated: Int { instances.withLock { $0 } }
    /// How many times a target's `actions` table was evaluated.
    var actionTableReads: Int { tableReads.withLock { $0 } }

    /// Records one instance creation and returns its serial number, starting at 1.
    func makeInstance() -> Int {
        instances.withLock { count in
            count += 1
            return count
        }
    }
    /// Records one evaluation of an `actions` table.
    func readTable() { tableReads.withLock { $0 += 1 } }

    /// Runs `body` with this probe installed.
    func run<R>(_ body: () throws -> R) rethrows -> R { try Probe.$current.withValue(self, operation: body) }
    /// Runs async `body` with this probe installed.
    func run<R: Sendable>(_ body: @Sendable () async throws -> R) async rethrows -> R {
        try await Probe.$current.withValue(self, operation: body)
    }
}

/// The actions both counting targets declare; reading them counts as a table evaluation.
///
/// `init()` takes the next serial number from the running test's probe, so registering
/// `FreshTarget()` (an autoclosure the mediator evaluates whenever it makes an instance) counts
/// every instance the mediator makes, and none at registration.
protocol CountingTarget: MediatorTarget {
    var serial: Int { get }
    init(serial: Int)
}

extension CountingTarget {
    /// An instance numbered by the running test's probe (0 without one).
    init() { self.init(serial: Probe.current?.makeInstance() ?? 0) }

    static var actions: [MediatorAction<Self>] {
        Probe.current?.readTable()
        return [
            MediatorAction("serial", summary: "The serial number of the instance that answered") { target, _ in
                target.serial
            },
            MediatorAction("ping") { _, _ in "pong" },
        ]
    }
}

/// A target that creates a new instance per call (the default).
struct FreshTarget: CountingTarget {
    static let targetName = "Fresh"
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A target that opts in to instance caching.
struct CachedTarget: CountingTarget {
    static let targetName = "Cached"
    static let cachesInstance = true
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// An error handlers throw so tests can find it again, wrapped or not.
enum FixtureError: Error, Equatable {
    case boom
    case other(String)
}

/// A tab enum backed by strings, converted from URL values such as `"cart"`.
enum Tab: String, MediatorParameterValue, Equatable {
    case home, cart, profile
}

/// A level enum backed by integers, converted from `2` or `"2"`.
enum Level: Int, MediatorParameterValue, Equatable {
    case one = 1, two = 2, three = 3
}

/// The two numbers the calculator's actions add.
private struct Operands: MediatorInput {
    @Parameter("First") var a: Int
    @Parameter("Second") var b: Int
}

/// A small arithmetic target with one action per kind of handler.
struct CalculatorTarget: MediatorTarget {
    static let targetName = "Calculator"
    static let summary = "Adds numbers"

    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "add", summary: "Adds two numbers",
            parameters: Operands.self
        ) { _, p in
            try p.value("a", as: Int.self) + p.value("b", as: Int.self)
        },
        MediatorAction("addAsync", parameters: Operands.self) { _, p async throws in
            await Task.yield()
            return try p.value("a", as: Int.self) + p.value("b", as: Int.self)
        },
        MediatorAction("nothing") { _, _ in },
        MediatorAction("fail") { _, _ -> Int in throw FixtureError.boom },
        MediatorAction("failAsync") { _, _ async throws -> Int in throw FixtureError.boom },
        .onMainActor("onMain", summary: "Screen code bound to the main actor") { _, _ in
            MainActor.assertIsolated()
            return "screen"
        },
        MediatorAction("shared", exposure: .remote, urlPatterns: ["/shared/:id"]) { _, _ in "shared" },
    ]
}
