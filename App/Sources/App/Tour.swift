import Foundation
import Mediator

/// The built-in tour: deep links across both modules, one refused by the login gate, one refused
/// by the remote policy, with the stack after each step and the analytics at the end.
///
/// Each step says what it shows and what should happen: the action the link reaches, or why it is
/// refused. A route configuration (`--config`) may change that, so the tour compares every outcome
/// with its note and marks the steps that turned out differently instead of narrating something false.
@MainActor
enum Tour {
    enum Outcome: Equatable, CustomStringConvertible {
        /// The link runs this action (`Target.action`), the outermost call analytics recorded.
        case reaches(String)
        /// The link fails with this code.
        case refused(MediatorError.Code)
        /// The link failed with an error that is not the mediator's.
        case failed

        var description: String {
            switch self {
            case .reaches(let action): "reach \(action)"
            case .refused(let code): "be refused (\(code))"
            case .failed: "fail"
            }
        }

        /// What happened, for the line that marks a changed step.
        var happened: String {
            switch self {
            case .reaches(let action): "reached \(action)"
            case .refused(let code): "was refused (\(code))"
            case .failed: "failed"
            }
        }
    }

    enum Step {
        case open(String, note: String, expect: Outcome)
        case back(note: String)
    }

    static let steps: [Step] = [
        .open("shop://products", note: "the product list replaces the stack (root)", expect: .reaches("Products.list")),
        .open("shop://product/42", note: "a detail screen, pushed; runs on the main actor", expect: .reaches("Products.detail")),
        .open("shop://product/42/reviews", note: "an asynchronous action returning values", expect: .reaches("Products.reviews")),
        .open(
            "shop://cart/add/42?quantity=2", note: "Cart asks Products for the product through its facade",
            expect: .reaches("Cart.add")),
        .open("https://shop.example.com/cart", note: "a universal link to the cart screen", expect: .reaches("Cart.show")),
        .open("shop://checkout", note: "the login gate interceptor refuses checkout", expect: .refused(.rejected)),
        .open("shop://login?user=ada", note: "log in", expect: .reaches("Session.login")),
        .open("shop://checkout", note: "now checkout presents the confirmation", expect: .reaches("Cart.checkout")),
        .back(note: "dismiss the confirmation"),
        .open(
            "shop://Products/reprice?id=42&cents=1", note: "a URL trying to reach a local-only action",
            expect: .refused(.remoteCallNotAllowed)),
    ]

    static func run(_ opener: Opener, configuration: String?) async {
        Console.print("Tour: deep links across the Products and Cart modules")
        Console.print()
        if let configuration {
            Console.print("The route configuration \(configuration) is in force: steps whose outcome it changed are marked.")
            Console.print()
        }
        var changed = 0
        for step in steps {
            switch step {
            case let .open(url, note, expected):
                Console.print("# \(note)")
                let recordedBefore = opener.app.analytics.recorded.count
                let outcome: Outcome
                if let error = await opener.open(url, failures: .narrated) {
                    outcome = (error as? MediatorError).map { .refused($0.code) } ?? .failed
                } else {
                    let events = opener.app.analytics.recorded
                    outcome = events.count > recordedBefore ? .reaches(events[events.count - 1].call) : .failed
                }
                if outcome != expected {
                    changed += 1
                    let cause = configuration == nil ? "" : ", changed by the route configuration"
                    Console.print("  ! this step was meant to \(expected); it \(outcome.happened)\(cause)")
                }
            case let .back(note):
                Console.print("# \(note)")
                opener.back()
            }
            Console.print()
        }
        if changed > 0 {
            Console.print("\(changed) step(s) turned out differently from the tour's notes.")
            Console.print()
        }
        let events = opener.app.analytics.recorded
        Console.print("Analytics: \(events.count) events (call, source, duration, outcome)")
        Console.describe(events).forEach { Console.print($0) }
    }
}
