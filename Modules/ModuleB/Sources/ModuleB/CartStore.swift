import Mediator
import ModuleAFacade
import ModuleBFacade

/// The cart's lines, shared by every call to the Cart target.
final class CartStore: Sendable {
    private let lines = Locked<[CartLine]>([])
    private let orders = Locked(0)
    /// The lines as last saved, standing in for what a real app writes to disk.
    private let saved = Locked<[CartLine]>([])

    /// Adds a product, merging with an existing line.
    func add(_ product: ProductSummary, quantity: Int) -> CartSummary {
        lines.withLock { lines in
            if let index = lines.firstIndex(where: { $0.productID == product.id }) {
                lines[index].quantity += quantity
            } else {
                lines.append(CartLine(productID: product.id, name: product.name, quantity: quantity, unitCents: product.cents))
            }
            return CartSummary(lines: lines)
        }
    }

    var summary: CartSummary { lines.withLock { CartSummary(lines: $0) } }

    func clear() { lines.withLock { $0.removeAll() } }

    /// Saves the lines; asynchronous like the disk write it stands in for.
    func save() async {
        let current = lines.withLock { $0 }
        await Task.yield()
        saved.withLock { $0 = current }
    }

    /// Puts the saved lines back in the cart, as at launch.
    func restore() {
        let saved = saved.withLock { $0 }
        lines.withLock { $0 = saved }
    }

    /// The lines as last saved.
    var savedSummary: CartSummary { saved.withLock { CartSummary(lines: $0) } }

    /// Takes the lines out of the cart as a numbered order.
    func placeOrder() throws(CartError) -> (number: Int, summary: CartSummary) {
        let taken = lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
        guard !taken.isEmpty else { throw .emptyCart }
        let number = orders.withLock { count in
            count += 1
            return 1000 + count
        }
        return (number, CartSummary(lines: taken))
    }
}

/// Why a Cart action failed.
enum CartError: Error, CustomStringConvertible {
    case emptyCart
    case invalidQuantity(Int)

    var description: String {
        switch self {
        case .emptyCart: "the cart is empty; add a product before checking out"
        case .invalidQuantity(let quantity): "a quantity must be between 1 and 99, got \(quantity)"
        }
    }
}
