import Mediator
import Testing

/// Behaviour pinned down after review: main-actor callers, one-line wrapped errors, and parameter
/// errors that read the same whether or not an action declares parameters.
@Suite("Core review fixes")
struct CoreFixesTests {
    @MainActor @Test("a main-actor caller runs a main-actor action synchronously, even off the main thread")
    func mainActorCallerRunsMainActorActionSynchronously() throws {
        let mediator = Mediator()
        try mediator.register(CalculatorTarget.self)
        let screen: String = try mediator.perform("onMain", on: "Calculator")
        #expect(screen == "screen")
    }

    @Test("a wrapped multi-line error stays one line and ends with one period")
    func wrappedErrorIsOneLine() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "T",
            actions: [
                MediatorAction("fails") { _, _ -> Int in throw MultiLine() }
            ])
        let error = try #require(throws: MediatorError.self) { try mediator.perform("fails", on: "T", as: Int.self) }
        #expect(error.description == "T.fails failed: first line second line.")
    }

    @Test("a handler's own missing-key read is a missingParameter error whether or not it declares parameters")
    func undeclaredReadsAreNotWrapped() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "T",
            actions: [
                MediatorAction("undeclared") { _, parameters in try parameters.value("id", as: Int.self) },
                MediatorAction("declared", parameters: [.optional("x", Int.self)]) { _, parameters in
                    try parameters.value("id", as: Int.self)
                },
            ])
        for action in ["undeclared", "declared"] {
            let error = try #require(throws: MediatorError.self) { try mediator.perform(action, on: "T", as: Int.self) }
            guard case .missingParameter(key: "id", expected: "Int", _) = error else {
                Issue.record("\(action): expected missingParameter for id, got \(error)")
                continue
            }
        }
    }
}

private struct MultiLine: Error, CustomStringConvertible {
    var description: String { "first line\nsecond line." }
}
