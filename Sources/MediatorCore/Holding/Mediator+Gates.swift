extension Mediator {
    /// The gates calls wait on, and the calls held on them: open a gate when the app is ready for
    /// what waits on it.
    public var gates: Gates { Gates(mediator: self) }

    /// A mediator's gates and held calls: calls that wait for the app to be ready for them, instead
    /// of failing.
    ///
    /// An interceptor holds a call until a gate opens (``MediatorCall/Decision/hold(until:)``), and a
    /// remote call that arrives while ``Mediator/Gate/ready`` is closed is held before it is routed.
    /// The caller gets ``MediatorError/Code/held`` at once, with the ``MediatorHold`` (an awaited call
    /// may wait for the result instead, ``MediatorHold/WhenHeld``). When the app opens the gate, the
    /// held calls continue once each, in arrival order, through the whole pipeline again, in a task
    /// of their own.
    ///
    /// ```swift
    /// mediator.gates.close(.ready)     // at launch, before links can arrive
    /// mediator.gates.open(.ready)      // every module registered: links held meanwhile continue
    /// mediator.gates.open(.login)      // after login: checkout links a login interceptor held continue
    /// ```
    ///
    /// Every method is safe from any thread, and from a handler or an interceptor: none runs a held
    /// call inline. The bounds of ``Mediator/Settings/holdPolicy`` apply to every gate.
    public struct Gates: Sendable {
        let mediator: Mediator

        /// Opens a gate: calls held on it continue, in arrival order, each once, except those older
        /// than the hold policy's maximum age, which are dropped (``MediatorError/Code/holdExpired``).
        ///
        /// The calls continue in a task, one after another, after this returns; their phase is
        /// ``MediatorHold/Phase/continuing`` by then. A call to a main-actor action runs on the main
        /// actor. Later holds on an open gate proceed at once, until it is closed.
        /// - Parameter gate: The gate.
        public func open(_ gate: Gate) {
            let mediator = mediator
            let (expired, startRunner, maximumAge) = mediator.holds.withLock { queue in
                if gate == .ready { mediator.readyClosed.store(0) }
                mediator.gateChanges.increment()
                let (expired, startRunner) = queue.open(gate, now: .now)
                return (expired, startRunner, queue.policy.maximumAge)
            }
            mediator.settle(expired, because: .expired(gate, maximumAge: maximumAge))
            if startRunner {
                Task.detached { await mediator.continueHeldCalls() }
            }
        }

        /// Closes a gate: later calls an interceptor holds on it wait until it opens again. Calls
        /// already held stay held; calls already continuing go on. Closing ``Mediator/Gate/ready``
        /// holds every remote call at its door from now on.
        /// - Parameter gate: The gate.
        public func close(_ gate: Gate) {
            let mediator = mediator
            mediator.holds.withLock { queue in
                queue.open.remove(gate.name)
                mediator.gateChanges.increment()
                if gate == .ready { mediator.readyClosed.store(1) }
            }
        }

        /// Whether a gate is open now. Every gate is closed until opened, except ``Mediator/Gate/ready``.
        /// - Parameter gate: The gate.
        /// - Returns: `true` when calls held on it would proceed.
        public func isOpen(_ gate: Gate) -> Bool {
            mediator.holds.withLock { $0.lets(through: gate) }
        }

        /// The calls held now, oldest first, on every gate (not those already continuing).
        public var heldCalls: [MediatorHold] {
            mediator.holds.withLock { $0.heldCalls }
        }

        /// Cancels the calls held on a gate, or on every gate when `gate` is `nil` (and those of it
        /// queued to continue): they will not run, and their callers get
        /// ``MediatorError/Code/holdCancelled``.
        /// - Parameter gate: The gate, or `nil` for every gate.
        /// - Returns: How many calls were cancelled.
        @discardableResult
        public func cancelHeldCalls(on gate: Gate? = nil) -> Int {
            let removed = mediator.holds.withLock { $0.withdraw(on: gate) }
            let reason = gate.map { "the app cancelled the calls held on gate \($0.name)" } ?? "the app cancelled every held call"
            mediator.settle(removed, because: .cancelled(reason: reason))
            return removed.count
        }
    }
}
