import Mediator
import MediatorNavigation
import Testing

// A shop with a product list, a product, its reviews and a local-only staff screen, and the back
// stacks its links declare: the fixtures of the navigation suites.

/// The id of a product.
struct ShopProductID: MediatorInput, Hashable {
    @Parameter("Product id") var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

/// The contracts of the shop's screens; each returns the screen's title.
enum ShopScreens {
    static let list = ActionContract<NoQuery, String>("list", on: "Shop")
    static let product = ActionContract<ShopProductID, String>("product", on: "Shop")
    static let reviews = ActionContract<ShopProductID, String>("reviews", on: "Shop")
    static let sheet = ActionContract<ShopProductID, String>("sheet", on: "Shop")
    /// Local only: a link's back stack must not reach it.
    static let staff = ActionContract<NoQuery, String>("staff", on: "Shop")
    static let wrongPrefix = ActionContract<ShopProductID, String>("audit", on: "Shop")
}

/// A screen without parameters.
struct NoQuery: MediatorInput, Hashable {
    init() {}
}

/// The destinations, by name, for the tables of the suites.
enum To {
    static let list = NavigationDestination(ShopScreens.list, NoQuery())
    static func product(_ id: Int) -> NavigationDestination { NavigationDestination(ShopScreens.product, ShopProductID(id: id)) }
    static func reviews(_ id: Int) -> NavigationDestination { NavigationDestination(ShopScreens.reviews, ShopProductID(id: id)) }
    static func sheet(_ id: Int) -> NavigationDestination { NavigationDestination(ShopScreens.sheet, ShopProductID(id: id)) }
    static let staff = NavigationDestination(ShopScreens.staff, NoQuery())
}

/// The back stacks the shop declares next to its routes.
let shopBackStacks: [BackStack] = [
    BackStack(ShopScreens.product) { _ in [To.list] },
    BackStack(ShopScreens.reviews) { input in [To.list, To.product(input.id)] },
    BackStack(ShopScreens.sheet, presentation: .present) { input in [To.list, To.product(input.id)] },
    // A misdeclared back stack: a local action beneath a remote link, which the remote policy refuses.
    BackStack(ShopScreens.wrongPrefix) { input in [To.list, To.staff, To.product(input.id)] },
]

/// Counts the screens the shop made, by title.
final class ScreensMade: Sendable {
    private let made = Locked<[String]>([])
    func made(_ title: String) -> String {
        made.withLock { $0.append(title) }
        return title
    }
    var all: [String] { made.withLock { $0 } }
}

/// A mediator with the shop registered and the `shop` scheme.
func makeNavigableShop(_ screens: ScreensMade = ScreensMade()) throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction(ShopScreens.list, exposure: .remote, urlPatterns: ["/products"]) { _, _ in screens.made("Products") },
            MediatorAction(ShopScreens.product, exposure: .remote, urlPatterns: ["/product/:id"]) { _, input in
                screens.made("Product \(input.id)")
            },
            MediatorAction(ShopScreens.reviews, exposure: .remote, urlPatterns: ["/product/:id/reviews"]) { _, input in
                screens.made("Reviews \(input.id)")
            },
            MediatorAction(ShopScreens.sheet, exposure: .remote, urlPatterns: ["/product/:id/share"]) { _, input in
                screens.made("Share \(input.id)")
            },
            MediatorAction(ShopScreens.staff) { _, _ in screens.made("Staff") },
            MediatorAction(ShopScreens.wrongPrefix, exposure: .remote, urlPatterns: ["/product/:id/audit"]) { _, input in
                screens.made("Audit \(input.id)")
            },
        ])
    return mediator
}

/// A navigator that records its stack as entries, its screens as titles, and every step with its context.
@MainActor
final class RecordingNavigator: MediatorNavigator {
    private(set) var entries: [NavigationEntry]
    private(set) var titles: [String] = []
    private(set) var applied: [NavigationStep] = []
    private(set) var contexts: [String?] = []

    init(_ entries: [NavigationEntry] = []) {
        self.entries = entries
        titles = entries.map { "\($0.destination.action)" }
    }

    func apply(_ step: NavigationStep, showing result: (any Sendable)?, context: (any Sendable)?) {
        applied.append(step)
        contexts.append(context as? String)
        let title = result as? String ?? "?"
        switch step {
        case .dismiss, .pop:
            entries.removeLast()
            titles.removeLast()
        case .replaceRoot(let destination):
            entries = [NavigationEntry(destination)]
            titles = [title]
        case .push(let destination):
            entries.append(NavigationEntry(destination))
            titles.append(title)
        case .present(let destination):
            entries.append(NavigationEntry(destination, isPresented: true))
            titles.append(title)
        }
    }
}
