/// What a call's target and action names resolve to, in one registry snapshot.
enum Resolved: Sendable {
    /// The action, bound and ready to run.
    case bound(AnyBinding)
    /// A broadcast's subscribers, bound and in delivery order.
    case subscribers(DeliveryList)
    /// No target by that name in the snapshot.
    case missingTarget
    /// The target exists in the snapshot but declares no such action.
    case missingAction(any AnyTargetBox)
    /// The target's declaration is unusable, or making its instance failed.
    case unusable(MediatorError)
}

/// Finding the binding for a call in the snapshot it read: this thread's slot for that snapshot
/// first, the snapshot's targets on a miss. Nothing here reads the registry itself, so every
/// lookup of one call (the first, and each redirect) answers from the same state.
extension Mediator {
    /// Resolves a call by names in a snapshot.
    /// - Parameters:
    ///   - keepsInstance: The call asks to keep the instance it makes (`cachingTarget:`).
    ///   - contract: The typed call's contract: a binding of exactly its types is also cached under it.
    func lookup(
        _ key: ActionKey, in snapshot: RegistrySnapshot, keepsInstance: Bool = false, contract: ContractKey? = nil,
        cache: ThreadCache = .current
    ) -> Resolved {
        // A typed call finds its binding by contract index first: no name is hashed.
        if let contract, let unretained = cache.contractBinding(index: contract.index, in: snapshot) {
            let binding = unretained.takeUnretainedValue()
            if !keepsInstance || binding.runsOnKeptInstance { return .bound(binding) }
        } else if let unretained = cache.binding(for: key, in: snapshot) {
            let binding = unretained.takeUnretainedValue()
            if !keepsInstance || binding.runsOnKeptInstance {
                // Bound first by name (a call by name or a link reached the action on this thread):
                // kept under the contract too, or every typed call would miss its fast path here.
                if let contract, Self.matches(binding, contract) {
                    cache.store(binding, contract: contract.index, in: snapshot)
                }
                return .bound(binding)
            }
        }
        guard let box = snapshot.targets[Name(key.target)] else { return .missingTarget }
        if let problem = box.problem { return .unusable(.invalidDeclaration(target: box.name, problem: problem)) }
        guard let index = box.index(of: key.action) else { return .missingAction(box) }
        return bind(box, index: index, keepsInstance: keepsInstance, in: snapshot, cache: cache) { binding in
            (key, contract.flatMap { Self.matches(binding, $0) ? $0.index : nil }, nil)
        }
    }

    /// Binds a box's action (by index) and caches the binding in this thread's slot for the snapshot.
    func bind(
        _ box: any AnyTargetBox, index: Int, keepsInstance: Bool, in snapshot: RegistrySnapshot, cache: ThreadCache,
        storing keys: (AnyBinding) -> (name: ActionKey?, contract: Int?, route: Int?)
    ) -> Resolved {
        let binding: AnyBinding
        do {
            let (bound, madeKeptInstance) = try box.bind(index, keepsInstance: keepsInstance)
            binding = bound
            if madeKeptInstance {
                // Other threads hold per-call bindings of this target: withdrawing the snapshot makes
                // them bind again, to the kept instance. The binding is not cached in the old slot.
                mutate { _ in }
                return .bound(binding)
            }
        } catch let error as MediatorError {
            return .unusable(error)
        } catch {
            return .unusable(.invalidDeclaration(target: box.name, problem: "\(error)"))
        }
        let (name, contract, route) = keys(binding)
        cache.store(binding, name: name, contract: contract, route: route, in: snapshot)
        return .bound(binding)
    }

    /// Whether a binding's handler takes and returns exactly a contract's types, so a typed call may
    /// use it without a cast.
    static func matches(_ binding: AnyBinding, _ contract: ContractKey) -> Bool {
        binding.definition.inputType == contract.input && binding.definition.outputType == contract.output
    }
}
