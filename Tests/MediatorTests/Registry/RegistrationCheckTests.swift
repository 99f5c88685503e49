import Mediator
import MediatorTesting
import Testing

// The start-up check against a fixture with each mistake it should find, and the round trip of
// sample inputs through their schemas (in `checkRegistrations` and `FacadeContract`).

/// An input whose schema agrees with its initializer.
private struct Profile: MediatorInput, Equatable {
    @Parameter("User id") var id: Int
    @Parameter("Tab") var tab: String = "posts"
    init(id: Int, tab: String = "posts") {
        self.id = id
        self.tab = tab
    }
    init() {}
}

/// An input whose declared defaults differ from its initializer's: typed callers get 1, URLs get 2.
private struct Order: MediatorInput, Equatable {
    @Parameter var id: Int
    @Parameter var quantity = 2
    @Parameter var note: String?
    init() {}
    init(productID: Int, quantity: Int = 1, note: String? = "gift") {
        self.id = productID
        self.quantity = quantity
        self.note = note
    }
}

private enum Users {
    static let target = "Users"
    static let profile = ActionContract<Profile, String>("profile", on: target)
    static let order = ActionContract<Order, Int>("order", on: target)
    static let settings = ActionContract<NoInput, String>("settings", on: target)
    static let all: [any MediatorContract] = [profile, order, settings]
}

private enum Billing {
    static let invoice = ActionContract<NoInput, Int>("invoice", on: "Billing")
}

/// Everything right: its placeholders name fields, it binds every contract of `Users`.
private struct UsersTarget: MediatorTarget {
    static let targetName = Users.target
    static let actions: [MediatorAction<UsersTarget>] = [
        MediatorAction(Users.profile, exposure: .remote, urlPatterns: ["/user/:id(/:tab)"]) { _, input in
            "\(input.id) \(input.tab)"
        },
        MediatorAction(Users.order) { _, input in input.quantity },
        MediatorAction(Users.settings) { _, _ in "settings" },
    ]
}

/// A route placeholder that names no field (`userID` for `id`), and one that names a native-only field.
private struct MistakenRoutesTarget: MediatorTarget {
    static let targetName = "MistakenRoutes"
    struct Callback: MediatorInput {
        @Parameter var id: Int
        @Parameter(native: "") var done: (@Sendable () -> Void)?
        init() {}
        init(id: Int, done: (@Sendable () -> Void)? = nil) { (self.id, self.done) = (id, done) }
    }
    static let user = ActionContract<Profile, Int>("user", on: targetName)
    static let ping = ActionContract<Callback, Int>("ping", on: targetName)
    static let actions: [MediatorAction<MistakenRoutesTarget>] = [
        MediatorAction(user, exposure: .remote, urlPatterns: ["/user/:userID"]) { _, input in input.id },
        MediatorAction(ping, exposure: .remote, urlPatterns: ["/ping/:id/:done"]) { _, _ in 0 },
    ]
}

/// A target registered under a typo: its actions bind contracts of `Billing`.
private struct BillingTarget: MediatorTarget {
    static let targetName = "Biling"
    static let actions: [MediatorAction<BillingTarget>] = [MediatorAction(Billing.invoice) { _, _ in 1 }]
}

/// The `Users` target as it drifted from its facade: `profile` returns an Int, `order` became asynchronous.
private struct DriftedUsersTarget: MediatorTarget {
    static let targetName = Users.target
    static let actions: [MediatorAction<DriftedUsersTarget>] = [
        MediatorAction(ActionContract<Profile, Int>("profile", on: targetName)) { _, _ in 0 },
        MediatorAction(AsyncActionContract<Order, Int>("order", on: targetName)) { _, input in input.quantity },
    ]
}

@Suite("The start-up check and schema round trips")
struct RegistrationCheckTests {
    @Test("a correct registration passes the check, with its facade and samples")
    func correctRegistrationPasses() throws {
        let mediator = Mediator()
        try mediator.register(UsersTarget())
        try mediator.checkRegistrations(
            facades: Users.all, typedDefaults: [MediatorInputSample(Profile(id: 7))])
    }

    @Test("every mistake is reported at once, in one error")
    func everyMistakeIsReportedAtOnce() throws {
        let mediator = Mediator()
        try mediator.register(MistakenRoutesTarget())
        try mediator.register(BillingTarget())
        // Users is not registered: its facade's contracts are bound by nobody.
        let error = expectMediatorError(.invalidRegistrations) {
            try mediator.checkRegistrations(
                facades: Users.all + [Billing.invoice],
                typedDefaults: [MediatorInputSample(Order(productID: 5))])
        }
        let problems = error?.problems ?? []
        func reported(_ parts: String...) -> Bool {
            problems.contains { problem in parts.allSatisfy { problem.contains($0) } }
        }
        #expect(reported("Biling", "Billing.invoice", "another target"), "a contract that names another target")
        #expect(reported("MistakenRoutes.user", "\"userID\"", "no field", "fields: id, tab"), "a placeholder naming no field")
        #expect(reported("MistakenRoutes.ping", "\"done\"", "native-only"), "a placeholder naming a native-only field")
        #expect(reported("Users.profile", "no target named \"Users\""), "a facade contract nobody binds")
        #expect(reported("Users.settings", "no target named \"Users\""))
        #expect(reported("Billing.invoice", "no target named \"Billing\""))
        #expect(reported("Order.quantity", "typed caller", "1 (Int)", "2 (Int)"), "a default that differs")
        #expect(reported("Order.note", "\"gift\" (String)", "nothing"), "an optional the initializer fills")
        #expect(problems.count == 9, "\(problems)")
    }

    @Test("a contract bound with other types, or by a handler its kind of call cannot run, is reported")
    func contractBoundWithOtherTypesIsReported() throws {
        let mediator = Mediator()
        try mediator.register(DriftedUsersTarget())
        let error = expectMediatorError(.invalidRegistrations) {
            try mediator.checkRegistrations(facades: [Users.profile, Users.order])
        }
        #expect(error?.problems.count == 2)
        #expect(error?.problems.first?.contains("result Int, not the contract's Profile and String") == true)
        #expect(error?.problems.last?.contains("runs asynchronous") == true)
    }

    @Test("a sample whose values its schema gives back unchanged passes its round trip")
    func agreeingSamplePasses() {
        #expect(MediatorInputSample(Profile(id: 1, tab: "likes")).roundTripProblems() == [])
        #expect(MediatorInputSample(Order(productID: 4, quantity: 5, note: nil)).roundTripProblems() == [])
    }

    @Test("a sample whose typed initializer leaves a required parameter unset names it, in the check and in the contract test")
    func unsetRequiredParameterIsNamed() throws {
        let problems = MediatorInputSample(HalfSet(id: 7)).roundTripProblems()
        #expect(problems.count == 1, "\(problems)")
        #expect(
            problems.first?.hasPrefix(
                "HalfSet.name: the typed initializer the sample was made with leaves this required parameter unset") == true)
        let mediator = Mediator()
        let error = expectMediatorError(.invalidRegistrations) {
            try mediator.checkRegistrations(typedDefaults: [MediatorInputSample(HalfSet(id: 7))])
        }
        #expect(error?.problems.contains { $0.hasPrefix("HalfSet.name:") } == true)
        #expect(MediatorInputSample(HalfSet(id: 7, name: "tea")).roundTripProblems() == [])
    }

    @Test("a sample of a declaration the mediator refuses reports the reason, instead of passing its round trip")
    func refusedDeclarationIsNamed() {
        let problems = MediatorInputSample(Tagged(id: 3, tag: "from the typed call")).roundTripProblems()
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("Tagged: its schema cannot build an input from the sample's own values") == true)
        #expect(problems.first?.contains(#"its property "tag" is not declared with @Parameter"#) == true)
    }

    @Test("FacadeContract reports a sample that leaves a required parameter unset, and nothing for a sound one")
    func facadeContractRoundTripsSamples() throws {
        let mediator = Mediator()
        try mediator.register(UsersTarget())
        let sound = [MediatorInputSample(Profile(id: 3, tab: "likes")), MediatorInputSample(Order(productID: 4, quantity: 5))]
        #expect(FacadeContract.problems(on: mediator, contracts: Users.all, samples: sound) == [])
        let problems = FacadeContract.problems(
            on: mediator, contracts: Users.all, samples: sound + [MediatorInputSample(HalfSet(id: 7))])
        #expect(problems.count == 1 && problems.allSatisfy { $0.hasPrefix("HalfSet.name:") }, "\(problems)")
    }
}

/// An input with a typed initializer that forgets a required parameter.
private struct HalfSet: MediatorInput {
    @Parameter("Id") var id: Int
    @Parameter("Name") var name: String
    init() {}
    init(id: Int) { self.id = id }
    init(id: Int, name: String) { (self.id, self.name) = (id, name) }
}

/// An input with stored state outside its parameters, which calls by name and URLs could not set.
private struct Tagged: MediatorInput {
    @Parameter("Id") var id: Int
    var tag = ""
    init() {}
    init(id: Int, tag: String) { (self.id, self.tag) = (id, tag) }
}
