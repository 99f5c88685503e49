import Mediator
import Presentation

/// Opens URLs as the operating system would hand them to the app, and shows what they return.
@MainActor
struct Opener {
    let app: ShopApp
    let navigator: TerminalNavigator

    /// Opens one URL and prints the screen and stack, or the result; returns the error if it failed.
    @discardableResult
    func open(_ url: String) async -> (any Error)? {
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
            Console.print("  refused: \(error)")
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
