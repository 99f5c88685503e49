import Foundation
import Mediator
import MediatorTestSupport
import Testing

/// How many times each declaration below ran its `init()`, the declaration its schema reads.
private let slowReads = Counter()
private let outerReads = Counter()
private let innerReads = Counter()
private let actionReads = Counter()
private let subscriptionReads = Counter()

/// An event the counting target subscribes to.
private let ping = MediatorEvent<Int>("declarationReadOncePing")

/// A target whose declarations are computed (not `static let`, which Swift itself runs once), and
/// take a while, so threads racing its first call overlap.
private struct RaceCountedTarget: MediatorTarget {
    static let targetName = "Counting"
    static var actions: [MediatorAction<Self>] {
        actionReads.increment()
        usleep(20_000)
        return [MediatorAction("ping") { _, _ in "pong" }]
    }
    static var subscriptions: [MediatorSubscription<Self>] {
        subscriptionReads.increment()
        usleep(20_000)
        return [MediatorSubscription(ping) { _, _ in }]
    }
}

/// An input whose declaration takes a while to read, so threads racing its first use overlap.
private struct SlowDeclaration: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("Tab") var tab = "info"
    init() {
        slowReads.increment()
        usleep(20_000)
    }
}

/// An input whose declaration needs another input's schema (a default read from it).
private struct Outer: MediatorInput {
    @Parameter("Fields of the inner input") var count = Inner.schema.parameters.count
    init() {
        outerReads.increment()
        usleep(10_000)
    }
}

private struct Inner: MediatorInput {
    @Parameter("Name") var name = "inner"
    init() {
        innerReads.increment()
        usleep(10_000)
    }
}

/// The mediator the two targets below ask about each other while their declarations are read.
private let crossing = Mediator()

/// Two targets whose declarations each call the mediator about the other: read on two threads at
/// once, each needs the table the other thread is reading.
private struct Left: MediatorTarget {
    static let targetName = "Left"
    static var actions: [MediatorAction<Self>] {
        usleep(20_000)
        _ = crossing.canPerform("b", on: "Right")
        return [MediatorAction("a") { _, _ in "left" }]
    }
}

private struct Right: MediatorTarget {
    static let targetName = "Right"
    static var actions: [MediatorAction<Self>] {
        usleep(20_000)
        _ = crossing.canPerform("a", on: "Left")
        return [MediatorAction("b") { _, _ in "right" }]
    }
}

@Suite("Declarations are read once under concurrent first use: schemas, action and subscription tables")
struct DeclarationReadOnceTests {
    @Test("eight threads racing the first use run the declaration once, and all get the same schema")
    func racingFirstUse() throws {
        let start = Flag()
        let names = Recording<[String]>()
        let workers = (0..<8).map { _ in
            Worker {
                while !start.isSet {}
                names.append(SlowDeclaration.schema.parameters.map(\.name))
            }
        }
        start.set()
        #expect(workers.allSatisfy { $0.join(within: .seconds(30)) })
        #expect(slowReads.value == 1)
        #expect(names.all.count == 8 && names.all.allSatisfy { $0 == ["id", "tab"] })
    }

    @Test("a declaration that needs another input's schema, raced from both ends, reads each once")
    func nestedReads() throws {
        let start = Flag()
        let workers = (0..<6).map { index in
            Worker {
                while !start.isSet {}
                if index.isMultiple(of: 2) {
                    _ = Outer.schema
                } else {
                    _ = Inner.schema
                }
            }
        }
        start.set()
        #expect(workers.allSatisfy { $0.join(within: .seconds(30)) })
        #expect(outerReads.value == 1)
        // A thread reading Outer that needs Inner while another thread reads it waits for it too:
        // no cycle, so no second read.
        #expect(innerReads.value == 1)
        #expect(Outer.schema.parameters.first?.defaultValue as? Int == 1)
    }

    @Test("eight threads racing a target's first call and first broadcast read its actions and subscriptions once")
    func targetTables() throws {
        let mediator = Mediator()
        try mediator.register(RaceCountedTarget())
        let start = Flag()
        let answers = Recording<String>()
        let workers = (0..<8).map { index in
            Worker {
                while !start.isSet {}
                if index.isMultiple(of: 2) {
                    answers.append((try? mediator.perform("ping", on: "Counting") as? String) ?? "failed")
                } else {
                    answers.append(((try? mediator.broadcast(ping, index))?.reached == ["Counting"]) ? "pong" : "failed")
                }
            }
        }
        start.set()
        #expect(workers.allSatisfy { $0.join(within: .seconds(30)) })
        #expect(answers.all == Array(repeating: "pong", count: 8))
        #expect(actionReads.value == 1)
        #expect(subscriptionReads.value == 1)
    }

    @Test("two declarations that need each other, read on two threads at once, do not deadlock")
    func crossingDeclarations() throws {
        try crossing.register(Left())
        try crossing.register(Right())
        let start = Flag()
        let answers = Recording<String>()
        let workers = [("a", "Left"), ("b", "Right")].map { action, target in
            Worker {
                while !start.isSet {}
                answers.append((try? crossing.perform(action, on: target) as? String) ?? "failed")
            }
        }
        start.set()
        #expect(workers.allSatisfy { $0.join(within: .seconds(30)) })
        #expect(answers.all.sorted() == ["left", "right"])
    }
}
