// A libFuzzer target over URL parsing, routing and opening. Built by Fuzz/run.sh over the library's
// modules (MediatorCore, Mediator, MediatorPublishing, compiled with testing enabled; not through
// SwiftPM, which has no fuzzer support), so it sees the same code the package ships, internals included. Every input is treated as a URL and goes through the router's
// resolution (what canOpen asks), canOpen, open (sync and awaited paths share the router, so the sync
// one is used), and URL generation from the values it carries: when it opens, generate -> open again,
// by name and, for typed actions, by contract. The mediator it runs against is in FuzzFixture.swift.
// Each input is also read as a route configuration document and, when it starts with "/", published
// as a URL pattern and exported as association files (FuzzDocuments.swift, with its own properties).
//
// Properties, each a crash (`fail`) with the input saved by libFuzzer:
// 1. Every MediatorError the harness sees, from any step, describes itself on one line of bounded
//    length with no unsafe scalar (`checkDescription`); so does every MediatorError one wraps.
// 2. When canOpen says yes, open fails only on parameter values, in the handler, or in an interceptor.
// 3. canOpen answers what the router resolves and the remote policy allows; when it says no, open
//    succeeds only through the unmatched-URL handler.
// 4. A URL generated for what a URL opened opens too: by name from its values, or for a typed input
//    by contract, to an equal input.
// 5. open, URL generation and schema decoding throw nothing but MediatorError (the fixture's action
//    handler and interceptor throw other errors, which the mediator must wrap).
// 6. While `ready` is closed, every URL within the length limit is held before it is routed, as
//    itself (its hold's call carries the URL and no target); it can be cancelled, and when `ready`
//    opens it continues and finishes.
// 7.-8. Policies and options built field by field, and typed inputs with optionals left out
//    (FuzzPolicies.swift).

import Foundation
import Mediator

@testable import MediatorCore

/// How many inputs the cold-start step has seen (libFuzzer runs one input at a time, on one thread).
nonisolated(unsafe) var fuzzColdStarts = 0

/// libFuzzer's entry point: runs one input through every step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Invalid UTF-8 is repaired the way String(decoding:) does it; the parser sees those bytes as U+FFFD.
    let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    FuzzCase(url: url).run()
    // The same input as a route configuration document and a URL pattern, when it looks like one.
    FuzzDocuments(input: url, data: Data(bytes: data, count: size)).run()
    return 0
}

/// One input's run.
struct FuzzCase {
    let url: String
    let mediator = fuzzMediator

    func run() {
        holdAtColdStart()
        applyPoliciesFieldByField()
        let openable = mediator.canOpen(url)
        fuzzStats.count(openable ? "canOpen yes" : "canOpen no")
        let result = open(openable: openable)
        // A typed input is round-tripped by contract, which also compares it; its URL by name would
        // repeat the same generation and parsing with the same values as strings.
        let typedRoundTrip = result.flatMap(roundTrip(for:))
        // What the router makes of the URL is needed when canOpen said yes or the URL opened. For a
        // URL that canOpen refused and that failed to open, open's error, already checked, is the
        // one the router reports (or follows from the unmatched-URL handler's answer).
        guard openable || result != nil else { return }
        let router = mediator.snapshot().router.get()
        let probe = self.probe(router)
        switch probe {
        case .reached(let id, let values):
            guard openable else { fail("canOpen said no to a URL the router resolves and the remote policy allows", url: url) }
            if !router.routes[id].definition.nativeOnly.isEmpty { openWithNativeValues(openable: openable) }
            if result == nil {
                generate(from: values)
            } else if typedRoundTrip == nil {
                roundTripByName(router.routes[id].definition, values: values)
            }
        case .refused(let refusal):
            if openable { fail("canOpen said yes to a URL the router refuses: \(shown(refusal.description))", url: url) }
            // Only the unmatched-URL handler, which canOpen never runs, may open what canOpen refuses.
            if refusal.code != .noRouteMatched {
                fail("canOpen said no (.\(refusal.code)) but open succeeded, not through the unmatched-URL handler", url: url)
            }
        }
        // Typed inputs come back from routed URLs and from unmatched-URL redirects alike.
        typedRoundTrip?()
    }

    /// The round trip by contract for a result that is one of the fixture's typed inputs.
    func roundTrip(for result: any Sendable) -> (() -> Void)? {
        switch result {
        case let input as FuzzItemInput:
            {
                roundTrip(FuzzTyped.item, input)
                callWithOptionalsLeftOut(input)
            }
        case let input as FuzzFilesInput: { roundTrip(FuzzTyped.files, input) }
        case let input as FuzzDocInput: { roundTrip(FuzzTyped.doc, input) }
        case let input as FuzzFindInput: { roundTrip(FuzzTyped.find, input) }
        default: nil
        }
    }

    // MARK: Steps

    /// What the router makes of the URL without running anything: the resolution and remote-policy
    /// check canOpen answers from, with the errors canOpen swallows.
    enum Probe {
        case reached(ActionID, URLValues)
        case refused(MediatorError)
    }

    func probe(_ router: URLRouter) -> Probe {
        do {
            switch try router.resolve(url, caller: [:], runsUnmatchedHandler: false) {
            case let .action(id, input):
                let values = input.values
                let payload = Payload.values(ParameterLookup(url: input))
                if let violation = RemotePolicy.violation(of: router.routes[id].definition, by: payload, source: .remote) {
                    checkDescription(of: violation, step: "remote policy of the resolved URL")
                    return .refused(violation)
                }
                return .reached(id, values)
            case .named, .value:
                fail("resolve ran the unmatched-URL handler although told not to", url: url)
            }
        } catch let error as MediatorError {
            checkDescription(of: error, step: "resolve (canOpen's check)")
            return .refused(error)
        } catch {
            fail("resolve threw a non-MediatorError: \(error)", url: url)
        }
    }

    /// Opens the URL, checking the description of a refusal and that it agrees with canOpen.
    func open(openable: Bool) -> (any Sendable)? {
        do {
            let result = try mediator.open(url)
            fuzzStats.count("open succeeded")
            return result
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open")
            checkAgreement(of: error, openable: openable, step: "open")
            return nil
        } catch {
            fail("open threw a non-MediatorError: \(error)", url: url)
        }
    }

    /// Opens the URL with the native values the fixture's native-only parameters take: they may set
    /// what the URL may not, so canOpen's yes still bounds how the call can fail.
    func openWithNativeValues(openable: Bool) {
        let done: FuzzCompletion = { _ in }
        do {
            _ = try mediator.open(url, with: ["done": done, "callback": done])
            fuzzStats.count("open with native values succeeded")
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open with native values")
            checkAgreement(of: error, openable: openable, step: "open with native values")
        } catch {
            fail("open with native values threw a non-MediatorError: \(error)", url: url)
        }
    }

    /// Opens the URL on the cold-start mediator, where it must be held as itself (property 6), then
    /// ends the hold within the input: by cancelling it, and for every 512th input by opening `ready`
    /// and waiting for it to continue (it fails: nothing is registered). Nothing stays held across
    /// inputs: libFuzzer runs its leak check (a scan of the whole heap) after an input that allocated
    /// more than it freed, which a continuation's task, released on its own thread a moment after it
    /// finished, makes happen; hence only every 512th.
    func holdAtColdStart() {
        let cold = fuzzColdMediator
        let hold: MediatorHold
        do {
            _ = try cold.open(url)
            fail("a URL opened on a mediator whose ready gate is closed", url: url)
        } catch let error as MediatorError where error.code == .urlTooLong {
            checkDescription(of: error, step: "open at cold start")
            return
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open at cold start")
            guard error.code == .held, let held = error.hold, held.call.url == url, held.call.target.isEmpty else {
                fail("at cold start a URL was not held as itself: .\(error.code) \(shown(error.description))", url: url)
            }
            hold = held
        } catch {
            fail("open at cold start threw a non-MediatorError: \(error)", url: url)
        }
        guard cold.gates.heldCalls.map(\.id) == [hold.id] else { fail("the held URL is not the one call held", url: url) }
        fuzzColdStarts += 1
        if fuzzColdStarts % 512 == 0 {
            cold.gates.open(.ready)
            let continued = DispatchSemaphore(value: 0)
            Task.detached {
                _ = try? await hold.value()
                continued.signal()
            }
            continued.wait()
            cold.gates.close(.ready)
            guard case .finished(.failed) = hold.phase else { fail("a held URL continued but did not finish", url: url) }
            fuzzStats.count("held at cold start, continued")
        } else {
            guard hold.cancel(), cold.gates.heldCalls.isEmpty else { fail("a held URL could not be cancelled", url: url) }
            fuzzStats.count("held at cold start, cancelled")
        }
    }

    /// canOpen checks everything but parameter values, the handler, and what interceptors decide.
    func checkAgreement(of error: MediatorError, openable: Bool, step: String) {
        guard openable else { return }
        switch error.code {
        case .invalidParameter, .missingParameter, .handlerFailed, .rejected, .held: return
        default: fail("canOpen said yes but \(step) failed with .\(error.code): \(shown(error.description))", url: url)
        }
    }

    /// The requests `generate(from:)` makes, one per input, chosen by the input's length.
    static let generationRequests: [(action: String, target: String)?] = [
        ("item", "Typed"), ("files", "Typed"), ("doc", "Typed"), ("product", "Shop"), ("page", "Shop"), ("vault", "Shop"),
        nil,
    ]

    /// Generates a URL from the values of a routed URL that failed to open (values the action
    /// refused, as strings): by name for one action, or through a typed schema and contract (`nil`),
    /// chosen by the input's length so each input always takes the same way. Only the error text is
    /// checked, since these values need not be valid for that action. (A URL that opened is
    /// generated again by the round trips.)
    func generate(from values: URLValues) {
        let parameters = MediatorParameters(values.materialized())
        let request = Self.generationRequests[url.utf8.count % Self.generationRequests.count]
        do {
            if let (action, target) = request {
                _ = try mediator.url(for: action, on: target, with: parameters)
            } else {
                _ = try mediator.url(for: FuzzTyped.item, with: try FuzzItemInput.schema.input(from: parameters))
            }
        } catch let error as MediatorError {
            let name = request.map { "\($0.target).\($0.action)" } ?? "by contract"
            checkDescription(of: error, step: "URL generation for \(name) from the URL's values")
        } catch {
            fail("URL generation from the URL's values threw a non-MediatorError: \(error)", url: url)
        }
    }

    /// Generates a URL for the action the URL opened, from the values it carried (as strings), and
    /// opens it: it must open as the original did. (`url(for:)` has checked that it routes to the
    /// action; that canOpen agrees with a URL that opens is checked on every input.)
    func roundTripByName(_ definition: ActionDefinition, values: URLValues) {
        let parameters = MediatorParameters(values.materialized())
        let generated: String
        do {
            generated = try mediator.url(for: definition.name, on: definition.target, with: parameters)
        } catch let error as MediatorError {
            checkDescription(of: error, step: "url(for:on:with:) for the round trip")
            fuzzStats.count("round trip by name: no URL (.\(error.code))")
            return
        } catch {
            fail("url(for:on:with:) threw a non-MediatorError: \(error)", url: url)
        }
        do {
            _ = try mediator.open(generated)
            fuzzStats.count("round trip by name")
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open of the generated URL")
            fail("the URL generated for \(definition.label), \(shown(generated)), failed: \(shown(error.description))", url: url)
        } catch {
            fail("the URL generated for \(definition.label) threw a non-MediatorError: \(error)", url: url)
        }
    }

    /// Generates a URL for a typed input the URL opened to, by contract, and opens it: it must reach
    /// the same action and decode to an equal input.
    func roundTrip<Input: MediatorInput & Equatable>(_ contract: ActionContract<Input, Input>, _ input: Input) {
        let generated: String
        do {
            generated = try mediator.url(for: contract, with: input)
        } catch let error as MediatorError {
            checkDescription(of: error, step: "url(for: contract, with:) for the round trip")
            fuzzStats.count("round trip by contract: no URL (.\(error.code))")
            return
        } catch {
            fail("url(for: contract, with:) threw a non-MediatorError: \(error)", url: url)
        }
        do {
            let reopened = try mediator.open(generated, as: Input.self)
            guard reopened == input else {
                fail(
                    "\(contract) with \(shown(String(describing: input))) generates \(shown(generated)), "
                        + "which opens to \(shown(String(describing: reopened)))", url: url)
            }
            fuzzStats.count("round trip by contract")
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open of the URL generated by contract")
            fail("the URL generated for \(contract), \(shown(generated)), failed: \(shown(error.description))", url: url)
        } catch {
            fail("the URL generated for \(contract) threw a non-MediatorError: \(error)", url: url)
        }
    }

    // MARK: The error-text property

    /// A bound on a description's UTF-8 length. Each echoed input is cut at 120 scalars, each
    /// clause (a handler's error, a reason) or problem at 300, and an escaped scalar takes at most 8
    /// bytes (`\u{FEFF}`): the longest message, four echoes and a clause, stays under 7 KB of text
    /// however long its input; one uncapped echo of a 10,000-byte seed does not.
    static let descriptionByteLimit = 8 * 1024

    /// Checks that an error's description (and that of every MediatorError it wraps) is one line with
    /// no scalar that could break or forge a log line, and of bounded length.
    func checkDescription(of error: MediatorError, step: String) {
        let description = error.description
        fuzzStats.sawDescription(description, code: error.code)
        // On scalars: a CRLF is one Character, so Character-level checks such as contains("\n") miss it.
        if let unsafe = description.unicodeScalars.first(where: isUnsafeInLogLine) {
            let hex = String(unsafe.value, radix: 16, uppercase: true)
            fail("\(step): the .\(error.code) description holds U+\(hex) raw: \(shown(description, limit: 2000))", url: url)
        }
        if description.utf8.count >= Self.descriptionByteLimit {
            fail(
                "\(step): the .\(error.code) description is \(description.utf8.count) bytes: \(shown(description, limit: 600))",
                url: url)
        }
        if let wrapped = error.underlyingError as? MediatorError {
            checkDescription(of: wrapped, step: step + " (wrapped error)")
        }
    }
}

/// Whether a scalar must not appear raw in a log line, written out here rather than taken from the
/// library (`LogSafeText.isUnsafe`), so that a gap in the library's own list is a finding.
///
/// C0 controls and DEL and C1 controls (LF, VT, FF, CR and NEL among them, so a description without
/// them is one line); the line and paragraph separators; the bidirectional marks, embeddings,
/// overrides and isolates; the byte order mark.
func isUnsafeInLogLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFEFF: true
    default: false
    }
}

// MARK: Reporting

/// Reports a broken property and stops, so libFuzzer saves the input as a crash artifact.
func fail(_ message: String, url: String) -> Never {
    FileHandle.standardError.write(Data("MediatorFuzz property broken: \(message)\n  input: \(shown(url, limit: 600))\n".utf8))
    abort()
}

/// Text for the fuzzer's log, quoted: printable ASCII as is, every other scalar as `\u{…}`, cut at
/// `limit` scalars; so a report is unambiguous and cannot itself break the log.
func shown(_ text: String, limit: Int = 300) -> String {
    var result = "\""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit {
            result += "…(\(text.utf8.count) bytes)"
            break
        }
        if (0x20..<0x7F).contains(scalar.value) && scalar != "\\" && scalar != "\"" {
            result.unicodeScalars.append(scalar)
        } else {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
    return result + "\""
}

/// What a run saw, printed at exit when MEDIATOR_FUZZ_STATS is set: how often each step took each
/// way, and the longest description per error code; so a run shows the round trips and error paths
/// it reached. The fuzz target runs inputs one at a time on one thread.
struct FuzzStats {
    var counts: [String: Int] = [:]
    var longest: [String: (bytes: Int, description: String)] = [:]
    let enabled = ProcessInfo.processInfo.environment["MEDIATOR_FUZZ_STATS"] != nil

    mutating func count(_ event: String) {
        guard enabled else { return }
        counts[event, default: 0] += 1
    }

    mutating func sawDescription(_ description: String, code: MediatorError.Code) {
        guard enabled else { return }
        counts["error ." + code.name, default: 0] += 1
        if description.utf8.count > longest[code.name]?.bytes ?? -1 {
            longest[code.name] = (description.utf8.count, description)
        }
    }

    func report() {
        var lines = ["MediatorFuzz stats:"]
        for (event, count) in counts.sorted(by: { $0.key < $1.key }) { lines.append("  \(event): \(count)") }
        for (code, entry) in longest.sorted(by: { $0.key < $1.key }) {
            lines.append("  longest .\(code): \(entry.bytes) bytes: \(shown(entry.description, limit: 160))")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

nonisolated(unsafe) var fuzzStats: FuzzStats = {
    let stats = FuzzStats()
    if stats.enabled { atexit { fuzzStats.report() } }
    return stats
}()
