import ModuleAFacade
import Presentation

/// Builds the Products module's screens from its data.
enum ProductScreens {
    static func list(_ products: [ProductSummary], category: ProductCategory?) -> Screen {
        Screen(
            title: category.map { "Products: \($0.rawValue)" } ?? "Products",
            lines: products.map { "#\($0.id) \($0.name) \(PriceText.dollars($0.cents))" },
            presentation: .root,
            links: products.map { Screen.Link($0.name, url: "shop://product/\($0.id)") })
    }

    static func detail(_ product: ProductSummary) -> Screen {
        Screen(
            title: product.name,
            lines: ["Price: \(PriceText.dollars(product.cents))", "Product #\(product.id)"],
            links: [
                Screen.Link("Reviews", url: "shop://product/\(product.id)/reviews"),
                Screen.Link("Add to cart", url: "shop://cart/add/\(product.id)"),
            ])
    }

}
