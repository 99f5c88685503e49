internal import MediatorText

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
        // Built through the registry's existential, this code is not specialized: every generic
        // type it touches costs a run-time metadata lookup, so it loops by index over the one array
        // type. The usual declaration has no problem: the declared array is then kept as is (shared,
        // not copied), and a small table needs no dictionary.
        let hashed = declared.count > Self.scanLimit
        var indexByName: [Name: Int] = [:]
        var problem: String?
        var accepted: [MediatorAction<Target>] = []
        var refusedAny = false
        var index = 0
        while index < declared.count {
            let action = declared[index]
            let refusal: String?
            if let contractTarget = action.contractTarget, !NameComparison.equal(contractTarget, target) {
                refusal = "it binds the contract \(contractTarget).\(action.name), which belongs to another target"
            } else if let inputProblem = action.body.inputProblem {
                refusal = "the input of its action \(LogSafeText.quoted(action.name)): \(inputProblem)"
            } else if hashed
                ? indexByName[Name(action.name)] != nil
                : Self.index(of: action.name, in: refusedAny ? accepted : declared, before: refusedAny ? accepted.count : index)
                    != nil
            {
                refusal = "it declares the action \(LogSafeText.quoted(action.name)) twice"
            } else {
                refusal = nil
            }
            if let refusal {
                problem = problem ?? refusal
                if !refusedAny {
                    refusedAny = true
                    accepted = Array(declared[0..<index])
                }
            } else {
                if hashed { indexByName[Name(action.name)] = refusedAny ? accepted.count : index }
                if refusedAny { accepted.append(action) }
            }
            index += 1
        }
        let actions = refusedAny ? accepted : declared
        var definitions: [ActionDefinition] = []
        definitions.reserveCapacity(actions.count)
        index = 0
        while index < actions.count {
            definitions.append(ActionDefinition(actions[index], target: target, index: index))
            index += 1
        }
        self.actions = actions
        self.definitions = definitions
        self.indexByName = indexByName
        self.problem = problem
    }

    /// The index of the first of `actions[0..<end]` with exactly this name, compared by bytes.
    private static func index(of name: String, in actions: [MediatorAction<Target>], before end: Int) -> Int? {
        var index = 0
        while index < end {
            if NameComparison.equal(actions[index].name, name) { return index }
            index += 1
        }
        return nil
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
        indexByName.isEmpty ? Self.index(of: action, in: actions, before: actions.count) : indexByName[Name(action)]
    }

    /// The declared action names, sorted.
    var names: [String] { definitions.map(\.name).sorted() }
}
