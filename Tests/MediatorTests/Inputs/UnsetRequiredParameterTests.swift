import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// An input whose short typed initializer leaves the required `name` unset: a programming mistake
/// the typed doors must refuse at the call, naming the parameter, instead of trapping in the handler.
private struct Label: MediatorInput, Equatable {
    @Parameter("Product id") var id: Int
    @Parameter("Printed name") var name: String
    @Parameter("Copies") var copies = 1
    @Parameter("A note") var note: String?
    init() {}
    init(id: Int) { self.id = id }
    init(id: Int, name: String) { (self.id, self.name) = (id, name) }
}

/// An input whose default holds the very word an unset parameter is marked with, so the offsets
/// read from its declaration do not match its required parameters and each call asks `Mirror`.
private struct Lookalike: MediatorInput {
    @Parameter("A default equal to the unset marker") var magic = Int(bitPattern: 0xA5C3_9E1F_D2B7_604B as UInt)
    @Parameter("Printed name") var name: String
    init() {}
    init(magic: Int) { self.magic = magic }
}

private enum Printer {
    static let target = "Printer"
    static let print = ActionContract<Label, String>("print", on: target)
    static let printLater = AsyncActionContract<Label, String>("printLater", on: target)
    static let preview = MainActorActionContract<Label, String>("preview", on: target)
    static let printed = MediatorEvent<Label>("printed")
    static let printLookalike = ActionContract<Lookalike, String>("printLookalike", on: target)
}

/// Counts handler runs, so a refused call is seen not to have run.
private final class Runs: Sendable {
    private let counter = Counter()
    var count: Int { counter.value }
    func ran() { counter.increment() }
}

private struct PrinterTarget: MediatorTarget {
    static let targetName = Printer.target
    let runs: Runs
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Printer.print, exposure: .remote, urlPatterns: ["/print/:id/:name"]) { target, label in
            target.runs.ran()
            return "\(label.id) \(label.name) x\(label.copies)"
        },
        MediatorAction(Printer.printLater) { target, label in
            target.runs.ran()
            return "\(label.id) \(label.name)"
        },
        MediatorAction(Printer.preview) { target, label in
            target.runs.ran()
            return "preview \(label.name)"
        },
        MediatorAction(Printer.printLookalike) { target, label in
            target.runs.ran()
            return label.name
        },
    ]
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(Printer.printed) { target, label in
            target.runs.ran()
            _ = label.name
        }
    ]
}

/// Holds every call to `print` until the "paper" gate opens.
private struct PaperGate: MediatorInterceptor {
    func intercept(_ call: MediatorCall) -> MediatorCall.Decision {
        call.action == "print" ? .hold(until: "paper") : .proceed
    }
}

/// Sees every outcome, as an analytics interceptor would.
private final class Outcomes: MediatorInterceptor, Sendable {
    let codes = Recording<MediatorError.Code?>()
    func intercept(_ call: MediatorCall) -> MediatorCall.Decision { .proceed }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        if case .failed(let error) = outcome { codes.append((error as? MediatorError)?.code) }
    }
}

@Suite("A required @Parameter a typed initializer leaves unset is refused at the call, by name")
struct UnsetRequiredParameterTests {
    private let runs = Runs()

    private func printer() throws -> Mediator {
        let mediator = Mediator()
        let runs = self.runs
        try mediator.register(PrinterTarget(runs: runs))
        mediator.registerScheme("shop")
        return mediator
    }

    /// The error a refused call must carry: the code, the parameter and a message that says what to fix.
    private func expectUnsetName(_ error: MediatorError?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error?.code == .missingParameter, sourceLocation: sourceLocation)
        #expect(error?.parameter == "name", sourceLocation: sourceLocation)
        #expect(error?.expectedType == "String", sourceLocation: sourceLocation)
        #expect(
            error?.description.contains("typed initializer left the required parameter \"name\" (String) unset") == true,
            "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test("a synchronous typed call throws missingParameter naming it; the handler never runs; the next call works")
    func synchronousCall() throws {
        let mediator = try printer()
        expectUnsetName(expectMediatorError(.missingParameter) { try mediator.call(Printer.print, with: Label(id: 7)) })
        // The second call takes the thread's cached binding: the same check.
        expectUnsetName(expectMediatorError(.missingParameter) { try mediator.call(Printer.print, with: Label(id: 7)) })
        #expect(runs.count == 0)
        #expect(try mediator.call(Printer.print, with: Label(id: 7, name: "tea")) == "7 tea x1")
    }

    @Test("an awaited call and a main-actor call are refused the same way")
    @MainActor
    func awaitedAndMainActorCalls() async throws {
        let mediator = try printer()
        await #expect(throws: MediatorError.self) { try await mediator.call(Printer.printLater, with: Label(id: 7)) }
        do {
            _ = try await mediator.call(Printer.printLater, with: Label(id: 7))
        } catch let error as MediatorError {
            expectUnsetName(error)
        }
        expectUnsetName(expectMediatorError(.missingParameter) { try mediator.call(Printer.preview, with: Label(id: 7)) })
        #expect(runs.count == 0)
        #expect(try mediator.call(Printer.preview, with: Label(id: 1, name: "box")) == "preview box")
        #expect(try await mediator.call(Printer.printLater, with: Label(id: 1, name: "box")) == "1 box")
    }

    @Test("with an interceptor installed the call is refused too, and the interceptor observes the failure")
    func interceptedCall() throws {
        let mediator = try printer()
        let outcomes = Outcomes()
        mediator.configure { $0.interceptors.append(outcomes) }
        expectUnsetName(expectMediatorError(.missingParameter) { try mediator.call(Printer.print, with: Label(id: 7)) })
        #expect(outcomes.codes.all == [.missingParameter])
        #expect(runs.count == 0)
    }

    @Test("a held typed call is refused when it continues, through its hold")
    func heldCall() async throws {
        let mediator = try printer()
        mediator.configure { $0.interceptors.append(PaperGate()) }
        let error = expectMediatorError(.held) { try mediator.call(Printer.print, with: Label(id: 7)) }
        let hold = try #require(error?.hold)
        mediator.gates.open("paper")
        do {
            let value = try await hold.value()
            Issue.record("the continued call returned \(value)")
        } catch let error as MediatorError {
            expectUnsetName(error)
        }
        #expect(runs.count == 0)
    }

    @Test("an event whose payload leaves one unset reports the subscriber failed with missingParameter")
    func eventPayload() throws {
        let mediator = try printer()
        let report = try mediator.broadcast(Printer.printed, Label(id: 7))
        #expect(report.failures.count == 1)
        expectUnsetName(report.failures.first?.underlyingError as? MediatorError)
        #expect(runs.count == 0)
        #expect(try mediator.broadcast(Printer.printed, Label(id: 7, name: "tea")).succeeded)
        #expect(runs.count == 1)
    }

    @Test("an input whose layout the offsets cannot tell is checked by reflection, with the same error")
    func lookalikeLayout() throws {
        let mediator = try printer()
        expectUnsetName(
            expectMediatorError(.missingParameter) { try mediator.call(Printer.printLookalike, with: Lookalike(magic: 1)) })
        var set = Lookalike(magic: 1)
        set.name = "ok"
        #expect(try mediator.call(Printer.printLookalike, with: set) == "ok")
        #expect(runs.count == 1)
    }

    @Test("calls by name and URLs decode every required parameter: they say it was not supplied, as before")
    func byNameAndURL() throws {
        let mediator = try printer()
        let byName = expectMediatorError(.missingParameter) { try mediator.perform("print", on: "Printer", with: ["id": 7]) }
        #expect(byName?.parameter == "name" && byName?.description.contains("not supplied") == true)
        #expect(try mediator.open("shop://print/7/tea", as: String.self) == "7 tea x1")
    }
}
