/// One change to a navigation stack, as a navigator applies it: what ``NavigationPlan/steps(from:)``
/// computes so that an app never diffs by hand.
public enum NavigationStep: Hashable, Sendable, CustomStringConvertible {
    /// Dismiss this presented destination (and what was pushed inside it).
    case dismiss(NavigationDestination)
    /// Pop this pushed destination off the top of the stack.
    case pop(NavigationDestination)
    /// Replace the whole stack with this destination as its root.
    case replaceRoot(NavigationDestination)
    /// Push this destination on top.
    case push(NavigationDestination)
    /// Present this destination modally on top.
    case present(NavigationDestination)

    /// The destination the step is about.
    public var destination: NavigationDestination {
        switch self {
        case .dismiss(let destination), .pop(let destination), .replaceRoot(let destination), .push(let destination),
            .present(let destination):
            destination
        }
    }

    /// Whether the step shows its destination (so its action runs for the screen), rather than removing it.
    public var shows: Bool {
        switch self {
        case .replaceRoot, .push, .present: true
        case .dismiss, .pop: false
        }
    }

    /// `push Products.detail(…)`, and so on.
    public var description: String {
        switch self {
        case .dismiss(let destination): "dismiss \(destination)"
        case .pop(let destination): "pop \(destination)"
        case .replaceRoot(let destination): "root \(destination)"
        case .push(let destination): "push \(destination)"
        case .present(let destination): "present \(destination)"
        }
    }
}
