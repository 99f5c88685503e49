import Foundation
import Mediator
import MediatorNavigation

/// The built-in tour: deep links across both modules, one held by the login gate until the user logs
/// in, one refused by the remote policy, with the stack after each step and the analytics at the end.
///
/// Each step says what it shows and what should happen: the action the link reaches, or why it is
/// refused. A route configuration (`--config`) may change that, so the tour compares every outcome
/// with its note and marks the steps that turned out differently instead of narrating something false.
@MainActor
enum Tour {
    enum Outcome: Equatable, CustomStringConvertible {
        /// The link runs this action (`Target.action`), the outermost call analytics recorded.
        case reaches(String)
        /// The link is held until this gate opens.
        case held(String)
        /// The link fails with this code.
        case refused(MediatorError.Code)
        /// The link failed with an error that is not the mediator's.
        case failed

        var description: String {
            switch self {
            case .reaches(let action): "reach \(action)"
            case .held(let gate): "be held until \(gate)"
            case .refused(let code): "be refused (\(code))"
            case .failed: "fail"
            }
        }

        /// What happened, for the line that marks a changed step.
        var happened: String {
            switch self {
            case .reaches(let action): "reached \(action)"
            case .held(let gate): "was held until \(gate)"
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
        .open(
            "shop://product/42/reviews", note: "an asynchronous action returning values, its screen over the product's",
            expect: .reaches("Products.reviews")),
        .open(
            "shop://product/42/reviews",
            note: "the same link delivered again at once (a notification and a tap): it runs once",
            expect: .refused(.duplicateLink)),
        .open(
            "shop://cart/add/42?quantity=2", note: "Cart asks Products for the product through its facade",
            expect: .reaches("Cart.add")),
        .open("https://shop.example.com/cart", note: "a universal link to the cart screen", expect: .reaches("Cart.show")),
        .open(
            "shop://checkout", note: "logged out: the login gate holds checkout instead of refusing it",
            expect: .held("login")),
        .open(
            "shop://login?user=ada", note: "log in: the held checkout continues and presents the confirmation, once",
            expect: .reaches("Session.login")),
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
                opener.lastPlan.plan = nil
                let outcome: Outcome
                if let error = await opener.open(url, failures: .narrated) {
                    if let error = error as? MediatorError {
                        outcome = error.code == .held ? .held(error.hold?.gate.name ?? "") : .refused(error.code)
                    } else {
                        outcome = .failed
                    }
                } else if let last = opener.lastPlan.plan?.destinations.last {
                    // A link that landed with its back stack reached its plan's last destination.
                    outcome = .reaches("\(last.target).\(last.action)")
                } else {
                    // The outermost call of this link: the last one recorded, leaving out held calls it let continue.
                    let events = opener.app.analytics.recorded.dropFirst(recordedBefore).filter { !$0.continued }
                    outcome = events.last.map { .reaches($0.call) } ?? .failed
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
        await lifecycle(opener)
        if changed > 0 {
            Console.print("\(changed) step(s) turned out differently from the tour's notes.")
            Console.print()
        }
        let events = opener.app.analytics.recorded
        Console.print("Analytics: \(events.count) events (call, source, duration, outcome)")
        Console.describe(events).forEach { Console.print($0) }
    }
}
