import Mediator
import MediatorMacros
import MediatorPublishing

/// A facade declared with the macro: `all` and `events` are written for it (internal, as its inputs are).
@MediatorFacade
enum Shop {
    /// The target name.
    static let target = "Shop"

    /// A user's page (remote: `app://user/7`).
    static let user = ActionContract<UserQuery, String>("user", on: target)
    /// Everything, echoed.
    static let everything = AsyncActionContract<Everything, String>("everything", on: target)
    /// A page number, with the contract's type written as an annotation.
    static let page: MainActorActionContract<Declared, Int> = .init("page", on: target)
    /// An action without parameters.
    static let ping = MediatorActionContract<MediatorExecution.Synchronous, Nothing, String>("ping", on: target)
    /// A user's page, its input declared with plain properties (remote: `app://plain/7`).
    static let plainUser = ActionContract<PlainUserQuery, String>("plainUser", on: target)
    /// Every kind of plain parameter, echoed (remote: a URL may set all but the native ones).
    static let plainEverything = AsyncActionContract<PlainEverything, String>("plainEverything", on: target)
    /// An action whose plain input has no parameters.
    static let plainPing = ActionContract<PlainNothing, String>("plainPing", on: target)
    /// Sent when a user is shown.
    static let userShown = MediatorEvent<Int>("userShown")
}

/// The facade's target.
struct ShopTarget: MediatorTarget {
    static let targetName = Shop.target
    static let actions: [MediatorAction<ShopTarget>] = [
        MediatorAction(Shop.user, exposure: .remote, urlPatterns: ["/user/:id"]) { _, input in "\(input.id)/\(input.tab)" },
        MediatorAction(Shop.everything) { _, input in
            input.done?(input.count)
            input.log("everything")
            return
                "\(input.count) \(input.flag) \(input.tag ?? "-") \(input.level?.rawValue ?? "-") \(input.ids) \(input.model.name)"
        },
        MediatorAction(Shop.page) { _, input in input.page },
        MediatorAction(Shop.ping) { _, _ in "pong" },
        MediatorAction(Shop.plainUser, exposure: .remote, urlPatterns: ["/plain/:id"]) { _, input in
            "\(input.id)/\(input.tab)"
        },
        MediatorAction(Shop.plainEverything, exposure: .remote) { _, input in
            input.done?(input.count)
            input.log("plainEverything")
            return [
                "\(input.count)", "\(input.flag)", input.tag ?? "-", input.note ?? "-", input.level.rawValue,
                input.page.map { "\($0)" } ?? "-", "\(input.ids)", "\(input.seed)", input.model.name,
                input.default.isEmpty ? "-" : input.default,
            ].joined(separator: " ")
        },
        MediatorAction(Shop.plainPing) { _, _ in "pong" },
    ]
}

/// A mediator with the `app` scheme and the shop registered, as every end-to-end test starts.
func shopMediator() throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("app")
    try mediator.register(ShopTarget())
    return mediator
}

/// The parameters the mediator read from the input of one of the shop's actions, in declaration order,
/// as its catalog publishes them (the declarations' own properties are the package's).
func parameters(of action: String) -> [MediatorCatalog.Parameter] {
    (try? parameters(of: action, in: ShopTarget())) ?? []
}

/// The parameters of one action of a target, in declaration order, as the catalog publishes them.
func parameters<Target: MediatorTarget>(of action: String, in target: Target) throws -> [MediatorCatalog.Parameter] {
    let mediator = Mediator()
    try mediator.register(target)
    return mediator.catalog().targets.first?.actions.first { $0.name == action }?.parameters ?? []
}

/// The parameters of an action declared by value, as the catalog publishes them.
func parameters(of action: MediatorAction<Void>, on target: String) throws -> [MediatorCatalog.Parameter] {
    let mediator = Mediator()
    try mediator.register(targetNamed: target, actions: [action])
    return mediator.catalog().targets.first?.actions.first?.parameters ?? []
}
