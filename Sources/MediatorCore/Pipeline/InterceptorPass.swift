/// One call's way through the installed interceptors: each decides in turn (proceed, reject,
/// redirect, hold) on the call as the ones before it left it, and every one observes the outcome once.
///
/// A broadcast passes here like any call (seen with ``MediatorCall/isBroadcast`` set): it may
/// proceed, be rejected or be held; it cannot be redirected, since it goes to every subscriber of
/// its event, so a redirect refuses it, naming the interceptor.
///
/// The loop lives here so the synchronous and asynchronous drivers differ only in how they ask an
/// interceptor for its decision.
struct InterceptorPass {
    /// The snapshot the call runs in: its interceptors decide, and redirects resolve in it.
    let snapshot: RegistrySnapshot
    var settings: InterceptionSettings { snapshot.settings }
    var state: CallState
    /// The call as it entered the pipeline: what a hold keeps, to run again from the start.
    let original: CallState
    /// What the call's current names resolve to.
    var resolved: Resolved
    /// The call as interceptors see it, kept in step with `state`.
    private(set) var call: MediatorCall
    private var next = 0
    private let start: InterceptionInstant

    init(state: CallState, resolved: Resolved, snapshot: RegistrySnapshot) {
        self.snapshot = snapshot
        self.state = state
        self.original = state
        self.resolved = resolved
        self.call = state.interceptorView
        self.start = .now
    }

    /// The pass of a call whose first interceptors already let it go on (`InterceptedRun`), taken
    /// over at the interceptor that decided otherwise: that decision is applied next, with `apply`.
    /// - Parameters:
    ///   - call: The call those interceptors saw, which the rest see and observe.
    ///   - decided: How many interceptors decided, the last of them the one whose decision is applied next.
    ///   - start: When the call entered the interceptor stage.
    init(
        state: CallState, resolved: Resolved, snapshot: RegistrySnapshot, call: MediatorCall, decided: Int,
        since start: InterceptionInstant
    ) {
        self.snapshot = snapshot
        self.state = state
        self.original = state
        self.resolved = resolved
        self.call = call
        self.next = decided
        self.start = start
    }

    /// The next interceptor to decide, with its asynchronous form if it has one.
    mutating func nextInterceptor() -> (any MediatorInterceptor, (any AsyncMediatorInterceptor)?)? {
        guard next < settings.interceptors.count else { return nil }
        defer { next += 1 }
        return (settings.interceptors[next], settings.asyncInterceptors[next])
    }

    /// Applies an interceptor's decision: a rejection or a thrown error ends the call; a redirect
    /// resolves the new names (the call stays as remote as it was); a hold on a closed gate ends
    /// this run of the call, which continues from the start when the gate opens.
    mutating func apply(
        _ decision: Result<MediatorCall.Decision, any Error>, of interceptor: any MediatorInterceptor, on mediator: Mediator
    ) throws {
        switch decision {
        case .success(.proceed):
            return
        case .success(.reject(let reason)):
            throw rejection(by: interceptor, reason: reason)
        case .success(.redirect(let target, let action, _)) where state.isBroadcast:
            throw rejection(
                by: interceptor,
                reason: "it redirected a broadcast to \(target).\(action), but a broadcast goes to every subscriber of its event")
        case let .success(.redirect(target, action, parameters)):
            state.redirect(to: target, action, parameters: parameters)
            resolved = mediator.lookup(
                ActionKey(target: target, action: action), in: snapshot, keepsInstance: state.keepsInstance)
            call = state.interceptorView
        case .success(.hold(let gate)):
            guard let hold = try mediator.holdUnlessOpen(original, on: gate) else { return }
            throw MediatorError.held(hold, on: gate)
        case .failure(let timeout as InterceptorTimeout):
            throw MediatorError.interceptorTimedOut(
                interceptor: Self.name(of: interceptor), target: state.target, action: state.action, after: timeout.limit)
        case .failure(let error as MediatorError) where error.code == .held:
            // This call's own hold comes only from a `.hold` decision, above; a thrown one is another call's.
            let other = error.hold?.label ?? error.description
            throw rejection(
                by: interceptor, reason: "it threw the held error of another call (\(other)), which answers for that call only")
        case .failure(let error as MediatorError):
            throw error
        case .failure(let error):
            throw rejection(by: interceptor, reason: "it threw \(error)")
        }
    }

    /// The error refusing the call on an interceptor's behalf: a rejected call, or a rejected broadcast.
    private func rejection(by interceptor: any MediatorInterceptor, reason: String) -> MediatorError {
        let name = Self.name(of: interceptor)
        if state.isBroadcast { return .rejectedBroadcast(event: state.action, interceptor: name, reason: reason) }
        return .rejected(target: state.target, action: state.action, interceptor: name, reason: reason)
    }

    /// Lets every interceptor observe the finished call once.
    func finish(_ result: Result<any Sendable, any Error>) {
        let outcome: MediatorCall.Outcome
        switch result {
        case .success(let value):
            // A broadcast whose subscribers failed finished with a report of failures.
            if call.isBroadcast, let report = value as? MediatorBroadcastReport, !report.succeeded {
                outcome = .failed(MediatorError.broadcastFailed(report))
            } else {
                outcome = .succeeded
            }
        case .failure(let error): outcome = Self.outcome(of: error)
        }
        Self.observe(call, outcome, since: start, by: settings.interceptors)
    }

    /// The outcome observers see for a call that failed: held, or failed with the error.
    static func outcome(of error: any Error) -> MediatorCall.Outcome {
        if let error = error as? MediatorError, error.code == .held {
            return error.hold.map(MediatorCall.Outcome.held) ?? .failed(error)
        }
        return .failed(error)
    }

    /// Lets every interceptor observe a finished call once, with the time since it entered the stage.
    static func observe(
        _ call: MediatorCall, _ outcome: MediatorCall.Outcome, since start: InterceptionInstant,
        by interceptors: [any MediatorInterceptor]
    ) {
        let duration = start.durationToNow
        for interceptor in interceptors {
            interceptor.callDidFinish(call, outcome: outcome, duration: duration)
        }
    }

    /// Lets every interceptor of a list read in place observe a finished call once.
    static func observe(
        _ call: MediatorCall, _ outcome: MediatorCall.Outcome, since start: InterceptionInstant,
        by interceptors: UnsafeBufferPointer<Unmanaged<InterceptionSettings.Entry>>
    ) {
        let duration = start.durationToNow
        for index in interceptors.indices {
            interceptors[index]._withUnsafeGuaranteedRef {
                $0.interceptor.callDidFinish(call, outcome: outcome, duration: duration)
            }
        }
    }

    static func name(of interceptor: any MediatorInterceptor) -> String {
        String(describing: type(of: interceptor))
    }
}

/// An asynchronous decision that lost the race against the interceptor timeout.
struct InterceptorTimeout: Error {
    let limit: Duration
}
