/// One declaration of one registered target, everything but its handler: the single internal model
/// that calls by name, typed calls, URL routing, URL generation, broadcasts and the catalog all read.
///
/// An action callers reach by name, or a subscription: an action of the target that an event
/// triggers (`subscribing` set; its name is the event's). Both are bound, intercepted, judged by the
/// remote policy and run the same way; only how a call finds them differs.
///
/// Built once per registered target, when its definitions are first read (see `ActionTable`: building
/// routes reads the declarations themselves, so a routed target no call reaches makes none) or its
/// subscription table is first needed, from the target's ``MediatorAction`` or
/// ``MediatorSubscription`` values. Immutable and shared.
@usableFromInline
package final class ActionDefinition: Sendable {
    /// The registered target's name.
    package let target: String
    /// The action's name.
    package let name: String
    /// `"Target.action"`, for messages; made when a message needs it.
    var label: String { "\(target).\(name)" }
    package let summary: String
    package let exposure: MediatorExposure
    @usableFromInline package let execution: MediatorExecution
    /// The input's parameters, in declaration order.
    package let parameters: [MediatorParameter]
    /// Parameters only native callers may supply; a remote call that sets one is refused.
    let nativeOnly: [String]
    /// URL patterns as declared; parsed when routes are built.
    package let urlPatterns: [String]
    /// The input and output types the handler is bound to: a typed call's binding is reused without
    /// a cast only when they are exactly the contract's.
    @usableFromInline let inputType: ObjectIdentifier
    let outputType: ObjectIdentifier
    private let input: any Any.Type
    private let output: any Any.Type
    /// The action's position in its target's declaration (of actions, or of subscriptions).
    let index: Int
    /// What makes this declaration a subscription; `nil` for an action callers reach by name.
    package let subscribing: Subscribing?

    /// The event a subscription answers, and where in the delivery order it wants to be.
    package struct Subscribing: Sendable {
        let key: EventKey
        package let payloadTypeName: String
        package let priority: Int
        package let delivery: Mediator.EventDelivery
        /// The target's place in registration order, the second key of the delivery order.
        let ordinal: Int
    }

    init<Target>(_ action: MediatorAction<Target>, target: String, index: Int, subscribing: Subscribing? = nil) {
        self.target = target
        self.name = action.name
        self.summary = action.summary
        self.exposure = action.exposure
        self.execution = action.execution
        self.parameters = action.parameters
        self.nativeOnly =
            action.parameters.contains { !$0.acceptsURLValues }
            ? action.parameters.filter { !$0.acceptsURLValues }.map(\.name) : []
        self.urlPatterns = action.urlPatterns
        self.input = action.body.input
        self.output = action.body.output
        self.inputType = ObjectIdentifier(action.body.input)
        self.outputType = ObjectIdentifier(action.body.output)
        self.index = index
        self.subscribing = subscribing
    }

    /// The input type's name, for the catalog and messages (made when asked: it is not cheap).
    package var inputTypeName: String { String(describing: input) }
    /// The result type's name, for the catalog and messages.
    package var resultTypeName: String { output == Void.self ? "Void" : String(describing: output) }

    /// The declared parameter with this name, if any.
    func parameter(named key: String) -> MediatorParameter? {
        parameters.first { $0.name == key }
    }

    /// Whether this subscription is told before another of the same event: higher priority first,
    /// then earlier registration, then earlier declaration. A total order, so the delivery order never
    /// depends on how the registry stores its targets.
    func precedes(_ other: ActionDefinition) -> Bool {
        guard let mine = subscribing, let theirs = other.subscribing else { return index < other.index }
        if mine.priority != theirs.priority { return mine.priority > theirs.priority }
        if mine.ordinal != theirs.ordinal { return mine.ordinal < theirs.ordinal }
        return index < other.index
    }
}
