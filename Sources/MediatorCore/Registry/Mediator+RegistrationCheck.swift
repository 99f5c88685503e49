internal import MediatorText

extension Mediator {
    /// Checks everything registered, once, and throws every problem found in one error: the mistakes
    /// that otherwise surface only when a user taps a link or a screen first calls a module.
    ///
    /// Run it after registering every target, in debug builds or in a test of the composition root:
    ///
    /// ```swift
    /// try mediator.checkRegistrations(facades: Products.all + Cart.all)
    /// ```
    ///
    /// It reports:
    /// - every problem of the URL routes: conflicting patterns (naming both actions), invalid
    ///   patterns, patterns on local-only actions, unusable declarations, unregistered scoped schemes,
    ///   a route configuration that no longer fits the registry, a target whose actions bind a
    ///   contract that names another target (a target name typo), and placeholders naming
    ///   native-only fields;
    /// - URL placeholders (`:name`, `*name`) that name no field of the action's input, so a URL that
    ///   matches the route could never open it (`/user/:userID` with a field `id`);
    /// - each contract in `facades` that no registered target binds with the contract's types and
    ///   kind of call (a forgotten registration, a renamed action).
    ///
    /// A test of the composition root can also compare each input's schema defaults with its typed
    /// initializer's: `MediatorTesting` adds `checkRegistrations(facades:)`, which takes
    /// samples of inputs (`MediatorInputSample`) and reports every problem above as well.
    ///
    /// What it cannot see: placeholders of actions that take untyped ``MediatorParameters`` (they
    /// accept any key).
    /// - Parameter facades: Every contract the app's facades declare, such as `Products.all + Cart.all`.
    /// - Throws: ``MediatorError/Code/invalidRegistrations`` listing every problem.
    public func checkRegistrations(facades: [any MediatorContract] = []) throws {
        try checkRegistrations(facades: facades, samples: [])
    }

    /// Checks everything registered, and each sample's defaults and round trip: what
    /// `checkRegistrations(facades:)` in `MediatorTesting` runs.
    /// - Parameters:
    ///   - facades: Every contract the app's facades declare.
    ///   - samples: Inputs made by their typed initializers with every defaulted argument left out.
    /// - Throws: ``MediatorError/Code/invalidRegistrations`` listing every problem.
    package func checkRegistrations(facades: [any MediatorContract], samples: [InputSample]) throws {
        // One snapshot for every part of the check; reading declarations runs target code, outside every lock.
        let snapshot = snapshot()
        var problems = snapshot.router.get().problems
        let boxes = snapshot.targets.values.sorted { $0.name < $1.name }
        for box in boxes {
            for definition in box.definitions where definition.inputType != ObjectIdentifier(MediatorParameters.self) {
                problems += Self.placeholderProblems(of: definition)
            }
        }
        for contract in facades {
            if let problem = Self.bindingProblem(of: contract, in: snapshot) { problems.append(problem) }
        }
        for sample in samples {
            problems += sample.defaultProblems() + sample.roundTripProblems()
        }
        if !problems.isEmpty { throw MediatorError.invalidRegistrations(problems: problems) }
    }

    /// The placeholders of an action's URL patterns that name no field of its input.
    private static func placeholderProblems(of definition: ActionDefinition) -> [String] {
        var problems: [String] = []
        for text in definition.urlPatterns {
            // An invalid pattern is already among the route problems.
            guard let pattern = try? RoutePattern(text) else { continue }
            var seen: Set<String> = []
            for segment in pattern.variants.joined() {
                let name: String
                switch segment {
                case .placeholder(let placeholder), .wildcard(let placeholder): name = placeholder
                case .literal: continue
                }
                // A bare `*` captures segments no field needs to take; a native-only field is among
                // the route problems.
                guard name != "*", seen.insert(name).inserted, definition.parameter(named: name) == nil else { continue }
                let fields = definition.parameters.map(\.name)
                problems.append(
                    "\(definition.label): pattern \(LogSafeText.quoted(text)) captures \(LogSafeText.quoted(name)), "
                        + "which names no field of its input \(definition.inputTypeName) "
                        + "(fields: \(fields.isEmpty ? "none" : fields.joined(separator: ", "))); a URL matching it would fail to open"
                )
            }
        }
        return problems
    }

    /// Why no registered target binds a contract, or `nil` when one does.
    private static func bindingProblem<Contract: MediatorContract>(
        of contract: Contract, in snapshot: RegistrySnapshot
    ) -> String? {
        guard let box = snapshot.targets[Name(contract.target)] else {
            return "\(contract): no target named \(LogSafeText.quoted(contract.target)) is registered"
        }
        // A declaration problem is among the route problems; its accepted actions are still checked.
        guard let index = box.index(of: contract.action) else {
            return "\(contract): the target \(LogSafeText.quoted(box.name)) declares no action "
                + "\(LogSafeText.quoted(contract.action))"
        }
        let definition = box.definitions[index]
        guard definition.inputType == contract.cacheKey.input, definition.outputType == contract.cacheKey.output else {
            return "\(contract): the target declares it with input \(definition.inputTypeName) and result "
                + "\(definition.resultTypeName), not the contract's \(Contract.Input.self) and \(Contract.Output.self)"
        }
        let runnable: Bool
        switch Contract.execution {
        case .synchronous: runnable = definition.execution == .synchronous
        case .mainActor: runnable = definition.execution != .asynchronous
        case .asynchronous: runnable = true
        }
        return runnable
            ? nil
            : "\(contract): the target's handler runs \(definition.execution.rawValue), which a "
                + "\(Contract.execution.rawValue) contract cannot call"
    }
}
