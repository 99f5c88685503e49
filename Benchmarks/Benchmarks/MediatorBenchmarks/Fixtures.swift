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

/// The two-parameter action's input, as a module's facade would declare it.
struct PriceInput: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("How many") var quantity: Int

    init() {}
    init(id: Int, quantity: Int) { (self.id, self.quantity) = (id, quantity) }
}

/// The catalog's contracts: the single source of its action names, inputs and results.
enum CatalogContracts {
    static let target = "Catalog"
    static let featuredCount = ActionContract<NoInput, Int>("featuredCount", on: target)
    static let price = ActionContract<PriceInput, Int>("price", on: target)
}

/// The mediator target under test: one action without parameters and one with two, both bound to
/// contracts, so typed calls, the facade and calls by name all reach the same handlers.
struct CatalogTarget: MediatorTarget {
    static let targetName = CatalogContracts.target
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(CatalogContracts.featuredCount) { target, _ in target.work.featuredCount() },
        MediatorAction(CatalogContracts.price) { target, input in target.work.price(id: input.id, quantity: input.quantity) },
    ]

    let work = CatalogWork(base: identity(7))
}

/// A facade as a module ships it (like ModuleAFacade): typed methods, one line each over a contract.
struct CatalogFacade {
    let mediator: Mediator

    func featuredCount() throws -> Int {
        try mediator.call(CatalogContracts.featuredCount)
    }

    func price(id: Int, quantity: Int) throws -> Int {
        try mediator.call(CatalogContracts.price, with: PriceInput(id: id, quantity: quantity))
    }
}

extension Mediator {
    /// The catalog module's typed face.
    var catalog: CatalogFacade { CatalogFacade(mediator: self) }
}

/// A mediator with the catalog registered and both actions resolved once on this thread, through
/// their contracts and by name.
func makeCatalogMediator() -> Mediator {
    let mediator = Mediator()
    do {
        try mediator.register(CatalogTarget())
        _ = try mediator.call(CatalogContracts.featuredCount)
        _ = try mediator.call(CatalogContracts.price, with: PriceInput(id: 1, quantity: 1))
        _ = try mediator.perform("featuredCount", on: "Catalog", as: Int.self)
        _ = try mediator.perform("price", on: "Catalog", with: ["id": 1, "quantity": 1], as: Int.self)
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
