import Foundation

/// The built-in tour: deep links across both modules, one refused by the login gate, one refused
/// by the remote policy, with the stack after each step and the analytics at the end.
@MainActor
enum Tour {
    enum Step {
        case open(String, note: String)
        case back(note: String)
    }

    static let steps: [Step] = [
        .open("shop://products", note: "the product list replaces the stack (root)"),
        .open("shop://product/42", note: "a detail screen, pushed; runs on the main actor"),
        .open("shop://product/42/reviews", note: "an asynchronous action returning values"),
        .open("shop://cart/add/42?quantity=2", note: "Cart asks Products for the product through its facade"),
        .open("https://shop.example.com/cart", note: "a universal link to the cart screen"),
        .open("shop://checkout", note: "the login gate interceptor refuses checkout"),
        .open("shop://login?user=ada", note: "log in"),
        .open("shop://checkout", note: "now checkout presents the confirmation"),
        .back(note: "dismiss the confirmation"),
        .open("shop://Products/reprice?id=42&cents=1", note: "a URL trying to reach a local-only action"),
    ]

    static func run(_ opener: Opener) async {
        Console.print("Tour: deep links across the Products and Cart modules\n")
        for step in steps {
            switch step {
            case let .open(url, note):
                Console.print("# \(note)")
                await opener.open(url)
            case let .back(note):
                Console.print("# \(note)")
                opener.back()
            }
            Console.print()
        }
        let events = opener.app.analytics.recorded
        Console.print("Analytics: \(events.count) events (call, source, duration, outcome)")
        Console.describe(events).forEach(Console.print)
    }
}
