import Foundation
import Mediator
import Testing

/// One row of the conversion table: a raw value, the type asked for, and the value expected (or `nil`).
struct Conversion: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Checks the conversion directly and through a declared parameter of a real call.
    let check: @Sendable () throws -> Void

    static func of<Value: MediatorParameterValue & Equatable>(
        _ raw: any Sendable, to expected: Value?, as type: Value.Type = Value.self
    ) -> Conversion {
        let rawText = raw is String ? "\"\(raw)\"" : "\(raw) (\(Swift.type(of: raw)))"
        return Conversion(testDescription: "\(rawText) → \(Value.mediatorTypeName): \(expected.map { "\($0)" } ?? "nil")") {
            #expect(Value.mediatorValue(from: raw) == expected)

            let mediator = Mediator()
            try mediator.register(
                targetNamed: "Convert",
                actions: [
                    MediatorAction("read", parameters: [.required("value", Value.self)]) { _, p in
                        try p.value("value", as: Value.self)
                    }
                ])
            if let expected {
                let read: Value = try mediator.perform("read", on: "Convert", with: ["value": raw])
                #expect(read == expected)
            } else {
                let error = try #require(throws: MediatorError.self) {
                    let _: Value = try mediator.perform("read", on: "Convert", with: ["value": raw])
                }
                guard case let .invalidParameter(key, expectedType, received, action) = error else {
                    Issue.record("expected invalidParameter, got \(error)")
                    return
                }
                #expect(key == "value")
                #expect(expectedType == Value.mediatorTypeName)
                #expect(received.contains("\(Swift.type(of: raw))"))
                #expect(action == "Convert.read")
            }
        }
    }
}

private let someUUID = UUID()

/// A target whose actions read declared parameters, for missing, default and invalid values.
private struct ShopTarget: MediatorTarget {
    static let targetName = "Shop"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "add",
            parameters: [
                .required("id", Int.self, "Product id"),
                .optional("quantity", Int.self, default: 1, "How many"),
                .optional("note", String.self, "Gift note"),
                .optional("tab", Tab.self, default: .cart, "Where to go next"),
            ]
        ) { _, p in
            let id: Int = try p.value("id")
            let quantity: Int = try p.value("quantity")
            let note: String? = try p.optionalValue("note")
            let tab: Tab = try p.value("tab")
            return "\(id)x\(quantity) \(note ?? "-") \(tab.rawValue)"
        },
        MediatorAction("undeclared", parameters: [.required("id", Int.self)]) { _, p in
            try p.value("missing", as: Int.self)
        },
    ]
}

@Suite("Parameter values")
struct ParameterValueTests {
    @Test(
        "conversions from native values and URL strings",
        arguments: [
            // Int
            Conversion.of("42", to: 42),
            Conversion.of("-7", to: -7),
            Conversion.of("4x", to: Int?.none),
            Conversion.of("", to: Int?.none),
            Conversion.of(" 42", to: Int?.none),
            Conversion.of(42, to: 42),
            Conversion.of(42.0, to: 42),
            Conversion.of(42.5, to: Int?.none),
            Conversion.of(Int8(7), to: 7),
            Conversion.of(UInt64.max, to: Int?.none),
            Conversion.of(true, to: Int?.none),
            // Bool
            Conversion.of("true", to: true),
            Conversion.of("1", to: true),
            Conversion.of("yes", to: true),
            Conversion.of("TRUE", to: true),
            Conversion.of("NO", to: false),
            Conversion.of("false", to: false),
            Conversion.of("0", to: false),
            Conversion.of(1, to: true),
            Conversion.of(0, to: false),
            Conversion.of(2, to: Bool?.none),
            Conversion.of("maybe", to: Bool?.none),
            Conversion.of(true, to: true),
            // Double
            Conversion.of("9.99", to: 9.99),
            Conversion.of("-1e3", to: -1000.0),
            Conversion.of(3, to: 3.0),
            Conversion.of(Float(0.5), to: 0.5),
            Conversion.of("nan", to: Double?.none),
            Conversion.of("inf", to: Double?.none),
            Conversion.of("9,99", to: Double?.none),
            // String: other types are not silently stringified.
            Conversion.of("hello", to: "hello"),
            Conversion.of(Substring("sub"), to: "sub"),
            Conversion.of(42, to: String?.none),
            // UUID
            Conversion.of(someUUID.uuidString, to: someUUID),
            Conversion.of(someUUID.uuidString.lowercased(), to: someUUID),
            Conversion.of(someUUID, to: someUUID),
            Conversion.of("not-a-uuid", to: UUID?.none),
            // URL
            Conversion.of("https://example.com/a?b=1", to: URL(string: "https://example.com/a?b=1")),
            Conversion.of("shop://product/42", to: URL(string: "shop://product/42")),
            Conversion.of("no scheme here", to: URL?.none),
            Conversion.of("", to: URL?.none),
            Conversion.of(42, to: URL?.none),
            // String- and Int-backed enums
            Conversion.of("cart", to: Tab.cart),
            Conversion.of(Tab.profile, to: Tab.profile),
            Conversion.of("Cart", to: Tab?.none),
            Conversion.of("2", to: Level.two),
            Conversion.of(3, to: Level.three),
            Conversion.of("9", to: Level?.none),
            // Arrays: repeated URL keys arrive as [String]; a single value becomes one element.
            Conversion.of(["1", "2", "3"], to: [1, 2, 3]),
            Conversion.of([1, 2], to: [1, 2]),
            Conversion.of("7", to: [7]),
            Conversion.of(["1", "x"], to: [Int]?.none),
            Conversion.of([String](), to: [Int]()),
            Conversion.of("a", to: ["a"]),
            Conversion.of(["home", "cart"], to: [Tab.home, .cart]),
            Conversion.of(["true", "no"], to: [true, false]),
        ]
    )
    func conversion(_ conversion: Conversion) throws {
        try conversion.check()
    }

    @Test("type names as errors and the catalog show them")
    func typeNames() {
        #expect(Int.mediatorTypeName == "Int")
        #expect([Int].mediatorTypeName == "[Int]")
        #expect([[Tab]].mediatorTypeName == "[[Tab]]")
        #expect(Level.mediatorTypeName == "Level")
    }

    @Test("a missing required parameter is reported before the handler runs")
    func missingRequired() async throws {
        let mediator = try makeMediator(ShopTarget.self)
        let error = try #require(throws: MediatorError.self) {
            try performSync(mediator, "add", on: "Shop", with: ["quantity": 2], as: String.self)
        }
        guard case let .missingParameter(key, expected, action) = error else {
            Issue.record("expected missingParameter, got \(error)")
            return
        }
        #expect(key == "id")
        #expect(expected == "Int")
        #expect(action == "Shop.add")
        // The async path validates the same way.
        let asyncError = try await #require(throws: MediatorError.self) {
            let _: String = try await mediator.perform("add", on: "Shop")
        }
        #expect(asyncError.caseName == "missingParameter")
    }

    @Test("declared defaults fill in absent values; supplied values win")
    func defaults() throws {
        let mediator = try makeMediator(ShopTarget.self)
        let defaulted: String = try mediator.perform("add", on: "Shop", with: ["id": "5"])
        #expect(defaulted == "5x1 - cart")
        let supplied: String = try mediator.perform(
            "add", on: "Shop", with: ["id": 5, "quantity": "3", "note": "gift", "tab": "home"])
        #expect(supplied == "5x3 gift home")
    }

    @Test(
        "an unconvertible value names the key, the expected type and the value received",
        arguments: [
            ("id", "abc" as any Sendable, "Int", "\"abc\" (String)"),
            ("quantity", "many" as any Sendable, "Int", "\"many\" (String)"),
            ("tab", "checkout" as any Sendable, "Tab", "\"checkout\" (String)"),
            ("note", 12 as any Sendable, "String", "12 (Int)"),
        ]
    )
    func invalidValue(key: String, value: any Sendable, expected: String, received: String) throws {
        let mediator = try makeMediator(ShopTarget.self)
        var parameters: MediatorParameters = ["id": 1]
        parameters[key] = value
        let error = try #require(throws: MediatorError.self) {
            let _: String = try mediator.perform("add", on: "Shop", with: parameters)
        }
        guard case let .invalidParameter(errorKey, errorExpected, errorReceived, action) = error else {
            Issue.record("expected invalidParameter, got \(error)")
            return
        }
        #expect(errorKey == key)
        #expect(errorExpected == expected)
        #expect(errorReceived == received)
        #expect(action == "Shop.add")
    }

    @Test("a long received value is shortened in the error")
    func longValueShortened() throws {
        let mediator = try makeMediator(ShopTarget.self)
        let long = String(repeating: "x", count: 500)
        let error = try #require(throws: MediatorError.self) {
            let _: String = try mediator.perform("add", on: "Shop", with: ["id": long])
        }
        guard case let .invalidParameter(_, _, received, _) = error else {
            Issue.record("expected invalidParameter, got \(error)")
            return
        }
        #expect(received.count < 100)
        #expect(received.hasSuffix("(String)"))
    }

    @Test("a handler reading an undeclared key gets .missingParameter naming the action")
    func undeclaredKey() throws {
        let mediator = try makeMediator(ShopTarget.self)
        let error = try #require(throws: MediatorError.self) {
            let _: Int = try mediator.perform("undeclared", on: "Shop", with: ["id": 1])
        }
        guard case let .missingParameter(key, _, action) = error else {
            Issue.record("expected missingParameter, got \(error)")
            return
        }
        #expect(key == "missing")
        #expect(action == "Shop.undeclared")
    }

    @Test("parameters outside a call: typed reads, optional reads, native values, merging")
    func standaloneParameters() throws {
        let completion: @Sendable (Bool) -> Void = { _ in }
        let parameters: MediatorParameters = ["id": "42", "flag": "yes", "done": completion, "id2": 1]
        #expect(try parameters.value("id", as: Int.self) == 42)
        #expect(try parameters.value("flag", as: Bool.self))
        #expect(try parameters.optionalValue("absent", as: Int.self) == nil)
        #expect(throws: Never.self) { _ = try parameters.value("done", as: (@Sendable (Bool) -> Void).self) }
        #expect(parameters.contains("id"))
        #expect(!parameters.contains("absent"))

        let missing = try #require(throws: MediatorError.self) { try parameters.value("absent", as: Int.self) }
        guard case let .missingParameter(key, expected, action) = missing else {
            Issue.record("expected missingParameter, got \(missing)")
            return
        }
        #expect([key, expected] == ["absent", "Int"])
        #expect(action == nil)
        let wrongNative = try #require(throws: MediatorError.self) {
            try parameters.value("id", as: (@Sendable (Bool) -> Void).self)
        }
        #expect(wrongNative.caseName == "invalidParameter")

        let merged = parameters.merging(["id": 7, "extra": true])
        #expect(try merged.value("id", as: Int.self) == 7)
        #expect(merged.contains("extra"))
        #expect(merged.keys.count == 5)
        #expect(MediatorParameters(["b": 2, "a": 1]).description == "[a: 1, b: 2]")
    }
}
