import Synchronization

extension Mediator {
    /// Registers a target type under its ``MediatorTarget/targetName``; nothing is created until the first call.
    /// - Parameters:
    ///   - type: The target type.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    /// - Throws: ``MediatorError/duplicateTarget(target:)`` when the name is taken and replacement was not asked for.
    public func register<Target: MediatorTarget>(_ type: Target.Type, replacingExisting: Bool = false) throws {
        try register(type, replacingExisting: replacingExisting, factory: { Target() })
    }

    /// Registers a target type whose instances a factory makes, for targets that need dependencies.
    /// - Parameters:
    ///   - type: The target type.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    ///   - factory: Makes an instance; called on first use (and per call unless the instance is cached).
    ///     It runs under the target's lock when the instance is kept, so it must not call this same
    ///     target through the mediator (other targets are fine).
    /// - Throws: ``MediatorError/duplicateTarget(target:)`` when the name is taken and replacement was not asked for.
    public func register<Target: MediatorTarget>(
        _ type: Target.Type, replacingExisting: Bool = false, factory: @escaping @Sendable () -> Target
    ) throws {
        let box = TargetBox(
            name: Target.targetName, summary: Target.summary, ordinal: nextOrdinal(), cachesInstance: Target.cachesInstance,
            makeInstance: factory, declareActions: { Target.actions },
            unknownAction: { target, action, parameters in
                try target.answerUnknownAction(action, parameters: parameters)
            })
        try insert(box, replacingExisting: replacingExisting)
    }

    /// Registers a target type whose factory receives the mediator, for targets that call other modules.
    ///
    /// ```swift
    /// try mediator.register(CartTarget.self) { mediator in CartTarget(mediator: mediator) }
    /// ```
    /// The mediator holds the factory, so it hands itself over unowned rather than letting each
    /// module capture it and form a retain cycle; the factory only runs during this mediator's calls.
    /// - Parameters:
    ///   - type: The target type.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    ///   - factory: Makes an instance for this mediator. It runs under the target's lock when the
    ///     instance is kept, so it must not call this same target through the mediator.
    /// - Throws: ``MediatorError/duplicateTarget(target:)`` when the name is taken and replacement was not asked for.
    public func register<Target: MediatorTarget>(
        _ type: Target.Type, replacingExisting: Bool = false, factory: @escaping @Sendable (Mediator) -> Target
    ) throws {
        try register(type, replacingExisting: replacingExisting, factory: { [unowned self] in factory(self) })
    }

    /// Registers a target defined by values rather than a type, such as a stub in tests.
    /// - Parameters:
    ///   - name: The target name callers use.
    ///   - summary: A one-line description for the catalog.
    ///   - actions: The actions; handlers receive `()` as their target.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    ///   - unknownAction: Answers actions not in `actions`; by default they are passed on.
    /// - Throws: ``MediatorError/duplicateTarget(target:)`` when the name is taken and replacement was not asked for.
    public func register(
        targetNamed name: String,
        summary: String = "",
        actions: [MediatorAction<Void>],
        replacingExisting: Bool = false,
        unknownAction: @escaping @Sendable (String, MediatorParameters) throws -> MediatorFallback = { _, _ in .notHandled }
    ) throws {
        let box = TargetBox<Void>(
            name: name, summary: summary, ordinal: nextOrdinal(), cachesInstance: false, makeInstance: {},
            declareActions: { actions },
            unknownAction: { _, action, parameters in try unknownAction(action, parameters) })
        try insert(box, replacingExisting: replacingExisting)
    }

    private func nextOrdinal() -> Int {
        registrations.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    private func insert(_ box: any AnyTargetBox, replacingExisting: Bool) throws {
        try mutate { state in
            // One hash probe on the common path; a refused duplicate puts the original back.
            if let previous = state.targets.updateValue(box, forKey: box.name), !replacingExisting {
                state.targets[box.name] = previous
                throw MediatorError.duplicateTarget(target: box.name)
            }
        }
    }

    /// Removes a target and its cached instance.
    /// - Parameter name: The target name.
    /// - Returns: Whether a target was registered under the name.
    @discardableResult
    public func unregister(_ name: String) -> Bool {
        mutate { $0.targets.removeValue(forKey: name) != nil }
    }

    /// The names of every registered target, sorted.
    public var registeredTargetNames: [String] {
        registry.withLock { $0.targets.keys.sorted() }
    }

    /// Releases the cached instance of one target; its next call creates a new one.
    ///
    /// Threads that called the target drop their reference to the old instance on their next call
    /// through this mediator.
    /// - Parameter name: The target name.
    public func releaseCachedInstance(of name: String) {
        mutate { $0.targets[name]?.releaseInstance() }
    }

    /// Releases every cached target instance, for example on a memory warning.
    public func releaseCachedInstances() {
        mutate { state in
            for box in state.targets.values { box.releaseInstance() }
        }
    }
}
