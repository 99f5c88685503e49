import Foundation
import Mediator
import MediatorTesting
import Testing

/// A price as a typed input reads it: one `Double`, and a list of them.
private struct PriceInput: MediatorInput {
    @Parameter("The amount") var amount: Double
    @Parameter("More amounts") var extras: [Double] = []
    init() {}
    init(amount: Double, extras: [Double] = []) { (self.amount, self.extras) = (amount, extras) }
}

/// The same amount, declared for the action taking untyped parameters.
private struct Amount: MediatorInput {
    @Parameter var amount: Double
}

private enum Prices {
    static let set = ActionContract<PriceInput, String>("set", on: "Prices")
}

/// The same parameter behind every door: a typed input from a path or a query, and a name-declared one.
private struct PricesTarget: MediatorTarget {
    static let targetName = "Prices"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Prices.set, exposure: .remote, urlPatterns: ["/price/:amount"]) { _, input in
            "\(input.amount) \(input.extras)"
        },
        MediatorAction(
            "byName", parameters: Amount.self, exposure: .remote, urlPatterns: ["/named/:amount"]
        ) {
            _, parameters in "\(try parameters.value("amount", as: Double.self))"
        },
    ]
}

/// The reference (``MediatorParameterValue``, URLRouting "Typed inputs from URLs"): a `Double` is a
/// finite decimal number, whichever door its text comes through.
@Suite("Decimal parameters")
struct DecimalParameterTests {
    private func mediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(PricesTarget())
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example")
        return mediator
    }

    /// Texts that are not finite decimal numbers, written as a URL carries them.
    static let refused = [
        "0x1p3", "0X1P-2", "0x10", "inf", "-Infinity", "nan", "NAN", "1e400", "1e", "e5", "%2E", "-.", "%201", "1%20", "1_0",
    ]

    @Test("a decimal number opens through a path, a query, a repeated key and a name-declared action")
    func decimalsOpen() throws {
        let mediator = try mediator()
        #expect(try mediator.open("shop://price/9.99", as: String.self) == "9.99 []")
        #expect(try mediator.open("https://shop.example/price/-1e3", as: String.self) == "-1000.0 []")
        #expect(try mediator.open("shop://Prices/set?amount=.5&extras=1&extras=%2B2.5E1", as: String.self) == "0.5 [1.0, 25.0]")
        #expect(try mediator.open("shop://named/5.", as: String.self) == "5.0")
        #expect(try mediator.perform("byName", on: "Prices", with: ["amount": "2.25"], as: String.self) == "2.25")
    }

    @Test("anything else is invalidParameter, naming the parameter and Double, through every door", arguments: refused)
    func othersAreRefused(text: String) throws {
        let mediator = try mediator()
        let urls = [
            "shop://price/\(text)", "https://shop.example/price/\(text)", "shop://Prices/set?amount=\(text)",
            "shop://Prices/set?amount=1&extras=2&extras=\(text)", "shop://named/\(text)", "shop://Prices/byName?amount=\(text)",
        ]
        for url in urls {
            let error = expectMediatorError(.invalidParameter) { try mediator.open(url) }
            #expect(error?.expectedType == "Double" || error?.expectedType == "[Double]", "\(url)")
        }
        let decoded = text.removingPercentEncoding ?? text
        let byName = expectMediatorError(.invalidParameter) {
            try mediator.perform("byName", on: "Prices", with: ["amount": decoded])
        }
        #expect(byName?.parameter == "amount")
        expectMediatorError(.invalidParameter) {
            try mediator.perform("set", on: "Prices", with: ["amount": Substring(decoded)])
        }
    }

    @Test(
        "a generated URL carries any finite Double back as the same value",
        arguments: [1e20, -1e-7, 0.1, -0.0, 1.7976931348623157e308])
    func generatedURLsRoundTrip(value: Double) throws {
        let mediator = try mediator()
        let url = try mediator.url(for: Prices.set, with: PriceInput(amount: value, extras: [value]))
        #expect(try mediator.open(url, as: String.self) == "\(value) [\(value)]")
    }
}
