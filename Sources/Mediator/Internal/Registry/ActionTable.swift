/// A registered target's actions, built from its declaration on first use: the definitions every
/// door reads, the declarations that bind handlers, and the declaration's problem if it has one.
final class ActionTable<Target: Sendable>: Sendable {
    let actions: [MediatorAction<Target>]
    let definitions: [ActionDefinition]
    private let indexByName: [Name: Int]
    /// Why the declaration cannot be used (an action declared twice, a contract of another target).
    let problem: String?

    init(target: String, declared: [MediatorAction<Target>]) {
        var actions: [MediatorAction<Target>] = []
        var definitions: [ActionDefinition] = []
        var indexByName: [Name: Int] = [:]
        var problem: String?
        for action in declared {
            if let contractTarget = action.contractTarget, !NameComparison.equal(contractTarget, target) {
                problem = problem ?? "it binds the contract \(contractTarget).\(action.name), which belongs to another target"
                continue
            }
            guard indexByName[Name(action.name)] == nil else {
                problem = problem ?? "it declares the action \(LogSafeText.quoted(action.name)) twice"
                continue
            }
            indexByName[Name(action.name)] = actions.count
            definitions.append(ActionDefinition(action, target: target, index: actions.count))
            actions.append(action)
        }
        self.actions = actions
        self.definitions = definitions
        self.indexByName = indexByName
        self.problem = problem
    }

    /// A table standing for a declaration that could not be read.
    init(target: String, problem: String) {
        actions = []
        definitions = []
        indexByName = [:]
        self.problem = problem
    }

    /// The index of the action with exactly this name, if declared.
    func index(of action: String) -> Int? {
        indexByName[Name(action)]
    }

    /// The declared action names, sorted.
    var names: [String] { definitions.map(\.name).sorted() }
}
