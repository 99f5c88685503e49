import Foundation
import Mediator
import MediatorTesting
import Testing

/// An input whose typed initializer sets only its id: every optional `@Parameter`, native or
/// converted, must start as `nil`, as Swift users expect of an optional.
private struct Checkout: MediatorInput {
    @Parameter("Order id") var id: Int
    @Parameter(native: "Called when done") var done: (@Sendable () -> Void)?
    @Parameter(native: "A model") var model: Model?
    @Parameter("A note") var note: String?
    init() {}
    init(id: Int) { self.id = id }

    struct Model: Sendable { let name: String }
}

/// The contracts of the checkout target, sync and async.
private enum Shop {
    static let target = "Shop"
    static let describe = ActionContract<Checkout, String>("describe", on: target)
    static let describeLater = AsyncActionContract<Checkout, String>("describeLater", on: target)
}

/// Answers which optional parameters of its input hold nothing, reading each one.
private struct ShopTarget: MediatorTarget {
    static let targetName = Shop.target
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Shop.describe, exposure: .remote, urlPatterns: ["/checkout/:id"]) { _, input in
            describe(input)
        },
        MediatorAction(Shop.describeLater, exposure: .remote, urlPatterns: ["/later/:id"]) { _, input in
            describe(input)
        },
    ]

    static func describe(_ input: Checkout) -> String {
        "\(input.id): done \(input.done == nil ? "nil" : "set"), model \(input.model?.name ?? "nil"), "
            + "note \(input.note ?? "nil")"
    }
}

@Suite("Optional parameters read nil when left out")
struct OptionalParameterTests {
    static let expected = "7: done nil, model nil, note nil"

    private func mediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(ShopTarget())
        mediator.registerScheme("shop")
        return mediator
    }

    @Test("a typed call with an input whose initializer leaves optional native parameters out reads nil")
    func typedCall() async throws {
        let mediator = try mediator()
        #expect(try mediator.call(Shop.describe, with: Checkout(id: 7)) == Self.expected)
        #expect(try await mediator.call(Shop.describeLater, with: Checkout(id: 7)) == Self.expected)
    }

    @Test("the schema declares them optional: calls by name and URLs leave them nil")
    func byNameAndURL() async throws {
        let mediator = try mediator()
        #expect(Checkout.schema.parameters.filter(\.isRequired).map(\.name) == ["id"])
        #expect(try mediator.perform("describe", on: "Shop", with: ["id": 7], as: String.self) == Self.expected)
        #expect(try await mediator.performAsync("describeLater", on: "Shop", with: ["id": 7], as: String.self) == Self.expected)
        #expect(try mediator.open("shop://checkout/7", as: String.self) == Self.expected)
        #expect(try await mediator.openAsync("shop://later/7", as: String.self) == Self.expected)
    }

    @Test("set, they read what was set, through a typed call and a call by name")
    func setValuesRead() throws {
        let mediator = try mediator()
        var input = Checkout(id: 7)
        input.done = {}
        input.model = Checkout.Model(name: "m")
        input.note = "n"
        #expect(try mediator.call(Shop.describe, with: input) == "7: done set, model m, note n")
        let byName = try mediator.perform(
            "describe", on: "Shop", with: ["id": 7, "done": { @Sendable in } as @Sendable () -> Void, "note": "n"],
            as: String.self)
        #expect(byName == "7: done set, model nil, note n")
    }
}
