public import MediatorCore

/// Opens links as navigation: each link through the mediator's one pipeline (de-duplication, holds,
/// interceptors, remote policy), then the back stack its action declares, applied to a navigator as
/// the difference from what it shows.
///
/// ```swift
/// let navigation = LinkNavigation(mediator, backStacks: ProductsTarget.backStacks)
/// let landing = try await navigation.open("shop://product/42/reviews", context: sceneID, on: navigator)
/// // landing.steps: root Products.list, push Products.detail(42), push Products.reviews(42)
/// ```
///
/// Building the plan runs no handler: the URL is routed in the mediator's current registry and its
/// values decoded into the action's input. Applying it runs the action of each destination the
/// navigator lacks, as remote calls (the link's back stack is reached from outside, so the remote
/// policy judges each destination as it judges the link), all before the first step is applied: a
/// destination that refuses leaves the navigator as it was.
public final class LinkNavigation: Sendable {
    /// The mediator links are opened with.
    public let mediator: Mediator
    /// How each declared back stack builds a link's plan, by target and action names.
    private let backStacks: BackStackTable

    /// Creates a navigation over a mediator with the back stacks the app's modules declare.
    /// - Parameters:
    ///   - mediator: The mediator.
    ///   - backStacks: The declarations; a later one for the same action replaces an earlier one.
    public init(_ mediator: Mediator, backStacks: [BackStack]) {
        self.mediator = mediator
        self.backStacks = BackStackTable(backStacks)
    }

    /// How the back stack a link's action declares builds its plan, if it declares one.
    private func backStack(of link: Mediator.RoutedLink) -> BackStack.Plan? {
        backStacks.plan(for: link)
    }

    /// The plan a link stands for, without running anything: its back stack and its own destination,
    /// or `nil` when its action declares no back stack (or the URL reaches no route).
    /// - Parameters:
    ///   - url: The link.
    ///   - context: The scene or window it arrived in, carried in the plan.
    /// - Returns: The plan, or `nil`.
    /// - Throws: A `MediatorError` when the link's values do not decode into its action's input.
    public func plan(for url: String, context: (any Sendable)? = nil) throws -> NavigationPlan? {
        guard let routed = mediator.routedAction(of: url), let plan = backStack(of: routed) else { return nil }
        return try plan(routed, context, false).0
    }

    /// What the URL door handed over while it opened a link.
    private struct Handoff {
        /// Whether the link's plan was built as it was routed: not when the URL reached no action,
        /// when the link's values do not decode into its back stack's input, or for a held link
        /// that continued (its plan is then made after it ran, or the error it gets thrown).
        var planned = false
        /// The plan, or `nil` when the link's action declares no back stack.
        var plan: NavigationPlan?

        /// Builds a routed link's plan as the URL door hands the link over.
        /// - Returns: The input the link's action then runs with (decoded once, for both).
        mutating func build(
            _ link: Mediator.RoutedLink, context: (any Sendable)?, with plan: BackStack.Plan?
        ) -> Mediator.DecodedLinkInput? {
            guard let plan else {
                planned = true
                return nil
            }
            // Values its input refuses: the action decodes them itself and reports what is wrong,
            // as without a back stack.
            do {
                let (built, input) = try plan(link, context, true)
                (planned, self.plan) = (true, built)
                return input
            } catch {
                return nil
            }
        }
    }

    /// What opening a link did.
    public struct Landing: Sendable {
        /// What the link's action returned.
        public let value: any Sendable
        /// The plan applied, or `nil` when the link's action declares no back stack (its value is then
        /// the app's to show, as before).
        public let plan: NavigationPlan?
        /// The steps applied to the navigator, in order; empty when nothing was applied (or the
        /// navigator already showed the plan).
        public let steps: [NavigationStep]

        /// The link's value as `type`, or `nil` when its action returned another type.
        ///
        /// The cast `Mediator.open(_:as:)` makes: when the value is exactly of that type (the usual
        /// case) the types are compared and the value moved, without the runtime's general dynamic
        /// cast that `landing.value as? Int` takes; anything else (a subclass, an optional, an
        /// existential) takes the general cast.
        /// - Parameter type: The type the link's action returns.
        /// - Returns: The value, or `nil`.
        @inlinable
        public func value<Value>(as type: Value.Type) -> Value? { Mediator.cast(value, to: type) }
    }

    /// Opens a link and, when its action declares a back stack, applies its plan to a navigator.
    /// - Parameters:
    ///   - url: The link.
    ///   - context: The scene or window it arrived in; given to interceptors and to the navigator.
    ///   - whenHeld: Whether a link held on a gate answers at once (`MediatorError.Code.held`) or waits.
    ///   - navigator: The navigator of the window the link arrived in.
    /// - Returns: The link's value, and the plan and steps applied.
    /// - Throws: What opening the link throws (including `MediatorError.Code.duplicateLink`), or the
    ///   error of a destination whose action refused; the navigator is then unchanged.
    @MainActor
    public func open(
        _ url: String, context: (any Sendable)? = nil, whenHeld: MediatorHold.WhenHeld = .answerAtOnce,
        on navigator: some MediatorNavigator
    ) async throws -> Landing {
        // The door routes the link once and hands it over: its plan is built from the same route and input.
        let handoff = Locked(Handoff())
        let (value, continued) = try await mediator.openAsync(url, context: context, whenHeld: whenHeld) { [self] link in
            // Built outside the lock: the back stack runs the app's closure.
            var built = Handoff()
            let input = built.build(link, context: context, with: backStack(of: link))
            handoff.withLock { $0 = built }
            return input
        }
        let handed = continued ? Handoff() : handoff.withLock { $0 }
        let plan = handed.planned ? handed.plan : try plan(for: url, context: context)
        return try await land(plan, value: value, on: navigator)
    }

    /// Opens a link without `await` (through the mediator's `open`) and returns its value with its
    /// plan, applying nothing: the landing's steps are empty, and the app applies the plan with
    /// ``apply(_:to:lastResult:)``, the value as `lastResult`.
    ///
    /// The link is routed once and its values decoded once, for its action and its plan alike.
    /// - Parameters:
    ///   - url: The link.
    ///   - context: The scene or window it arrived in; given to interceptors, and carried in the plan.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The link's value, and its plan (`nil` when its action declares no back stack).
    /// - Throws: What opening the link throws (`MediatorError.Code.held` for a link held on a gate).
    public func open(_ url: String, context: (any Sendable)? = nil, isolation: (any Actor)? = #isolation) throws -> Landing {
        var handoff = Handoff()
        let value = try mediator.open(url, context: context, isolation: isolation) { link in
            handoff.build(link, context: context, with: backStack(of: link))
        }
        guard handoff.planned else { return Landing(value: value, plan: try plan(for: url, context: context), steps: []) }
        return Landing(value: consume value, plan: handoff.plan.take(), steps: [])
    }

    /// Lands a held link once it has continued: waits for its value, then applies its plan with the
    /// context it arrived with (`MediatorCall.context`), so it continues in the window it came to.
    /// - Parameters:
    ///   - hold: The hold of a link (`MediatorError.hold` of its `MediatorError.Code.held` error).
    ///   - navigator: The navigator of the window in the hold's context.
    /// - Returns: The link's value, and the plan and steps applied.
    /// - Throws: What the continued call threw, or the error of a destination that refused.
    @MainActor
    public func land(_ hold: MediatorHold, on navigator: some MediatorNavigator) async throws -> Landing {
        let value = try await hold.value()
        let call = hold.call
        guard let url = call.url else { return Landing(value: value, plan: nil, steps: []) }
        return try await land(try plan(for: url, context: call.context), value: value, on: navigator)
    }

    @MainActor
    private func land(_ plan: NavigationPlan?, value: any Sendable, on navigator: some MediatorNavigator) async throws -> Landing
    {
        guard let plan else { return Landing(value: value, plan: nil, steps: []) }
        let steps = try await apply(plan, to: navigator, lastResult: value)
        return Landing(value: value, plan: plan, steps: steps)
    }

    /// Applies a plan to a navigator as the difference from what it shows.
    ///
    /// Every screen the steps show is made first, by running its destination's action (the last
    /// destination's is `lastResult` when given); only then are the steps applied, in order. If the
    /// navigator's stack changed while the screens were made, the steps are computed again.
    /// - Parameters:
    ///   - plan: The plan.
    ///   - navigator: The navigator.
    ///   - lastResult: The link's own result, when its action already ran.
    /// - Returns: The steps applied.
    /// - Throws: The error of the first destination whose action refused; nothing is applied then.
    @MainActor
    @discardableResult
    public func apply(
        _ plan: NavigationPlan, to navigator: some MediatorNavigator, lastResult: (any Sendable)? = nil
    ) async throws -> [NavigationStep] {
        var made: [NavigationDestination: any Sendable] = [:]
        if let lastResult, let last = plan.destinations.last { made[last] = lastResult }
        while true {
            let before = navigator.entries
            let steps = plan.steps(from: before)
            for step in steps where step.shows && made[step.destination] == nil {
                let destination = step.destination
                made[destination] = try await mediator.performAsync(
                    destination.action, on: destination.target, with: destination.parameters, source: .remote)
            }
            // The user may have navigated while the screens were made: the steps must start from what is shown.
            guard navigator.entries == before else { continue }
            for step in steps { navigator.apply(step, showing: step.shows ? made[step.destination] : nil, context: plan.context) }
            return steps
        }
    }
}
