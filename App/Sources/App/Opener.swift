import Mediator
import Presentation

/// Opens URLs as the operating system would hand them to the app, and shows what they return.
@MainActor
struct Opener {
    /// How a failed open is reported.
    enum Failures {
        /// Told as part of the story on standard output (the tour, where refusals are the point).
        case narrated
        /// Reported once on standard error, a sentence for the user first (open, shell).
        case errors
    }

    let app: ShopApp
    let navigator: TerminalNavigator

    /// Opens one URL and prints the screen and stack, or the result, or the failure.
    /// - Returns: The error, if it failed.
    @discardableResult
    func open(_ url: String, failures: Failures) async -> (any Error)? {
        Console.print("▶ open \(url)")
        do {
            let result = try await app.mediator.openAsync(url)
            if let screen = result as? Screen {
                navigator.show(screen)
                Console.describe(screen).forEach { Console.print("  \($0)") }
                Console.print("  \(navigator.lastTransition) → stack: \(navigator.stackLine)")
            } else {
                Console.print("  result: \(Console.describe(result: result))")
            }
            return nil
        } catch {
            switch failures {
            case .narrated: Console.print("  refused: \(error)")
            case .errors: Console.error("error: \(UserMessage.failure(opening: url, error))")
            }
            return error
        }
    }

    /// Pops the top screen and prints the stack.
    func back() {
        Console.print("▶ back")
        navigator.back()
        Console.print("  \(navigator.lastTransition) → stack: \(navigator.stackLine)")
    }
}
