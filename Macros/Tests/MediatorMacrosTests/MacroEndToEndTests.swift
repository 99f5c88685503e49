import Foundation
import Mediator
import MediatorMacros
import MediatorPublishing
import Testing

@Suite("The macros on real inputs and a facade, registered with a mediator")
struct MacroEndToEndTests {
    @Test("a typed call, a call by name and a URL get the default the property is declared with")
    func oneDefault() throws {
        let mediator = try shopMediator()
        #expect(UserQuery(id: 7) == UserQuery(id: 7, tab: "posts"))
        #expect(try mediator.call(Shop.user, with: UserQuery(id: 7)) == "7/posts")
        #expect(try mediator.perform("user", on: "Shop", with: ["id": 7]) as? String == "7/posts")
        #expect(try mediator.open("app://user/7") as? String == "7/posts")
        #expect(try mediator.open("app://user/7?tab=likes") as? String == "7/likes")
    }

    @Test("the mediator reads names, types, defaults, and descriptions from attributes and doc comments")
    func declaration() {
        let user = parameters(of: "user")
        #expect(user.map(\.name) == ["id", "tab"])
        #expect(user.map(\.summary) == ["User id", "Tab to open"])
        #expect(user.map(\.required) == [true, false])
        let everything = parameters(of: "everything")
        #expect(everything.map(\.name) == ["count", "flag", "tag", "level", "ids", "done", "model", "log"])
        #expect(
            everything.map(\.summary) == [
                "Required", "Defaulted", "Optional", "Optional with a default", "A list", "Called when done", "A model",
                "Called to log",
            ])
        #expect(everything.map(\.required) == [true, false, false, false, false, false, true, false])
        #expect(everything.map(\.acceptsURLValues) == [true, true, true, true, true, false, false, false])
        #expect(parameters(of: "page").map(\.name) == ["page"])
        #expect(parameters(of: "ping").isEmpty)
    }

    @Test("the generated initializer takes every kind of parameter, with the declared defaults")
    func initializer() async throws {
        let seen = LockedBox<Int?>(nil)
        let input = Everything(count: 3, model: .init(name: "m"))
        #expect(input.flag && input.tag == nil && input.level == .high && input.ids == [1, 2] && input.done == nil)
        let mediator = try shopMediator()
        let typed = try await mediator.call(
            Shop.everything,
            with: Everything(count: 2, tag: "t", ids: [], done: { seen.set($0) }, model: .init(name: "n")))
        #expect(typed == "2 true t high [] n")
        #expect(seen.value == 2)
        let named = try await mediator.performAsync(
            "everything", on: "Shop", with: ["count": "1", "level": "low", "model": Everything.Model(name: "o")])
        #expect(named as? String == "1 true - low [1, 2] o")
        #expect(Declared(page: 4).page == 4)
        #expect(try await mediator.call(Shop.page, with: Declared(page: 4)) == 4)
        #expect(try await mediator.call(Shop.page, with: Declared()) == 1)
        #expect(try mediator.call(Shop.ping, with: Nothing()) == "pong")
    }

    @Test("all lists every contract of the facade, and events every event, in declaration order")
    func facadeLists() {
        #expect(
            Shop.all.map(\.description) == [
                "Shop.user", "Shop.everything", "Shop.page", "Shop.ping", "Shop.plainUser", "Shop.plainEverything",
                "Shop.plainPing",
            ])
        #expect(Shop.events.map(\.name) == ["userShown"])
    }
}

/// A value a `@Sendable` closure sets and the test reads.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // Every access holds `lock`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
