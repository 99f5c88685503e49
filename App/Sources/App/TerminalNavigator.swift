import Presentation

/// The terminal's navigation stack: applies push, present, back and root, and remembers the last move.
@MainActor
final class TerminalNavigator: Navigator {
    private(set) var stack: [Screen] = []
    /// The last transition, such as `"push Gyokuro"`, for the transcript.
    private(set) var lastTransition = ""

    func push(_ screen: Screen) {
        stack.append(screen)
        lastTransition = "push \(screen.title)"
    }

    func present(_ screen: Screen) {
        stack.append(screen)
        lastTransition = "present \(screen.title)"
    }

    @discardableResult
    func back() -> Screen? {
        guard stack.count > 1, let top = stack.popLast() else {
            lastTransition = "back (already at the root)"
            return nil
        }
        lastTransition = "back from \(top.title)"
        return top
    }

    func root(_ screen: Screen) {
        stack = [screen]
        lastTransition = "root \(screen.title)"
    }

    /// The stack as one line, bottom first: `Products › Gyokuro › Cart`.
    var stackLine: String {
        stack.isEmpty ? "(empty)" : stack.map(\.title).joined(separator: " › ")
    }
}
