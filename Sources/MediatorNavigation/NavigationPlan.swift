/// Where a link leads, as a value: the destinations from the root to the link's own, and how the
/// last one is shown.
///
/// A plan is platform-neutral: a navigator (a terminal, a `NavigationStack` path, a
/// `UINavigationController`) applies it as the difference from what it shows now
/// (``steps(from:)``), so the screens beneath a deep link stand where the app declared them.
public struct NavigationPlan: Sendable, Equatable, CustomStringConvertible {
    /// How the plan's last destination is shown.
    public enum Presentation: String, Sendable, Equatable {
        /// Pushed on top of the destination before it.
        case push
        /// Presented modally over the destination before it.
        case present
        /// The plan replaces the whole stack, rebuilt from the root even where it already matches.
        case replaceRoot
    }

    /// The destinations from the root to the link's own, which is last.
    public var destinations: [NavigationDestination]
    /// How the last destination is shown.
    public var presentation: Presentation
    /// The scene or window the link arrived in, as the app passed it to `open` (see
    /// `MediatorCall.context`): the navigator of that window is the one to apply the plan.
    public var context: (any Sendable)? {
        get { contextBox?.value }
        set { contextBox = newValue.map(Context.init) }
    }
    /// The context, boxed when there is one: a plan without one copies and destroys as a null
    /// reference, not an optional existential through the runtime's value witnesses.
    private var contextBox: Context?

    /// A plan's context, kept once.
    private final class Context: Sendable {
        let value: any Sendable

        init(_ value: any Sendable) {
            self.value = value
        }
    }

    /// Creates a plan.
    /// - Parameters:
    ///   - destinations: The destinations from the root; the last is the link's own.
    ///   - presentation: How the last is shown; pushed by default.
    ///   - context: The scene or window the link arrived in, or `nil`.
    public init(
        _ destinations: [NavigationDestination], presentation: Presentation = .push, context: borrowing (any Sendable)? = nil
    ) {
        self.destinations = destinations
        self.presentation = presentation
        // Borrowed: a plan made for every link copies its context only into the box, and only when
        // there is one (a copy of an optional existential goes through the runtime's value witnesses).
        contextBox = nil
        if context != nil, let context = copy context { contextBox = Context(context) }
    }

    /// The stack once the plan is applied: every destination pushed, the last presented if the plan says so.
    public var entries: [NavigationEntry] {
        destinations.indices.map { index in
            NavigationEntry(
                destinations[index], isPresented: index == destinations.count - 1 && presentation == .present)
        }
    }

    /// The steps that turn a stack into this plan's: the common prefix is kept; above it, what is
    /// presented is dismissed and what is pushed popped, top first; then what is missing is pushed
    /// (or presented). A different root is replaced in one step (`replaceRoot`), after dismissing what
    /// is presented, so no modal is left open over a stack that changed beneath it.
    /// - Parameter current: The stack now, root first (what the navigator shows).
    /// - Returns: The steps in the order to apply them; empty when the stack already is the plan's.
    public func steps(from current: [NavigationEntry]) -> [NavigationStep] {
        let target = entries
        guard !target.isEmpty, current != target else { return [] }
        var common = 0
        if presentation != .replaceRoot {
            while common < min(current.count, target.count), current[common] == target[common] { common += 1 }
        }
        // Above the common prefix everything goes; with no common root, what is pushed beneath the
        // first presented entry goes with the root it replaces.
        let lowest = common > 0 ? common : (current.firstIndex(where: \.isPresented) ?? current.count)
        var steps: [NavigationStep] = current[lowest...].reversed().map { entry in
            entry.isPresented ? .dismiss(entry.destination) : .pop(entry.destination)
        }
        var next = common
        if common == 0 {
            steps.append(.replaceRoot(target[0].destination))
            next = 1
        }
        for entry in target[next...] {
            steps.append(entry.isPresented ? .present(entry.destination) : .push(entry.destination))
        }
        return steps
    }

    /// Whether two plans have the same destinations and presentation (the context is not compared).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.destinations == rhs.destinations && lhs.presentation == rhs.presentation
    }

    /// The destinations joined by ` › `, and the presentation when it is not a push.
    public var description: String {
        destinations.map(\.description).joined(separator: " › ") + (presentation == .push ? "" : " (\(presentation))")
    }
}
