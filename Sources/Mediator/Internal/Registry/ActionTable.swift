/// A registered target's actions, built from its declaration on first use: the definitions every
/// door reads, the declarations that bind handlers, and the declaration's problem if it has one.
final class ActionTable<Target: Sendable>: Sendable {
    let actions: [MediatorAction<Target>]
    let definitions: [ActionDefinition]
    /// The index by name, for tables larger than `scanLimit`; smaller ones are scanned, which
    /// costs less than hashing a name, and building the table then allocates no dictionary (most
    /// targets declare a few actions, and a large app registers hundreds of targets).
    private let indexByName: [Name: Int]

    /// Tables of at most this many actions find a name by comparing bytes, without a dictionary.
    static var scanLimit: Int { 8 }
    /// Why the declaration cannot be used (an action declared twice, a contract of another target).
    let problem: String?

    init(target: String, declared: [MediatorAction<Target>]) {
        var actions: [MediatorAction<Target>] = []
        var definitions: [ActionDefinition] = []
        var problem: String?
        var indexByName: [Name: Int] = [:]
        let hashed = declared.count > Self.scanLimit
        actions.reserveCapacity(declared.count)
        definitions.reserveCapacity(declared.count)
        for action in declared {
            if let contractTarget = action.contractTarget, !NameComparison.equal(contractTarget, target) {
                problem = problem ?? "it binds the contract \(contractTarget).\(action.name), which belongs to another target"
                continue
            }
            let taken = hashed ? indexByName[Name(action.name)] != nil : Self.scan(actions, for: action.name) != nil
            guard !taken else {
                problem = problem ?? "it declares the action \(LogSafeText.quoted(action.name)) twice"
                continue
            }
            if hashed { indexByName[Name(action.name)] = actions.count }
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
        indexByName.isEmpty ? Self.scan(actions, for: action) : indexByName[Name(action)]
    }

    /// The index of the action with exactly this name, found by comparing names.
    private static func scan(_ actions: [MediatorAction<Target>], for name: String) -> Int? {
        actions.firstIndex { NameComparison.equal($0.name, name) }
    }

    /// The declared action names, sorted.
    var names: [String] { definitions.map(\.name).sorted() }
}
