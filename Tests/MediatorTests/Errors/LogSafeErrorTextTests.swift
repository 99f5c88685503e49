import Mediator
import MediatorTesting
import Testing

/// Every error description is one log line: whatever input it echoes (names, keys, values, URLs,
/// reasons) has its control, line-separator and bidirectional-formatting characters escaped, and
/// each echoed input is capped, so a 10,000-byte input cannot make a 10 KB message.
@Suite("Error descriptions are one safe log line")
struct LogSafeErrorTextTests {
    // MARK: Unsafe characters

    @Test("an input with an unsafe character reaches no description raw", arguments: ProvokedError.allCases, unsafeInputs)
    func unsafeCharactersAreEscaped(error provoked: ProvokedError, input: UnsafeInput) async throws {
        let mediator = try shopMediator()
        let error = await provoked.provoke(on: mediator, with: "ab\(input.text)cd")
        try expectLogSafe(error)
        // The input is escaped, not dropped.
        #expect(error?.description.contains("ab") == true)
        #expect(error?.description.contains("cd") == true)
    }

    @Test("a key with an unsafe character in a missing-parameter error is escaped", arguments: unsafeInputs)
    func missingParameterKeyIsEscaped(input: UnsafeInput) throws {
        let mediator = Mediator()
        let key = "first\(input.text)second"
        // No property can be named so: the handler reads the key, as one a caller named would be.
        try mediator.register(
            targetNamed: "Keys", actions: [MediatorAction("need") { _, p in try p.value(key, as: String.self) }])

        let error = expectMediatorError(.missingParameter) { try mediator.perform("need", on: "Keys") }
        #expect(error?.parameter == key)
        try expectLogSafe(error)
    }

    @Test("every problem of invalid routes and declarations is escaped as the description is", arguments: unsafeInputs)
    func problemsAreEscaped(input: UnsafeInput) throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Patterns",
            actions: [
                MediatorAction("bad", exposure: .remote, urlPatterns: ["/a\(input.text)b", "/c/:x\(input.text)"]) { _, _ in 0 }
            ])
        let error = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }
        #expect(error?.problems.isEmpty == false)
        // The input's scalars that are not printable ASCII: none of them may reach a problem raw.
        let unsafe = input.text.unicodeScalars.filter { !(0x20..<0x7F).contains($0.value) }
        for problem in error?.problems ?? [] {
            #expect(!problem.unicodeScalars.contains { unsafe.contains($0) }, "\(problem)")
        }
        try expectLogSafe(error)
    }

    @Test("URLs with percent-encoded line breaks and controls give safe descriptions", arguments: encodedURLs)
    func percentEncodedControlsInURLsAreEscaped(url: String, code: MediatorError.Code) throws {
        let mediator = try shopMediator()
        let error = expectMediatorError(code) { try mediator.open(url) }
        try expectLogSafe(error)
    }

    // MARK: Oversized inputs

    @Test("a 10,000-byte URL scheme is capped in the description, with its byte count")
    func hugeSchemeIsCapped() throws {
        let mediator = try shopMediator()
        let scheme = String(repeating: "s", count: 10_000)
        let error = expectMediatorError(.unknownURLScheme) { try mediator.open("\(scheme)://product/1") }
        try expectLogSafe(error, capped: true)
        #expect(error?.available == ["shop"])
    }

    @Test("a 10,000-byte parameter key is capped in the description, with its byte count")
    func hugeKeyIsCapped() throws {
        let mediator = Mediator()
        let key = String(repeating: "k", count: 9_999) + "\n"
        try mediator.register(
            targetNamed: "Keys", actions: [MediatorAction("need") { _, p in try p.value(key, as: String.self) }])

        let error = expectMediatorError(.missingParameter) { try mediator.perform("need", on: "Keys") }
        #expect(error?.parameter == key)
        try expectLogSafe(error, capped: true)
    }

    @Test("10,000-byte names, values and URL paths are capped in the description", arguments: ProvokedError.allCases)
    func hugeInputsAreCapped(error provoked: ProvokedError) async throws {
        let mediator = try shopMediator()
        let huge = String(repeating: "\u{2028}x", count: 2_500)
        #expect(huge.utf8.count == 10_000)
        let error = await provoked.provoke(on: mediator, with: huge)
        try expectLogSafe(error, capped: true)
    }

    private static let unsafeInputs: [UnsafeInput] = [
        UnsafeInput("LF", "\n"), UnsafeInput("CRLF", "\r\n"), UnsafeInput("CR", "\r"),
        UnsafeInput("LINE SEPARATOR", "\u{2028}"), UnsafeInput("PARAGRAPH SEPARATOR", "\u{2029}"),
        UnsafeInput("RIGHT-TO-LEFT OVERRIDE", "\u{202E}"), UnsafeInput("NEXT LINE", "\u{85}"),
        UnsafeInput("ESC (terminal colour)", "\u{1B}[31m"), UnsafeInput("SOH", "\u{1}"), UnsafeInput("DEL", "\u{7F}"),
        UnsafeInput("RIGHT-TO-LEFT ISOLATE", "\u{2067}"), UnsafeInput("ARABIC LETTER MARK", "\u{61C}"),
        UnsafeInput("BOM", "\u{FEFF}"), UnsafeInput("forged log line", "\n2026-01-01 [ERROR] admin logged in"),
    ]

    private static let encodedURLs: [(String, MediatorError.Code)] = [
        ("shop://product/%0A", .invalidParameter),
        ("shop://product/1?quantity=%0D%0A", .invalidParameter),
        ("shop://product/4%E2%80%A82", .invalidParameter),
        ("shop://product/1?quantity=%E2%80%AE1", .invalidParameter),
        ("shop://nowhere/%0D%0Aforged%C2%85line", .noRouteMatched),
        ("shop://product/1%0", .malformedURL),
        ("shop://product/%ZZ%0A", .malformedURL),
        ("shop://product/1%00", .malformedURL),
        ("shop://product/1?quantity=\u{2028}%0", .malformedURL),
        ("shop://pro duct/\u{202E}1", .malformedURL),
    ]

    /// A character (or sequence) that must never reach a log line raw.
    struct UnsafeInput: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String

        init(_ name: String, _ text: String) {
            self.name = name
            self.text = text
        }

        var testDescription: String { name }
    }

    /// An error the mediator reports with an input echoed in its description.
    enum ProvokedError: String, CaseIterable, Sendable {
        case targetNotFound, actionNotFound, invalidParameterByName, invalidParameterFromURLPath
        case invalidParameterFromURLQuery, noRouteMatched, malformedURL, rejected, handlerFailed

        /// Makes the mediator report this error about `input`, and returns it.
        fileprivate func provoke(on mediator: Mediator, with input: String) async -> MediatorError? {
            switch self {
            case .targetNotFound:
                return expectMediatorError(.targetNotFound) { try mediator.perform("detail", on: input) }
            case .actionNotFound:
                return expectMediatorError(.actionNotFound) { try mediator.perform(input, on: "Products") }
            case .invalidParameterByName:
                return expectMediatorError(.invalidParameter) {
                    try mediator.perform("detail", on: "Products", with: ["id": input])
                }
            case .invalidParameterFromURLPath:
                return expectMediatorError(.invalidParameter) { try mediator.open("shop://product/\(percentEncoded(input))") }
            case .invalidParameterFromURLQuery:
                return expectMediatorError(.invalidParameter) {
                    try mediator.open("shop://product/1?quantity=\(percentEncoded(input))")
                }
            case .noRouteMatched:
                return expectMediatorError(.noRouteMatched) { try mediator.open("shop://nowhere/\(percentEncoded(input))") }
            case .malformedURL:
                // The space makes the URL malformed whatever the input holds; the description echoes the URL.
                return expectMediatorError(.malformedURL) { try mediator.open("shop://product/\(input) 1") }
            case .rejected:
                mediator.configure { $0.interceptors.append(Refuse(reason: input)) }
                return await expectMediatorError(.rejected) { try await mediator.performAsync("detail", on: "Products") }
            case .handlerFailed:
                return expectMediatorError(.handlerFailed) {
                    try mediator.perform("fail", on: "Products", with: ["message": input])
                }
            }
        }
    }
}

// MARK: - Fixtures

/// Asserts that an error's description is one safe, bounded line; `capped` when an echoed input
/// was long enough that the description must say it was cut.
private func expectLogSafe(
    _ error: MediatorError?, capped: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let description = try #require(error?.description, sourceLocation: sourceLocation)
    let unsafe = description.unicodeScalars.filter(isUnsafe)
    #expect(
        unsafe.isEmpty, "unsafe scalars \(unsafe.map { String($0.value, radix: 16) }) in: \(description.debugDescription)",
        sourceLocation: sourceLocation)
    #expect(description.utf8.count < 2_000, "the description is \(description.utf8.count) bytes", sourceLocation: sourceLocation)
    if capped {
        #expect(description.contains("bytes)"), "no byte count in: \(description.prefix(300))", sourceLocation: sourceLocation)
    }
}

/// Scalars that can break a log line or make it read differently from what it holds.
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF: true
    default: false
    }
}

/// Every byte that is not a letter or digit, percent-encoded.
private func percentEncoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
            result.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            result += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return result
}

private struct ProductInput: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("How many") var quantity: Int = 1

    init() {}
    init(id: Int, quantity: Int = 1) { (self.id, self.quantity) = (id, quantity) }
}

/// The message the failing action throws.
private struct Message: MediatorInput {
    @Parameter var message: String
}

private struct Products: MediatorTarget {
    static let targetName = "Products"
    static let actions: [MediatorAction<Products>] = [
        MediatorAction(
            ActionContract<ProductInput, Int>("detail", on: "Products"), exposure: .remote, urlPatterns: ["/product/:id"]
        ) {
            _, input in input.id * input.quantity
        },
        MediatorAction("fail", parameters: Message.self) { _, parameters -> Int in
            throw Failure(message: try parameters.value("message", as: String.self))
        },
    ]
}

/// An error whose description is whatever it was given.
private struct Failure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Rejects every call with the reason it was given.
private struct Refuse: MediatorInterceptor {
    let reason: String
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .reject(reason: reason) }
}

/// A mediator with the Products target on `shop://`, accepting URLs long enough to carry 10,000-byte inputs.
private func shopMediator() throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: 1_000_000) }
    try mediator.register(Products())
    return mediator
}
