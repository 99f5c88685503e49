/// One declared action of one registered target, everything but its handler: the single internal
/// model that calls by name, typed calls, URL routing, URL generation and the catalog all read.
///
/// Built once per registered target, when its action table is first needed (see `ActionTable`),
/// from the target's ``MediatorAction`` values. Immutable and shared.
@usableFromInline
final class ActionDefinition: Sendable {
    /// The registered target's name.
    let target: String
    /// The action's name.
    let name: String
    /// `"Target.action"`, for messages; made when a message needs it.
    var label: String { "\(target).\(name)" }
    let summary: String
    let exposure: MediatorExposure
    let execution: MediatorExecution
    /// The input's parameters, in declaration order.
    let parameters: [MediatorParameter]
    /// Parameters only native callers may supply; a remote call that sets one is refused.
    let nativeOnly: [String]
    /// URL patterns as declared; parsed when routes are built.
    let urlPatterns: [String]
    /// The input and output types the handler is bound to: a typed call's binding is reused without
    /// a cast only when they are exactly the contract's.
    let inputType: ObjectIdentifier
    let outputType: ObjectIdentifier
    private let input: any Any.Type
    private let output: any Any.Type
    /// The action's position in its target's declaration.
    let index: Int

    init<Target>(_ action: MediatorAction<Target>, target: String, index: Int) {
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
    }

    /// The input type's name, for the catalog and messages (made when asked: it is not cheap).
    var inputTypeName: String { String(describing: input) }
    /// The result type's name, for the catalog and messages.
    var resultTypeName: String { output == Void.self ? "Void" : String(describing: output) }

    /// The declared parameter with this name, if any.
    func parameter(named key: String) -> MediatorParameter? {
        parameters.first { $0.name == key }
    }
}
