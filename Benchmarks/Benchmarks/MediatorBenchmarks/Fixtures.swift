import Benchmark
import Mediator
import Swinject

/// The work every contender does, so each benchmark measures only the way of reaching it.
struct CatalogWork: Sendable {
    let base: Int

    /// The no-parameter action's work.
    func featuredCount() -> Int { base }

    /// The two-parameter action's work.
    func price(id: Int, quantity: Int) -> Int { (id &* 3 &+ base) &* quantity }
}

/// The mediator target under test: one action without parameters and one with two.
struct CatalogTarget: MediatorTarget {
    static let targetName = "Catalog"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("featuredCount") { target, _ in target.work.featuredCount() },
        MediatorAction(
            "price",
            parameters: [.required("id", Int.self, "Product id"), .required("quantity", Int.self, "How many")]
        ) { target, parameters in
            try target.work.price(id: parameters.value("id"), quantity: parameters.value("quantity"))
        },
    ]

    let work = CatalogWork(base: identity(7))
}

/// A facade as a module would ship it: typed methods on `Mediator` that hide the names.
struct CatalogFacade {
    let mediator: Mediator

    func featuredCount() throws -> Int {
        try mediator.perform("featuredCount", on: "Catalog")
    }

    func price(id: Int, quantity: Int) throws -> Int {
        try mediator.perform("price", on: "Catalog", with: ["id": id, "quantity": quantity])
    }
}

/// The same facade holding pre-resolved action references, made once.
struct ReferencedCatalogFacade {
    let featuredCountAction: MediatorActionReference<Int>
    let priceAction: MediatorActionReference<Int>

    init(mediator: Mediator) {
        featuredCountAction = mediator.action("featuredCount", on: "Catalog")
        priceAction = mediator.action("price", on: "Catalog")
    }

    func featuredCount() throws -> Int {
        try featuredCountAction.perform()
    }

    func price(id: Int, quantity: Int) throws -> Int {
        try priceAction.perform(with: ["id": id, "quantity": quantity])
    }
}

extension Mediator {
    /// The catalog module's typed face.
    var catalog: CatalogFacade { CatalogFacade(mediator: self) }
}

/// A mediator with the catalog registered and both actions resolved once on this thread.
func makeCatalogMediator() -> Mediator {
    let mediator = Mediator()
    do {
        try mediator.register(CatalogTarget.self)
        let _: Int = try mediator.perform("featuredCount", on: "Catalog")
        let _: Int = try mediator.perform("price", on: "Catalog", with: ["id": 1, "quantity": 1])
    } catch {
        preconditionFailure("benchmark fixture failed: \(error)")
    }
    return mediator
}

/// The same work behind a Swinject registration, the usual alternative to a mediator.
protocol CatalogService: AnyObject {
    func featuredCount() -> Int
    func price(id: Int, quantity: Int) -> Int
}

final class LiveCatalogService: CatalogService {
    let work = CatalogWork(base: identity(7))
    func featuredCount() -> Int { work.featuredCount() }
    func price(id: Int, quantity: Int) -> Int { work.price(id: id, quantity: quantity) }
}

/// A container holding the service as a singleton, already created once.
func makeCatalogContainer() -> Container {
    let container = Container()
    container.register(CatalogService.self) { _ in LiveCatalogService() }.inObjectScope(.container)
    _ = container.resolve(CatalogService.self)
    return container
}

/// Target names for the registration benchmarks, built before measuring.
func generatedTargetNames(_ count: Int) -> [String] {
    (0..<count).map { "Module\($0)" }
}
