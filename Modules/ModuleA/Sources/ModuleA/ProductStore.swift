import Mediator
import ModuleAFacade

/// The Products module's data: an in-memory catalog standing in for a real service.
final class ProductStore: Sendable {
    private let products: Locked<[Int: ProductSummary]>
    private let categories: [Int: ProductCategory]
    /// The products whose detail the user opened this session, most recent last: session state.
    private let viewed = Locked<[Int]>([])

    init() {
        let seed: [(ProductSummary, ProductCategory)] = [
            (ProductSummary(id: 1, name: "Sencha", cents: 1_250), .tea),
            (ProductSummary(id: 2, name: "Darjeeling", cents: 1_490), .tea),
            (ProductSummary(id: 3, name: "Kyusu teapot", cents: 4_900), .teaware),
            (ProductSummary(id: 42, name: "Gyokuro", cents: 3_200), .tea),
        ]
        products = Locked(Dictionary(uniqueKeysWithValues: seed.map { ($0.0.id, $0.0) }))
        categories = Dictionary(uniqueKeysWithValues: seed.map { ($0.0.id, $0.1) })
    }

    /// The product with this id.
    func product(_ id: Int) throws(ProductsError) -> ProductSummary {
        guard let product = products.withLock({ $0[id] }) else { throw .unknownProduct(id) }
        return product
    }

    /// Records that the user opened a product's detail.
    func recordView(of id: Int) {
        viewed.withLock { viewed in
            viewed.removeAll { $0 == id }
            viewed.append(id)
        }
    }

    /// The products viewed this session, most recent first.
    var recentlyViewed: [Int] { viewed.withLock { $0.reversed() } }

    /// Forgets the session: what the user viewed.
    func endSession() { viewed.withLock { $0.removeAll() } }

    /// Every product, optionally of one category, by id.
    func all(in category: ProductCategory?) -> [ProductSummary] {
        products.withLock { Array($0.values) }
            .filter { category == nil || categories[$0.id] == category }
            .sorted { $0.id < $1.id }
    }

    /// Sets a product's price.
    func reprice(_ id: Int, cents: Int) throws(ProductsError) -> ProductSummary {
        guard cents > 0 else { throw .invalidPrice(cents) }
        return try products.withLock { products throws(ProductsError) in
            guard var product = products[id] else { throw .unknownProduct(id) }
            product.cents = cents
            products[id] = product
            return product
        }
    }

    /// A product's reviews; asynchronous like the network call it stands in for.
    func reviews(of id: Int) async throws(ProductsError) -> [ProductReview] {
        _ = try product(id)
        await Task.yield()
        return id.isMultiple(of: 2)
            ? [ProductReview(stars: 5, text: "Delicate and sweet."), ProductReview(stars: 4, text: "Good value.")]
            : [ProductReview(stars: 4, text: "Would buy again.")]
    }
}

/// Why a Products action failed.
enum ProductsError: Error, CustomStringConvertible {
    case unknownProduct(Int)
    case invalidPrice(Int)

    var description: String {
        switch self {
        case .unknownProduct(let id): "no product has id \(id)"
        case .invalidPrice(let cents): "a price must be positive, got \(cents) cents"
        }
    }
}
