import ModuleBFacade
import Presentation

/// Builds the Cart module's screens.
enum CartScreens {
    static func cart(_ summary: CartSummary) -> Screen {
        let lines = summary.lines.map { "\($0.quantity) x \($0.name) @ \(PriceText.dollars($0.unitCents))" }
        return Screen(
            title: "Cart",
            lines: (lines.isEmpty ? ["(empty)"] : lines) + ["Total: \(PriceText.dollars(summary.totalCents))"],
            links: summary.lines.isEmpty ? [] : [Screen.Link("Check out", url: "shop://checkout")])
    }

    static func confirmation(order: Int, _ summary: CartSummary) -> Screen {
        Screen(
            title: "Order #\(order) confirmed",
            lines: ["\(summary.itemCount) items, \(PriceText.dollars(summary.totalCents))"],
            presentation: .present)
    }

}
