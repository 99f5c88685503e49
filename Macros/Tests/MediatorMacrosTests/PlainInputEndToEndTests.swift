import Mediator
import MediatorMacros
import MediatorPublishing
import MediatorTesting
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

    @Test("the mediator reads each property's name, whether it is required, its default and its doc comment")
    func declaration() {
        let user = parameters(of: "plainUser")
        #expect(user.map(\.name) == ["id", "tab"])
        #expect(user.map(\.summary) == ["User id", "Tab to open"])
        #expect(user.map(\.required) == [true, false])
        #expect(user[1].defaultValue == "posts")
        let everything = parameters(of: "plainEverything")
        #expect(
            everything.map(\.name) == [
                "count", "flag", "tag", "note", "level", "page", "ids", "seed", "done", "model", "log", "default",
            ])
        #expect(
            everything.map(\.summary) == [
                "Required", "Defaulted", "Optional", "Spelled out, nil written", "A level, defaulted with an implicit member",
                "An optional with a default", "A list", "Set by the initializer", "Called when done", "A model",
                "Called to log, by default nowhere", "",
            ])
        #expect(
            everything.map(\.required) == [true, false, false, false, false, false, false, true, false, true, false, false])
        #expect(
            everything.map(\.acceptsURLValues) == [true, true, true, true, true, true, true, true, false, false, false, true])
        #expect(everything[4].defaultValue == "high")
        #expect(everything[5].defaultValue == "1")
        #expect(parameters(of: "plainPing").isEmpty)
    }

    @Test("the macro's input is the one written by hand: same parameters, same layout")
    func sameAsByHand() throws {
        #expect(MemoryLayout<PlainUserQuery>.size == MemoryLayout<PlainUserQueryByHand>.size)
        #expect(MemoryLayout<PlainUserQuery>.stride == MemoryLayout<PlainUserQueryByHand>.stride)
        let contract = ActionContract<PlainUserQueryByHand, String>("byHand", on: Shop.target)
        let byHand = try parameters(of: MediatorAction<Void>(contract) { _, _ in "" }, on: Shop.target)
        let macro = parameters(of: "plainUser")
        #expect(byHand.map(\.name) == macro.map(\.name))
        #expect(byHand.map(\.summary) == macro.map(\.summary))
        #expect(byHand.map(\.type) == macro.map(\.type))
        #expect(byHand.map(\.required) == macro.map(\.required))
        #expect(MemoryLayout<PlainNothing>.size == 0)
    }

    @Test("the generated initializer takes every kind of parameter, with the declared defaults")
    func initializer() async throws {
        let input = PlainEverything(count: 3, seed: 9, model: .init(name: "m"))
        #expect(input.flag && input.tag == nil && input.note == nil && input.level == .high && input.page == 1)
        #expect(input.ids == [1, 2] && input.done == nil && input.default.isEmpty && input.doubled == 6)
        let seen = LockedBox<Int?>(nil)
        let logged = LockedBox<Int?>(nil)
        let mediator = try shopMediator()
        let typed = try await mediator.call(
            Shop.plainEverything,
            with: PlainEverything(
                count: 2, tag: "t", page: nil, ids: [], seed: 1, done: { seen.set($0) }, model: .init(name: "n"),
                log: { logged.set($0.count) }, default: "d"))
        #expect(typed == "2 true t - high - [] 1 n d")
        #expect(seen.value == 2)
        #expect(logged.value == "plainEverything".count)
        let named = try await mediator.performAsync(
            "plainEverything", on: "Shop",
            with: ["count": "1", "level": "low", "seed": 4, "model": PlainEverything.Model(name: "o")])
        #expect(named as? String == "1 true - - low 1 [1, 2] 4 o -")
        let opened = try await mediator.openAsync(
            "app://Shop/plainEverything?count=5&seed=6&note=x&page=3&default=y",
            with: ["model": PlainEverything.Model(name: "u")])
        #expect(opened as? String == "5 true - x high 3 [1, 2] 6 u y")
        #expect(try mediator.call(Shop.plainPing, with: PlainNothing()) == "pong")
    }

    @Test("a typed caller and a caller by name get the same defaults, and inputs survive the mediator's round trip")
    func typedDefaults() throws {
        let mediator = try shopMediator()
        try mediator.checkRegistrations(
            facades: Shop.all,
            typedDefaults: [
                MediatorInputSample(PlainUserQuery(id: 1)),
                MediatorInputSample(PlainEverything(count: 1, seed: 2, model: .init(name: "m"))),
                MediatorInputSample(PlainProductID(id: 42)),
                MediatorInputSample(UserQuery(id: 1)),
                MediatorInputSample(Everything(count: 1, model: .init(name: "m"))),
            ])
        #expect(MediatorInputSample(PlainProductID(id: 42)).roundTripProblems().isEmpty)
        #expect(MediatorInputSample(PlainUserQuery(id: 7, tab: "likes")).roundTripProblems().isEmpty)
    }

    @Test("a URL cannot set a @Native parameter", arguments: ["model=x", "done=x", "log=x"])
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
}
