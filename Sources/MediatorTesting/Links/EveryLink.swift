public import Mediator
public import MediatorPublishing
import Testing

/// The every-link test: one call in an app's or a module's own suite that opens an example of every
/// route of every remote action in-process, and fails for a remote action with no example, a route
/// no example covers, an example that opens another action or is refused, a web link the
/// association files do not claim, and an action that does not receive the values its example sets.
///
/// No handler runs: each example goes through the real pipeline up to the interceptors, where a
/// probe records the call (target, action, parameters) and refuses it. No simulator, no device.
///
/// ```swift
/// @Test func everyLinkOpens() async throws {
///     let mediator = Mediator()
///     mediator.registerScheme("shop")
///     mediator.registerWebHost("shop.example.com")
///     try mediator.register(ProductsTarget())
///     await EveryLink.check(on: mediator)   // fails this test, Swift Testing or XCTest, per problem
/// }
/// ```
public enum EveryLink {
    /// Every problem with the mediator's links, one line each; empty when every link opens its own
    /// action with its own values.
    ///
    /// For its duration, the mediator's interceptors are replaced by the probe (and put back after),
    /// so an app's own gates and redirects do not hide its routes; do not call it while the mediator
    /// serves other calls.
    /// - Parameter mediator: A mediator with the targets, schemes and web hosts registered.
    /// - Returns: The problems.
    public static func problems(on mediator: Mediator) async -> [String] {
        let review: MediatorLinkReview
        do {
            review = try mediator.linkReview()
        } catch {
            return ["the routes have problems, so no link can be checked: \(error)"]
        }
        var problems: [String] = []
        if review.entries.isEmpty {
            problems.append("no remote action is reached by a link (is a scheme or web host registered?)")
        }
        let probe = LinkProbe()
        let saved = mediator.settings.interceptors
        mediator.configure { $0.interceptors = [probe] }
        defer { mediator.configure { $0.interceptors = saved } }
        for entry in review.entries {
            problems += entry.problems.map { "\(entry.label): \($0)" }
            for check in entry.checks {
                guard let url = check.example.url, check.reached == entry.label else { continue }
                probe.start()
                _ = try? await mediator.openAsync(url)
                guard let call = probe.finish().first(where: { $0.source == .remote }) else {
                    problems.append("\(entry.label): \(url) did not reach the interceptors as a remote call")
                    continue
                }
                if "\(call.target).\(call.action)" != entry.label {
                    problems.append("\(entry.label): \(url) arrived as \(call.target).\(call.action)")
                }
                for (name, expected) in check.example.values.sorted(by: { $0.key < $1.key }) {
                    guard let value = call.parameters[name] else {
                        problems.append("\(entry.label): \(url) does not set \(name)")
                        continue
                    }
                    let text = "\(value)"
                    if text != expected, (value as? [String])?.joined(separator: "/") != expected {
                        problems.append("\(entry.label): \(url) sets \(name) to \(text), not \(expected)")
                    }
                }
            }
        }
        return problems
    }

    /// Runs a table of conformance vectors against a mediator through `openAsync`, as another
    /// platform's router runs it against itself: each vector that opens must reach its action, with
    /// its parameters, at the interceptors (where a probe refuses it, so no handler runs); each
    /// refusal must fail with its `MediatorError` code.
    /// - Parameters:
    ///   - vectors: The table, such as a committed `link-vectors.json` read with `JSONDecoder`.
    ///   - mediator: A mediator with the targets, schemes and web hosts registered.
    /// - Returns: Each disagreement, one line each.
    public static func problems(replaying vectors: MediatorLinkVectors, on mediator: Mediator) async -> [String] {
        let probe = LinkProbe()
        let saved = mediator.settings.interceptors
        mediator.configure { $0.interceptors = [probe] }
        defer { mediator.configure { $0.interceptors = saved } }
        var problems: [String] = []
        for vector in vectors.vectors {
            probe.start()
            // A vector that opens is refused at the interceptors, so no handler runs; a refusal must
            // come from the pipeline itself (the remote policy runs after the interceptors).
            probe.refuses = vector.opens != nil
            var failure: MediatorError?
            do {
                _ = try await mediator.openAsync(vector.url)
            } catch {
                failure = error as? MediatorError
            }
            let seen = probe.finishWithOutcomes().filter { $0.call.source == .remote }
            let call = seen.first?.call
            if let opens = vector.opens {
                guard let call, call.target == opens.target, call.action == opens.action else {
                    let found = call.map { "\($0.target).\($0.action)" } ?? failure.map { "\($0.code)" } ?? "nothing"
                    problems.append("\(vector.url) should open \(opens.target).\(opens.action), reached \(found)")
                    continue
                }
                for (name, expected) in opens.parameters.sorted(by: { $0.key < $1.key }) {
                    let value = call.parameters[name].map { "\($0)" }
                    if value != expected {
                        problems.append("\(vector.url) sets \(name) to \(value ?? "nothing"), not \(expected)")
                    }
                }
            } else if let refused = vector.refused {
                let code = failure.map { "\($0.code)" }
                if let opened = seen.first(where: { $0.outcome?.isSuccess == true }) {
                    problems.append(
                        "\(vector.url) should be refused with \(refused.code), but ran \(opened.call.target).\(opened.call.action)"
                    )
                } else if code != refused.code {
                    problems.append("\(vector.url) should be refused with \(refused.code), got \(code ?? "no MediatorError")")
                }
            }
        }
        return problems
    }

    /// Fails the running test (Swift Testing or XCTest) once per problem ``problems(on:)`` finds,
    /// at the caller's line.
    /// - Parameters:
    ///   - mediator: A mediator with the targets, schemes and web hosts registered.
    ///   - fileID: Filled in by the compiler.
    ///   - filePath: Filled in by the compiler.
    ///   - line: Filled in by the compiler.
    ///   - column: Filled in by the compiler.
    public static func check(
        on mediator: Mediator, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for problem in await problems(on: mediator) { TestFailure.report("every link: \(problem)", at: site) }
    }
}
