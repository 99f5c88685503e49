import Foundation
import Mediator
internal import MediatorText
import ModuleAFacade
import ModuleBFacade
import Presentation

/// Formats what the App prints: screens, results, stacks, analytics and errors.
///
/// Everything goes through ``print(_:)`` or ``error(_:)``: one call writes one line, with every
/// character that could drive a terminal or forge a line escaped, the line feed included (a URL
/// from a push payload or an argument may hold any of them), and writes at once, unbuffered, so
/// output and errors stay in order when both go to one place. Text the App wrote itself over
/// several lines (help, tables) goes through ``print(lines:)``.
enum Console {
    /// Writes one line to standard output.
    static func print(_ line: String = "") {
        FileHandle.standardOutput.write(Data((safe(line) + "\n").utf8))
    }

    /// Writes each line the App wrote itself (help text, a table, JSON), each escaped as ``print(_:)`` does.
    static func print(lines text: String) {
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { print(String($0)) }
    }

    /// Writes one line to standard error: one error, one line.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((safe(line) + "\n").utf8))
    }

    /// The text with every control character (line feed and carriage return included), every line or
    /// paragraph separator and every bidirectional override written as a `\u{…}` escape: the one rule
    /// every error description and the package's tool use too (`LogSafeText`).
    static func safe(_ text: String) -> String {
        LogSafeText.escaped(text)
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
        // The name column fits the longest name (broadcasts are named `*.event`), at least 18 wide.
        let width = events.map(\.call.count).reduce(18, max)
        return events.map { event in
            let micros = Double(event.duration.components.attoseconds) / 1e12 + Double(event.duration.components.seconds) * 1e6
            let call = event.call.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(call) \(event.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) "
                + "\(String(format: "%8.1f", micros)) µs  \(event.result.rawValue)\(event.continued ? " (continued)" : "")"
        }
    }
}
