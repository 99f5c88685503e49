import Mediator
import MediatorNavigation
import Presentation

/// The terminal's navigation stack: applies push, present, back and root, and the steps of a link's
/// navigation plan, and remembers the moves for the transcript.
///
/// It keeps the destination of every screen beside it (``entries``), so a link's plan is applied as
/// the difference from what is shown. A screen shown without a plan (a link whose action declares
/// no back stack) stands there as a destination of its own, which no plan matches, so a plan
/// replaces it rather than building on it.
@MainActor
final class TerminalNavigator: Navigator, MediatorNavigator {
    private(set) var stack: [Screen] = []
    private(set) var entries: [NavigationEntry] = []
    /// The last transition, such as `"push Gyokuro"`, for the transcript.
    private(set) var lastTransition = ""
    /// Each transition a plan made, with the stack after it, since the opener last took them.
    private var planned: [String] = []

    func push(_ screen: Screen) {
        show(screen, as: NavigationEntry(Self.unplanned(screen)))
        lastTransition = "push \(screen.title)"
    }

    func present(_ screen: Screen) {
        show(screen, as: NavigationEntry(Self.unplanned(screen), isPresented: true))
        lastTransition = "present \(screen.title)"
    }

    @discardableResult
    func back() -> Screen? {
        guard stack.count > 1, let top = stack.popLast() else {
            lastTransition = "back (already at the root)"
            return nil
        }
        entries.removeLast()
        lastTransition = "back from \(top.title)"
        return top
    }

    func root(_ screen: Screen) {
        stack = []
        entries = []
        show(screen, as: NavigationEntry(Self.unplanned(screen)))
        lastTransition = "root \(screen.title)"
    }

    /// Applies one step of a plan; the screen is the step's result, or a screen made from a value.
    func apply(_ step: NavigationStep, showing result: (any Sendable)?, context: (any Sendable)?) {
        switch step {
        case .dismiss, .pop:
            let top = stack.popLast()
            entries.removeLast()
            lastTransition = "\(step.isDismiss ? "dismiss" : "back from") \(top?.title ?? "")"
        case .replaceRoot(let destination):
            stack = []
            entries = []
            show(Self.screen(result, of: destination), as: NavigationEntry(destination))
            lastTransition = "root \(stack.last?.title ?? "")"
        case .push(let destination):
            show(Self.screen(result, of: destination), as: NavigationEntry(destination))
            lastTransition = "push \(stack.last?.title ?? "")"
        case .present(let destination):
            show(Self.screen(result, of: destination), as: NavigationEntry(destination, isPresented: true))
            lastTransition = "present \(stack.last?.title ?? "")"
        }
        planned.append("\(lastTransition) → stack: \(stackLine)")
    }

    /// The transitions plans made since the last call, each with the stack after it.
    func takePlannedTransitions() -> [String] {
        defer { planned = [] }
        return planned
    }

    /// The stack as one line, bottom first: `Products › Gyokuro › Cart`.
    var stackLine: String {
        stack.isEmpty ? "(empty)" : stack.map(\.title).joined(separator: " › ")
    }

    private func show(_ screen: Screen, as entry: NavigationEntry) {
        stack.append(screen)
        entries.append(entry)
    }

    /// A destination's screen: the action's own, or one made from the value it returned (reviews).
    private static func screen(_ result: (any Sendable)?, of destination: NavigationDestination) -> Screen {
        if let screen = result as? Screen { return screen }
        let title = destination.action.prefix(1).uppercased() + destination.action.dropFirst()
        return Screen(title: title, lines: result.map { [Console.describe(result: $0)] } ?? [])
    }

    /// The destination of a screen shown without a plan: one no plan names.
    private static func unplanned(_ screen: Screen) -> NavigationDestination {
        NavigationDestination(shownScreen, ShownScreen(title: screen.title))
    }

    /// What stands for a screen shown without a plan; never called.
    private static let shownScreen = ActionContract<ShownScreen, Screen>("shown", on: "TerminalNavigator")
}

/// The title of a screen shown without a plan.
struct ShownScreen: MediatorInput, Hashable {
    @Parameter("The screen's title") var title = ""
    init() {}
    init(title: String) { self.title = title }
}

extension NavigationStep {
    /// Whether the step dismisses a presented destination.
    fileprivate var isDismiss: Bool {
        if case .dismiss = self { true } else { false }
    }
}
