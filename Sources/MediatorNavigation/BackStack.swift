public import MediatorCore

/// The screens that stand beneath an action's screen when a link opens it, declared once next to
/// the action: a fixed list, or one computed from the action's typed input.
///
/// ```swift
/// BackStack(Products.detail) { _ in
///     NavigationDestination(Products.list, ProductListQuery())
/// }
/// BackStack(Products.reviews) { input in
///     NavigationDestination(Products.list, ProductListQuery())
///     NavigationDestination(Products.detail, input)
/// }
/// ```
///
/// The closure lists the destinations one a line (``BackStackBuilder``); an array literal works too,
/// at the cost of one more allocation per link.
///
/// A link to an action without one keeps its behaviour: its result is the app's to show.
public struct BackStack: Sendable {
    /// The target name of the action the back stack belongs to.
    public let target: String
    /// The action name.
    public let action: String
    /// How the action's own screen is shown over the back stack.
    public let presentation: NavigationPlan.Presentation
    /// The plan for a link to the action, from its values, in the window it arrived in (`context`),
    /// and (when `handing`) the input decoded from them, for the action to run with instead of
    /// decoding them again.
    @usableFromInline let plan: Plan
    /// The interned index of the action's contract when it is an action contract
    /// (`MediatorActionContract.nameIndex`), else -1: links to the action find the back stack by it.
    @usableFromInline let contractIndex: Int

    /// Builds a link's plan: see ``plan``.
    @usableFromInline
    typealias Plan =
        @Sendable (_ link: Mediator.RoutedLink, _ context: (any Sendable)?, _ handing: Bool) throws -> (
            NavigationPlan, Mediator.DecodedLinkInput?
        )

    /// Declares the destinations beneath a contract's action, computed from its input.
    ///
    /// Inlinable, so the plan of a link is built by code specialized in the module that declares the
    /// back stack, for its input type: no generic metadata is looked up per link.
    /// - Parameters:
    ///   - contract: The action's contract.
    ///   - presentation: How the action's own screen is shown over them; pushed by default.
    ///   - beneath: The destinations from the root up to, not including, the action's own.
    @inlinable
    public init<Contract: MediatorContract>(
        _ contract: Contract, presentation: NavigationPlan.Presentation = .push,
        @BackStackBuilder beneath: @escaping @Sendable (Contract.Input) -> [NavigationDestination]
    ) where Contract.Input: Hashable {
        // The contract's names and its input's schema, read once here rather than for every link
        // (reading a schema looks its type up under a lock).
        let (target, action, schema) = (contract.target, contract.action, Contract.Input.schema)
        // An action contract's names are kept by index in the link's own destination: no names
        // retained for every link.
        let names = NavigationDestination.Names.of(contract)
        self.init(target: target, action: action, contractIndex: names.contractIndex, presentation: presentation) {
            link, context, handing in
            let input = try link.input(schema)
            var destinations = beneath(input)
            // The link's input kept once, for its own destination and for its action alike; moved
            // into it after the back stack read it (a copy of an input with an optional parameter
            // goes through the runtime's value witnesses).
            let typed = link.typed(consume input)
            let handed = handing ? Mediator.DecodedLinkInput(typed: typed) : nil
            destinations.append(NavigationDestination(names: names, stored: consume typed))
            return (NavigationPlan(consume destinations, presentation: presentation, context: context), handed)
        }
    }

    /// A back stack from its action's names and how it builds a link's plan.
    @usableFromInline
    init(
        target: String, action: String, contractIndex: Int, presentation: NavigationPlan.Presentation,
        plan: @escaping Plan
    ) {
        self.target = target
        self.action = action
        self.contractIndex = contractIndex
        self.presentation = presentation
        self.plan = plan
    }
}
