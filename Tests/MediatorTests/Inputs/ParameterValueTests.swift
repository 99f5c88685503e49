import Foundation
import Mediator
import MediatorTesting
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
                    MediatorAction("read", parameters: Read<Value>.self) { _, p in
                        try p.value("value", as: Value.self)
                    }
                ])
            if let expected {
                let read = try mediator.perform("read", on: "Convert", with: ["value": raw], as: Value.self)
                #expect(read == expected)
            } else {
                let error = expectMediatorError(.invalidParameter) {
                    try mediator.perform("read", on: "Convert", with: ["value": raw], as: Value.self)
                }
                #expect(error?.parameter == "value")
                #expect(error?.expectedType == Value.mediatorTypeName)
                #expect(error?.received?.contains("\(Swift.type(of: raw))") == true)
                #expect(error?.target == "Convert")
                #expect(error?.action == "read")
            }
        }
    }
}

/// The one value a conversion row reads through a call by name.
private struct Read<Value: MediatorParameterValue>: MediatorInput {
    @Parameter var value: Value
}

/// What the shop's "add" reads: one of each kind of declared parameter.
private struct Add: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("How many") var quantity = 1
    @Parameter("Gift note") var note: String?
    @Parameter("Where to go next") var tab = Tab.cart
}

/// A required product id.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}

/// An `Int`-backed enum: its cases are listed by raw value.
private enum Size: Int, CaseIterable, MediatorParameterValue {
    case small = 1, large = 2
}

/// An enum without raw values that reads its own text: its cases are listed by that text.
private enum Speed: CaseIterable, LosslessStringConvertible, MediatorParameterValue {
    case slow, fast

    init?(_ description: String) {
        guard let speed = Self.allCases.first(where: { $0.description == description }) else { return nil }
        self = speed
    }

    var description: String { self == .slow ? "slow" : "fast" }
}

/// A `String`-backed enum that is not `CaseIterable`: it lists no values.
private enum Shade: String, MediatorParameterValue {
    case light, dark
}

/// An optional parameter the handler does not read.
private struct OptionalX: MediatorInput {
    @Parameter var x: Int?
}

private let someUUID = UUID()

/// A target whose actions read declared parameters, for missing, default and invalid values.
private struct ShopTarget: MediatorTarget {
    static let targetName = "Shop"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "add",
            parameters: Add.self
        ) { _, p in
            let id: Int = try p.value("id")
            let quantity: Int = try p.value("quantity")
            let note: String? = try p.optionalValue("note")
            let tab: Tab = try p.value("tab")
            return "\(id)x\(quantity) \(note ?? "-") \(tab.rawValue)"
        },
        MediatorAction("undeclared", parameters: ItemID.self) { _, p in
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
            // Double text is a finite decimal number and nothing else Double(_:) reads.
            Conversion.of(".5", to: 0.5),
            Conversion.of("5.", to: 5.0),
            Conversion.of("+2.5E-1", to: 0.25),
            Conversion.of(Substring("1.25"), to: 1.25),
            Conversion.of("0x1p3", to: Double?.none),
            Conversion.of("0x10", to: Double?.none),
            Conversion.of("infinity", to: Double?.none),
            Conversion.of("-inf", to: Double?.none),
            Conversion.of("NaN", to: Double?.none),
            Conversion.of("1e400", to: Double?.none),
            Conversion.of(".", to: Double?.none),
            Conversion.of("1e", to: Double?.none),
            Conversion.of(" 1", to: Double?.none),
            Conversion.of("1_000", to: Double?.none),
            Conversion.of("١٢", to: Double?.none),
            Conversion.of(Substring("0x1p3"), to: Double?.none),
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
    func convertsNativeValuesAndURLStrings(_ conversion: Conversion) throws {
        try conversion.check()
    }

    @Test("type names as errors and the catalog show them")
    func typeNamesReadAsDeclared() {
        #expect(Int.mediatorTypeName == "Int")
        #expect([Int].mediatorTypeName == "[Int]")
        #expect([[Tab]].mediatorTypeName == "[[Tab]]")
        #expect(Level.mediatorTypeName == "Level")
    }

    @Test("a missing required parameter is reported before the handler runs")
    func missingRequiredParameterIsReported() async throws {
        let mediator = try shopMediator()
        let error = expectMediatorError(.missingParameter) {
            try mediator.perform("add", on: "Shop", with: ["quantity": 2], as: String.self)
        }
        #expect(error?.parameter == "id")
        #expect(error?.expectedType == "Int")
        #expect(error?.target == "Shop")
        #expect(error?.action == "add")
        // The async path validates the same way.
        let asyncError = await expectMediatorError(.missingParameter) {
            try await mediator.performAsync("add", on: "Shop", as: String.self)
        }
        #expect(asyncError?.parameter == "id")
    }

    @Test("declared defaults fill in absent values; supplied values win")
    func declaredDefaultsFillAbsentValues() throws {
        let mediator = try shopMediator()
        let defaulted = try mediator.perform("add", on: "Shop", with: ["id": "5"], as: String.self)
        #expect(defaulted == "5x1 - cart")
        let supplied = try mediator.perform(
            "add", on: "Shop", with: ["id": 5, "quantity": "3", "note": "gift", "tab": "home"], as: String.self)
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
    func unconvertibleValueIsNamed(key: String, value: any Sendable, expected: String, received: String) throws {
        let mediator = try shopMediator()
        var parameters: MediatorParameters = ["id": 1]
        parameters[key] = value
        let error = expectMediatorError(.invalidParameter) {
            try mediator.perform("add", on: "Shop", with: parameters, as: String.self)
        }
        #expect(error?.parameter == key)
        #expect(error?.expectedType == expected)
        #expect(error?.received == received)
        #expect(error?.target == "Shop")
        #expect(error?.action == "add")
    }

    @Test("a long received value is shortened in the error's description, which gives its full size")
    func longReceivedValueIsShortened() throws {
        let mediator = try shopMediator()
        let long = String(repeating: "x", count: 500)
        let error = try #require(
            expectMediatorError(.invalidParameter) {
                try mediator.perform("add", on: "Shop", with: ["id": long], as: String.self)
            })
        // The property holds what was received, with its type; the description shows at most 120
        // characters of it, then its size.
        let received = try #require(error.received)
        #expect(received.hasSuffix("(String)"))
        #expect(!error.description.contains(String(repeating: "x", count: 121)))
        #expect(error.description.contains("…(\(received.utf8.count) bytes)"))
        #expect(error.description.count < 300)
    }

    @Test("a handler reading an undeclared key gets .missingParameter naming the action")
    func undeclaredKeyReadNamesTheAction() throws {
        let mediator = try shopMediator()
        let error = expectMediatorError(.missingParameter) {
            try mediator.perform("undeclared", on: "Shop", with: ["id": 1], as: Int.self)
        }
        #expect(error?.parameter == "missing")
        #expect(error?.target == "Shop")
        #expect(error?.action == "undeclared")
    }

    @Test("a handler's own read of a missing key is a missingParameter error whether or not the action declares parameters")
    func missingKeyReadIsNotWrappedWithOrWithoutDeclaredParameters() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "T",
            actions: [
                MediatorAction("undeclared") { _, parameters in try parameters.value("id", as: Int.self) },
                MediatorAction("declared", parameters: OptionalX.self) { _, parameters in
                    try parameters.value("id", as: Int.self)
                },
            ])
        for action in ["undeclared", "declared"] {
            let error = expectMediatorError(.missingParameter) { try mediator.perform(action, on: "T", as: Int.self) }
            #expect(error?.parameter == "id", "\(action)")
            #expect(error?.expectedType == "Int", "\(action)")
        }
    }

    @Test("parameters outside a call: typed reads, optional reads, native values, merging")
    func standaloneParametersReadAndMerge() throws {
        let completion: @Sendable (Bool) -> Void = { _ in }
        let parameters: MediatorParameters = ["id": "42", "flag": "yes", "done": completion, "id2": 1]
        #expect(try parameters.value("id", as: Int.self) == 42)
        #expect(try parameters.value("flag", as: Bool.self))
        #expect(try parameters.optionalValue("absent", as: Int.self) == nil)
        #expect(throws: Never.self) { _ = try parameters.value("done", as: (@Sendable (Bool) -> Void).self) }
        #expect(parameters.contains("id"))
        #expect(!parameters.contains("absent"))

        let missing = expectMediatorError(.missingParameter) { try parameters.value("absent", as: Int.self) }
        #expect(missing?.parameter == "absent")
        #expect(missing?.expectedType == "Int")
        #expect(missing?.target == nil)
        #expect(missing?.action == nil)
        expectMediatorError(.invalidParameter) { try parameters.value("id", as: (@Sendable (Bool) -> Void).self) }

        let merged = parameters.merging(["id": 7, "extra": true])
        #expect(try merged.value("id", as: Int.self) == 7)
        #expect(merged.contains("extra"))
        #expect(merged.keys.count == 5)
        #expect(MediatorParameters(["b": 2, "a": 1]).description == "[a: 1, b: 2]")
    }

    @Test("a type's allowed values come from its cases: raw values, text forms, or no list")
    func allowedValuesComeFromTheCases() throws {
        /// What a call by name reports when `"huge"` does not convert to `Value`.
        func expectation<Value: MediatorParameterValue>(_ type: Value.Type) throws -> String? {
            let mediator = Mediator()
            try mediator.register(
                targetNamed: "Convert",
                actions: [MediatorAction("read", parameters: Read<Value>.self) { _, p in try p.value("value", as: Value.self) }])
            let error = expectMediatorError(.invalidParameter) {
                try mediator.perform("read", on: "Convert", with: ["value": "huge"], as: Value.self)
            }
            return error?.expectedType
        }
        #expect(try expectation(Size.self) == "Size (one of 1, 2)")
        #expect(try expectation(Speed.self) == "Speed (one of slow, fast)")
        #expect(try expectation(Shade.self) == "Shade")
        #expect(try expectation(Int.self) == "Int")
        // The listed text is the text a URL uses.
        #expect(Speed.mediatorValue(fromText: "fast") == .fast)
        #expect(Size.mediatorValue(fromText: "2") == .large)
    }

    /// A mediator with the shop target registered.
    private func shopMediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(ShopTarget())
        return mediator
    }
}
