import Foundation
public import Mediator
import MediatorPublishing

/// The hostile-link pack: for every example link of every remote route, generated hostile variants
/// (``HostileLink/Kind``), each opened through the real pipeline with the app's handlers, failing for
/// a crash (the test process dies), an error that is not a `MediatorError`, a variant that must be
/// refused and is not, a local-only action reached because the URL named it, a native-only
/// parameter set from the URL, or a link slower than the time limit.
///
/// What OWASP MASWE-0032 and MASTG-TEST-0292 ask an app to test of every deep link, run in the
/// module's own suite (with its doubles, since handlers run), without a simulator:
///
/// ```swift
/// @Test func hostileLinks() async throws {
///     let mediator = Mediator()
///     mediator.registerScheme("shop")
///     try mediator.register(ProductsTarget())
///     await HostileLinks.check(on: mediator)
/// }
/// ```
public enum HostileLinks {
    /// The variants for the mediator's links, in a stable order.
    /// - Parameter mediator: A mediator with the targets, schemes and web hosts registered.
    /// - Returns: The pack; empty when no link reaches a remote action.
    /// - Throws: `MediatorError.Code.invalidRoutes` when the declared routes have problems.
    public static func pack(for mediator: Mediator) throws -> [HostileLink] {
        let review = try mediator.linkReview()
        let catalog = mediator.catalog()
        let maximumLength = mediator.settings.urlOptions.maximumLength
        var locals: [(target: String, action: String)] = []
        for target in catalog.targets {
            for action in target.actions where action.exposure == .local { locals.append((target.name, action.name)) }
        }
        let scheme = review.links.schemes.first?.name
        var pack: [HostileLink] = []
        for entry in review.entries where entry.state != .removed {
            let declared = catalog.target(named: entry.target)?.actions.first { $0.name == entry.action }
            let nativeOnly = (declared?.parameters ?? []).filter { !$0.acceptsURLValues }.map(\.name)
            for check in entry.checks {
                guard let url = check.example.url, let link = LinkParts(url, route: check.example.route) else { continue }
                func add(_ kind: HostileLink.Kind, _ url: String, refused: Bool = false, naming: [String] = []) {
                    pack.append(
                        HostileLink(kind: kind, url: url, base: entry.label, mustBeRefused: refused, namesLocalActions: naming))
                }
                for parameter in entry.parameters {
                    let name = parameter.name
                    for (kind, values) in valueAttacks(for: parameter) {
                        for value in values { add(kind, link.setting(name, to: value)) }
                    }
                    add(.duplicateKeys, link.adding(name, "1").adding(name, "2").text)
                    for (target, action) in locals where parameter.type == "String" || parameter.type == "URL" {
                        let names = ["\(target).\(action)"]
                        add(.localAction, link.setting(name, to: LinkParts.encoded(action)), naming: names)
                        add(.localAction, link.setting(name, to: LinkParts.encoded("\(target).\(action)")), naming: names)
                        if let scheme {
                            add(
                                .localAction, link.setting(name, to: LinkParts.encoded("\(scheme)://\(target)/\(action)")),
                                naming: names)
                        }
                    }
                }
                for name in nativeOnly { add(.nativeParameter, link.adding(name, "1").text, refused: true) }
                add(.overLong, link.adding("pad", String(repeating: "a", count: maximumLength)).text, refused: true)
                add(.dotSegments, link.withPathPrefix("../").text)
                add(.dotSegments, link.withPathPrefix("%2E%2E/").text)
                add(.dotSegments, link.withPathPrefix("./").text)
                add(.empty, link.withPathPrefix("/").text)
                add(.unicode, link.adding("x", "%E2%80%AE%E2%80%8B").text)
            }
        }
        if let scheme {
            for (target, action) in locals {
                pack.append(
                    HostileLink(
                        kind: .localAction, url: "\(scheme)://\(target)/\(action)", base: "\(target).\(action)",
                        mustBeRefused: true, namesLocalActions: ["\(target).\(action)"]))
            }
        }
        var seen: Set<String> = []
        return pack.filter { seen.insert($0.url + $0.kind.rawValue).inserted }
    }

    /// The values (already percent-encoded where needed) that attack one parameter.
    private static func valueAttacks(for parameter: MediatorLinks.Parameter) -> [(HostileLink.Kind, [String])] {
        [
            (.overLong, [String(repeating: "9", count: 1_000), String(repeating: "a", count: 1_000)]),
            (.empty, [""]),
            (.dotSegments, ["..", "%2E%2E", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "."]),
            (.encodedSeparators, ["1%2F2", "1%3F2", "1%232", "%00", "1%0D%0Ax", "1%2526"]),
            (
                .nestedURL,
                [
                    "https%3A%2F%2Fevil.example%2F", "javascript%3Aalert(1)", "%2F%2Fevil.example%2F",
                    "file%3A%2F%2F%2Fetc%2Fpasswd", "data%3Atext%2Fhtml%2C%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                ]
            ),
            (.wrongType, ["abc", "1e309", "-99999999999999999999999", "1.5", "NaN", "true", "0x10"]),
            (.unicode, ["%EF%BC%91", "%D0%B0", "%E2%80%AE1", "%E2%80%8B", "1%CC%81", "%F0%9F%98%80", "%FF%FE"]),
        ]
    }

    /// Opens every variant of the pack and returns each problem, one line each.
    ///
    /// Handlers run (register the module with its doubles); for the duration, a recording
    /// interceptor is added after the mediator's own, and removed after.
    ///
    /// The cost of a link is bounded two ways, neither a benchmark: by work, the calls one link
    /// makes through the mediator (its own and those its handler makes: a loop or a fan-out driven
    /// by the URL shows here, the same on any machine), and by a deadline, generous enough for a
    /// loaded CI machine, past which the link is reported as one that does not finish (a hang).
    /// - Parameters:
    ///   - mediator: A mediator with the targets, schemes and web hosts registered.
    ///   - callLimit: The most calls one link may make through the mediator.
    ///   - timeLimit: The deadline for one link; a hang detector, not a speed test.
    /// - Returns: The problems; empty when every variant is handled safely.
    public static func problems(
        on mediator: Mediator, callLimit: Int = 16, timeLimit: Duration = .seconds(60)
    ) async -> [String] {
        let pack: [HostileLink]
        do {
            pack = try self.pack(for: mediator)
        } catch {
            return ["the routes have problems, so no hostile link can be made: \(error)"]
        }
        let catalog = mediator.catalog()
        var local: Set<String> = []
        var nativeOnly: [String: Set<String>] = [:]
        for target in catalog.targets {
            for action in target.actions {
                let label = "\(target.name).\(action.name)"
                if action.exposure == .local { local.insert(label) }
                nativeOnly[label] = Set(action.parameters.filter { !$0.acceptsURLValues }.map(\.name))
            }
        }
        let probe = LinkProbe(refuses: false)
        let saved = mediator.settings.interceptors
        mediator.configure { $0.interceptors = saved + [probe] }
        defer { mediator.configure { $0.interceptors = saved } }
        var problems: [String] = []
        for link in pack {
            probe.start()
            let outcome = await open(link.url, on: mediator, within: timeLimit)
            let seen = probe.finishWithOutcomes()
            guard case .finished(let refusal) = outcome else {
                problems.append("\(link): did not finish within \(timeLimit)")
                continue
            }
            if seen.count > callLimit {
                problems.append("\(link): made \(seen.count) calls through the mediator, over the limit of \(callLimit)")
            }
            if let refusal, !(refusal is MediatorError) {
                problems.append("\(link): failed with \(type(of: refusal)), not a MediatorError with a code")
            }
            if link.mustBeRefused, refusal == nil { problems.append("\(link): opened, but must be refused") }
            for entry in seen where entry.outcome?.isSuccess == true {
                let label = "\(entry.call.target).\(entry.call.action)"
                if local.contains(label), entry.call.source == .remote || link.namesLocalActions.contains(label) {
                    problems.append("\(link): reached the local-only action \(label)")
                }
                for key in nativeOnly[label] ?? [] where entry.call.parameters.contains(key) && link.url.contains("\(key)=") {
                    problems.append("\(link): set the native-only parameter \(key) of \(label) from the URL")
                }
            }
        }
        return problems
    }

    /// Fails the running test (Swift Testing or XCTest) once per problem
    /// ``problems(on:callLimit:timeLimit:)`` finds, at the caller's line.
    /// - Parameters:
    ///   - mediator: A mediator with the targets, schemes and web hosts registered.
    ///   - callLimit: The most calls one link may make through the mediator.
    ///   - timeLimit: The deadline for one link; a hang detector, not a speed test.
    ///   - fileID: Filled in by the compiler.
    ///   - filePath: Filled in by the compiler.
    ///   - line: Filled in by the compiler.
    ///   - column: Filled in by the compiler.
    public static func check(
        on mediator: Mediator, callLimit: Int = 16, timeLimit: Duration = .seconds(60), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for problem in await problems(on: mediator, callLimit: callLimit, timeLimit: timeLimit) {
            TestFailure.report("hostile link: \(problem)", at: site)
        }
    }
}

extension HostileLinks {
    /// How opening one link ended: with its error (`nil` when it opened), or past the deadline.
    enum Opening: Sendable {
        case finished((any Error)?)
        case timedOut
    }

    /// Opens the URL, racing the deadline: returns at the first of the two, and does not wait for a
    /// link that hangs (its task is left running; the check reports it and goes on).
    static func open(_ url: String, on mediator: Mediator, within limit: Duration) async -> Opening {
        let first = FirstResult()
        return await withCheckedContinuation { continuation in
            first.set(continuation)
            let deadline = Task {
                // Cancelled once the link finished: then it must not answer.
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                first.resume(with: .timedOut)
            }
            Task {
                let outcome: Opening
                do {
                    _ = try await mediator.openAsync(url)
                    outcome = .finished(nil)
                } catch {
                    outcome = .finished(error)
                }
                first.resume(with: outcome)
                deadline.cancel()
            }
        }
    }

    /// Resumes a continuation once, with whichever result comes first.
    private final class FirstResult: @unchecked Sendable {
        /// Guards `continuation`; the continuation is resumed outside it.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Opening, Never>?

        func set(_ continuation: CheckedContinuation<Opening, Never>) {
            lock.lock()
            self.continuation = continuation
            lock.unlock()
        }

        func resume(with result: Opening) {
            lock.lock()
            let waiting = continuation
            continuation = nil
            lock.unlock()
            waiting?.resume(returning: result)
        }
    }
}

/// An example URL taken apart enough to change one value: the part before the path, the path's
/// segments aligned with the route's, and the query items.
struct LinkParts {
    var head: String
    var segments: [String]
    var routeSegments: [String]
    var query: [(String, String)]

    init?(_ url: String, route: MediatorLinks.Route) {
        guard let range = url.range(of: "://") else { return nil }
        var rest = url[range.upperBound...]
        head = String(url[..<range.upperBound])
        if url.hasPrefix("https://") || url.hasPrefix("http://") {
            let host = rest.prefix { $0 != "/" && $0 != "?" }
            head += host
            rest = rest.dropFirst(host.count)
        }
        let pathText = rest.prefix { $0 != "?" }
        let queryText = rest.dropFirst(pathText.count).dropFirst()
        segments = pathText.split(separator: "/").map(String.init)
        routeSegments = route.path.split(separator: "/").map(String.init)
        query = queryText.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
        }
    }

    var text: String {
        let separator = head.hasSuffix("://") ? "" : "/"
        let path = segments.isEmpty ? "" : separator + segments.joined(separator: "/")
        return head + path + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
    }

    /// The URL with the parameter's value replaced, in the path when the route captures it, else in the query.
    func setting(_ name: String, to value: String) -> String {
        var copy = self
        if segments.count == routeSegments.count,
            let index = routeSegments.firstIndex(where: { $0 == ":\(name)" || $0 == "*\(name)" })
        {
            copy.segments[index] = value
            return copy.text
        }
        copy.query.removeAll { $0.0 == name }
        copy.query.append((name, value))
        return copy.text
    }

    func adding(_ name: String, _ value: String) -> LinkParts {
        var copy = self
        copy.query.append((name, value))
        return copy
    }

    func withPathPrefix(_ prefix: String) -> LinkParts {
        var copy = self
        if copy.segments.isEmpty {
            copy.segments = [String(prefix.dropLast())]
        } else {
            copy.segments[0] = prefix + copy.segments[0]
        }
        return copy
    }

    /// Text as one query value or segment.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
