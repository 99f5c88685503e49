public import Mediator
import MediatorPublishing
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
        let saved = mediator.interceptors
        mediator.removeAllInterceptors()
        mediator.addInterceptor(probe)
        defer {
            mediator.removeAllInterceptors()
            for interceptor in saved { mediator.addInterceptor(interceptor) }
        }
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
