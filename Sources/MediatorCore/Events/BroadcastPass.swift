/// One broadcast's way through the installed interceptors: each decides in turn on the broadcast,
/// seen as a ``MediatorCall`` with ``MediatorCall/isBroadcast`` set, and every one observes the
/// outcome once (`callDidFinish`), as for a call.
///
/// A broadcast has no single action to redirect to, so an interceptor may let it proceed or reject
/// it; any other decision refuses it, naming the interceptor.
struct BroadcastPass {
    let settings: MediatorSettings
    let call: MediatorCall
    private let start = ContinuousClock.now

    init<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, snapshot: RegistrySnapshot
    ) {
        settings = snapshot.settings
        var call = MediatorCall(target: MediatorCall.broadcastTarget, action: event.name, source: source) {
            ["payload": payload]
        }
        call.isBroadcast = true
        self.call = call
    }

    /// Asks every interceptor, synchronously.
    func decideSync() throws {
        for interceptor in settings.interceptors {
            try apply(Result { try interceptor.intercept(call) }, of: interceptor)
        }
    }

    /// Asks every interceptor; asynchronous ones decide within the interceptor timeout.
    func decideAsync(on mediator: Mediator) async throws {
        for (interceptor, asyncInterceptor) in zip(settings.interceptors, settings.asyncInterceptors) {
            if let asyncInterceptor {
                try apply(await mediator.decide(asyncInterceptor, on: call, within: settings.interceptorTimeout), of: interceptor)
            } else {
                try apply(Result { try interceptor.intercept(call) }, of: interceptor)
            }
        }
    }

    /// Applies one decision: proceed, or the error that refuses the broadcast.
    private func apply(_ decision: Result<MediatorDecision, any Error>, of interceptor: any MediatorInterceptor) throws {
        let name = InterceptorPass.name(of: interceptor)
        switch decision {
        case .success(let decision):
            if case .proceed = decision { return }
            if case .reject(let reason) = decision {
                throw MediatorError.rejectedBroadcast(event: call.action, interceptor: name, reason: reason)
            }
            throw MediatorError.rejectedBroadcast(
                event: call.action, interceptor: name,
                reason: "it answered a broadcast with \(decision), but a broadcast can only proceed or be rejected")
        case .failure(let timeout as InterceptorTimeout):
            throw MediatorError.interceptorTimedOut(
                interceptor: name, target: call.target, action: call.action, after: timeout.limit)
        case .failure(let error as MediatorError):
            throw error
        case .failure(let error):
            throw MediatorError.rejectedBroadcast(event: call.action, interceptor: name, reason: "it threw \(error)")
        }
    }

    /// Lets every interceptor observe the finished broadcast once: succeeded when every subscriber
    /// that was told handled it, failed with ``MediatorError/Code/broadcastFailed`` when one did not,
    /// or failed with the error that refused the broadcast.
    func finish(_ result: Result<MediatorBroadcastReport, any Error>) {
        let duration = start.duration(to: .now)
        let outcome: MediatorOutcome
        switch result {
        case .success(let report): outcome = report.succeeded ? .succeeded : .failed(MediatorError.broadcastFailed(report))
        case .failure(let error): outcome = .failed(error)
        }
        for interceptor in settings.interceptors {
            interceptor.callDidFinish(call, outcome: outcome, duration: duration)
        }
    }
}
