internal import MediatorText

/// A registered target's actions, built from its declaration on first use: the declarations that
/// bind handlers, the definitions every door reads (made when first read), and the declaration's
/// problem if it has one.
final class ActionTable<Target: Sendable>: @unchecked Sendable {
    // @unchecked: `builtDefinitions` is read and written only while this table's stripe of
    // `LockStripes.shared` is held; the rest is immutable.
    let actions: [MediatorAction<Target>]
    /// The definitions, made on first read: building routes reads the declarations themselves
    /// (`forEachRoutable`), so a target no call reaches keeps no definition (~230 bytes and ~1,400
    /// instructions per action in an app of thousands of routed targets).
    private var builtDefinitions: [ActionDefinition]?
    /// What most tables do not have, in one optional reference: a table is then 40 bytes, a
    /// 48-byte heap block where it took 64 (a large app keeps one per target for its lifetime).
    private let unusual: ActionTableUnusual?

    /// Tables of at most this many actions find a name by comparing bytes, without a dictionary.
    static var scanLimit: Int { 8 }
    /// Why the declaration cannot be used (an action declared twice, a contract of another target).
    var problem: String? { unusual?.problem }

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
        self.actions = refusedAny ? accepted : declared
        self.unusual =
            indexByName.isEmpty && problem == nil ? nil : ActionTableUnusual(indexByName: indexByName, problem: problem)
    }

    /// The definitions, in declaration order, of the target registered as `target` (the table's
    /// own, which it does not keep twice): made on the first read, outside the lock (they run no
    /// user code), and kept once, so every reader gets the same objects.
    func definitions(target: String) -> [ActionDefinition] {
        if let built = LockStripes.shared.withLock(for: self, { builtDefinitions }) { return built }
        var definitions: [ActionDefinition] = []
        definitions.reserveCapacity(actions.count)
        var index = 0
        while index < actions.count {
            definitions.append(ActionDefinition(actions[index], target: target, index: index))
            index += 1
        }
        return LockStripes.shared.withLock(for: self) {
            if let built = builtDefinitions { return built }
            builtDefinitions = definitions
            return definitions
        }
    }

    /// Calls `body` with what routing reads of each action, in declaration order, without making
    /// definitions.
    func forEachRoutable(_ body: (_ index: Int, _ action: RoutableAction) -> Void) {
        // Read in place: this code is not specialized, and copying each declaration would be generic work.
        actions.withUnsafeBufferPointer { actions in
            var index = 0
            while index < actions.count {
                body(
                    index,
                    RoutableAction(
                        name: actions[index].name, exposure: actions[index].exposure, urlPatterns: actions[index].urlPatterns,
                        parameters: actions[index].parameters, contractIndex: actions[index].contractIndex))
                index += 1
            }
        }
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
        builtDefinitions = []
        unusual = ActionTableUnusual(indexByName: [:], problem: problem)
    }

    /// The index of the action with exactly this name, if declared.
    func index(of action: String) -> Int? {
        guard let indexByName = unusual?.indexByName, !indexByName.isEmpty else {
            return Self.index(of: action, in: actions, before: actions.count)
        }
        return indexByName[Name(action)]
    }

    /// The declared action names, sorted.
    var names: [String] { actions.map(\.name).sorted() }
}

/// What most action tables do not have: a large table's index and a declaration's problem. Not
/// nested in the generic table, whose code reached through the registry is not specialized and
/// would look a nested type's metadata up on every use.
private final class ActionTableUnusual: Sendable {
    /// The index by name, for tables larger than `ActionTable.scanLimit`; smaller ones are scanned,
    /// which costs less than hashing a name, and building the table then allocates no dictionary
    /// (most targets declare a few actions, and a large app registers hundreds of targets).
    let indexByName: [Name: Int]
    /// Why the declaration cannot be used (an action declared twice, a contract of another target).
    let problem: String?

    init(indexByName: [Name: Int], problem: String?) {
        self.indexByName = indexByName
        self.problem = problem
    }
}

/// What building routes reads of a declared action: its names, exposure, patterns and parameters.
struct RoutableAction {
    let name: String
    let exposure: MediatorExposure
    let urlPatterns: [String]
    let parameters: [MediatorParameter]
    /// The interned index of the contract the action binds, or -1 (`MediatorAction.contractIndex`).
    let contractIndex: Int32

    /// Whether a parameter of this name is one only native callers may supply.
    func isNativeOnly(_ name: String) -> Bool {
        parameters.contains { $0.name == name && !$0.acceptsURLValues }
    }
}
