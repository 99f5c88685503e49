import Foundation
import Mediator
import MediatorMacros
import Testing

@Suite("Plain inputs: @MediatorInput on plain stored properties, registered with a mediator")
struct PlainInputEndToEndTests {
    @Test("a typed call, a call by name and a URL get the default the property is declared with")
    func oneDefault() throws {
        let mediator = try shopMediator()
        #expect(PlainUserQuery(id: 7) == PlainUserQuery(id: 7, tab: "posts"))
        #expect(try mediator.call(Shop.plainUser, with: PlainUserQuery(id: 7)) == "7/posts")
        #expect(try mediator.perform("plainUser", on: "Shop", with: ["id": 7]) as? String == "7/posts")
        #expect(try mediator.perform("plainUser", on: "Shop", with: ["id": "7"]) as? String == "7/posts")
        #expect(try mediator.open("app://plain/7") as? String == "7/posts")
        #expect(try mediator.open("app://plain/7?tab=likes") as? String == "7/likes")
    }

    @Test("the schema gives each property's name, whether it is required, its default and its doc comment")
    func schema() throws {
        let user = try publishedParameters(of: PlainUserQuery.self)
        #expect(user.map(\.name) == ["id", "tab"])
        #expect(user.map(\.summary) == ["User id", "Tab to open"])
        #expect(user.map(\.required) == [true, false])
        #expect(user[1].defaultValue == "posts")
        let everything = try publishedParameters(of: PlainEverything.self)
        #expect(
            everything.map(\.name) == ["count", "flag", "tag", "note", "level", "ids", "seed", "done", "model", "default"])
        #expect(
            everything.map(\.summary) == [
                "Required", "Defaulted", "Optional", "Spelled out, nil written", "A level, defaulted with an implicit member",
                "A list", "Set once, by the initializer", "Called when done", "A model", "",
            ])
        #expect(everything.map(\.required) == [true, false, false, false, false, false, true, false, true, false])
        #expect(everything.map(\.acceptsURLValues) == [true, true, true, true, true, true, true, false, false, true])
        #expect(everything[4].defaultValue == "high")
        #expect((try publishedParameters(of: PlainNothing.self)).isEmpty)
        #expect((try publishedParameters(of: PlainProductID.self)).map(\.name) == ["id"])
        #expect(try PlainProductID.schema.input(from: ["id": "42"]) == PlainProductID(id: 42))
    }

    @Test("the generated initializer takes every kind of parameter, with the declared defaults")
    func initializer() async throws {
        let input = PlainEverything(count: 3, seed: 9, model: .init(name: "m"))
        #expect(input.flag && input.tag == nil && input.note == nil && input.level == .high && input.ids == [1, 2])
        #expect(input.done == nil && input.default.isEmpty && input.doubled == 6)
        let seen = LockedInt()
        let mediator = try shopMediator()
        let typed = try await mediator.call(
            Shop.plainEverything,
            with: PlainEverything(
                count: 2, tag: "t", ids: [], seed: 1, done: { seen.set($0) }, model: .init(name: "n"), default: "d"))
        #expect(typed == "2 true t - high [] 1 n d")
        #expect(seen.value == 2)
        let named = try await mediator.performAsync(
            "plainEverything", on: "Shop",
            with: ["count": "1", "level": "low", "seed": 4, "model": PlainEverything.Model(name: "o")])
        #expect(named as? String == "1 true - - low [1, 2] 4 o -")
        let opened = try await mediator.openAsync(
            "app://Shop/plainEverything?count=5&seed=6&note=x&default=y", with: ["model": PlainEverything.Model(name: "u")])
        #expect(opened as? String == "5 true - x high [1, 2] 6 u y")
        #expect(try mediator.call(Shop.plainPing, with: PlainNothing()) == "pong")
    }

    @Test("a URL cannot set a @Native parameter", arguments: ["model=x", "done=x"])
    func nativeRefusedFromURL(query: String) async throws {
        let mediator = try shopMediator()
        let url = "app://Shop/plainEverything?count=1&seed=2&\(query)"
        await #expect {
            try await mediator.openAsync(url, with: ["model": PlainEverything.Model(name: "m")])
        } throws: { error in
            let error = error as? MediatorError
            return error?.code == .reservedParameter && error?.parameter == String(query.prefix { $0 != "=" })
        }
    }

    @Test("a plain input is a plain struct: it weighs what its values do, a @Parameter input more")
    func zeroOverhead() {
        #expect(MemoryLayout<PlainUserQuery>.size == MemoryLayout<PlainUserQueryByHand>.size)
        #expect(MemoryLayout<PlainUserQuery>.stride == MemoryLayout<PlainUserQueryByHand>.stride)
        #expect(MemoryLayout<PlainUserQuery>.size < MemoryLayout<UserQuery>.size)
        #expect(MemoryLayout<PlainNothing>.size == 0)
    }
}

/// An `Int` a `@Sendable` closure sets and the test reads.
private final class LockedInt: @unchecked Sendable {
    // Every access holds `lock`.
    private let lock = NSLock()
    private var stored: Int?
    var value: Int? { lock.withLock { stored } }
    func set(_ value: Int) { lock.withLock { stored = value } }
}
