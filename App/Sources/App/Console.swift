import Foundation
import Mediator
import ModuleAFacade
import ModuleBFacade
import Presentation

/// Formats what the App prints: screens, results, stacks, analytics and errors.
enum Console {
    static func print(_ text: String = "") {
        Swift.print(text)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func describe(_ screen: Screen) -> [String] {
        ["screen: \(screen.title)"] + screen.lines.map { "  \($0)" }
    }

    /// A result that is not a screen, in one line.
    static func describe(result: any Sendable) -> String {
        switch result {
        case let cart as CartSummary:
            "cart: \(cart.itemCount) items, total \(PriceText.dollars(cart.totalCents))"
        case let reviews as [ProductReview]:
            "reviews: " + reviews.map { "\(String(repeating: "*", count: $0.stars)) \($0.text)" }.joined(separator: " | ")
        case let text as String:
            text
        case is Void:
            "done"
        default:
            String(describing: result)
        }
    }

    static func describe(_ events: [AnalyticsLog.Event]) -> [String] {
        events.map { event in
            let micros = Double(event.duration.components.attoseconds) / 1e12 + Double(event.duration.components.seconds) * 1e6
            let call = event.call.padding(toLength: 18, withPad: " ", startingAt: 0)
            return "  \(call) \(event.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) "
                + "\(String(format: "%8.1f", micros)) µs  \(event.succeeded ? "ok" : "failed")"
        }
    }
}
