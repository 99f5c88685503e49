extension Mediator {
    /// Registers a target under its ``MediatorTarget/targetName``; nothing is made until the first call.
    ///
    /// The argument is not evaluated now: the mediator evaluates it when it first needs an instance,
    /// and again for every call unless the target caches its instance.
    ///
    /// ```swift
    /// try mediator.register(ProductsTarget())
    /// ```
    /// - Parameters:
    ///   - makeTarget: Makes an instance; evaluated on first use.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    /// - Throws: ``MediatorError/Code/duplicateTarget`` when the name is taken and replacement was not asked for.
    public func register<Target: MediatorTarget>(
        _ makeTarget: @autoclosure @escaping @Sendable () -> Target, replacingExisting: Bool = false
    ) throws {
        try insert(
            TargetBox(
                name: Target.targetName, summary: Target.summary, ordinal: nextOrdinal(), cachesInstance: Target.cachesInstance,
                make: makeTarget),
            replacingExisting: replacingExisting)
    }

    /// Registers a target whose factory receives the mediator, for targets that call other modules.
    ///
    /// ```swift
    /// try mediator.register { mediator in CartTarget(mediator: mediator) }
    /// ```
    /// The mediator holds the factory, so it hands itself over unowned rather than letting the
    /// closure capture it; the factory runs only during this mediator's calls. A factory may call
    /// other targets through the mediator; a factory that needs, directly or through others, the
    /// instance it is making fails that call with ``MediatorError/Code/factoryCycle``.
    /// - Parameters:
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    ///   - factory: Makes an instance for this mediator; called on first use (and per call unless
    ///     the target caches its instance).
    /// - Throws: ``MediatorError/Code/duplicateTarget`` when the name is taken and replacement was not asked for.
    public func register<Target: MediatorTarget>(
        replacingExisting: Bool = false, _ factory: @escaping @Sendable (Mediator) -> Target
    ) throws {
        try register({ [unowned self] in factory(self) }(), replacingExisting: replacingExisting)
    }

    /// Registers a target defined by values rather than a type, such as a stub in tests.
    /// - Parameters:
    ///   - name: The target name callers use.
    ///   - summary: A one-line description for the catalog.
    ///   - actions: The actions; handlers receive `()` as their target.
    ///   - subscriptions: The events it subscribes to; handlers receive `()` as their target. A target
    ///     registered from values has no instance to make, so every broadcast of these events tells it.
    ///   - replacingExisting: Replace a target already registered under the same name instead of failing.
    ///   - unknownAction: Answers actions not in `actions`; by default they are passed on.
    /// - Throws: ``MediatorError/Code/duplicateTarget`` when the name is taken and replacement was not asked for.
    public func register(
        targetNamed name: String,
        summary: String = "",
        actions: [MediatorAction<Void>],
        subscriptions: [MediatorSubscription<Void>] = [],
        replacingExisting: Bool = false,
        unknownAction: @escaping @Sendable (String, MediatorParameters) throws -> Mediator.Fallback = { _, _ in .notHandled }
    ) throws {
        try insert(
            ValueTargetBox(
                name: name, summary: summary, ordinal: nextOrdinal(), actions: actions, subscriptions: subscriptions,
                unknownAction: unknownAction),
            replacingExisting: replacingExisting)
    }

    private func nextOrdinal() -> Int {
        Int(registrations.increment())
    }

    private func insert(_ box: any AnyTargetBox, replacingExisting: Bool) throws {
        try mutate { state in
            // One hash probe on the common path; a refused duplicate puts the original back.
            if let previous = state.targets.updateValue(box, forKey: Name(box.name)) {
                guard replacingExisting else {
                    state.targets[Name(box.name)] = previous
                    state.released.append(box)
                    throw MediatorError.duplicateTarget(target: box.name)
                }
                state.released.append(previous)
            }
            state.targetsChanged()
        }
    }

    /// Removes a target and its cached instance.
    /// - Parameter name: The target name.
    /// - Returns: Whether a target was registered under the name.
    @discardableResult
    public func unregister(_ name: String) -> Bool {
        mutate { state in
            guard let removed = state.targets.removeValue(forKey: Name(name)) else { return false }
            state.released.append(removed)
            state.targetsChanged()
            return true
        }
    }

    /// Releases the cached instance of one target, or of every target when `name` is `nil` (on a
    /// memory warning, say); the next call of each makes a new one.
    ///
    /// Once this returns, every call that starts afterwards, on any thread, uses a new instance;
    /// threads that called the target drop their reference to the old one on their next call
    /// through this mediator.
    /// - Parameter name: The target name, or `nil` for every target.
    public func releaseCachedInstances(of name: String? = nil) {
        let boxes = registry.withLock { state in
            guard let name else { return Array(state.targets.values) }
            return state.targets[Name(name)].map { [$0] } ?? []
        }
        let released = boxes.map { $0.releaseInstance() }
        mutate { _ in }
        withExtendedLifetime(released) {}
    }
}
