/// The admission stage, the first of the pipeline: whether a call goes on now or waits.
///
/// The one rule of admission is written here once: a remote call (a URL, a call made with source
/// `.remote`, a remote broadcast) that arrives while ``Mediator/Gate/ready`` is closed is held before
/// it is resolved, since the registry may not have its target, route or subscribers yet; it
/// continues through the whole pipeline when the gate opens. Every door calls `admit` before it
/// resolves anything; gates an interceptor holds a call on are decided in the interceptor stage.
extension Mediator {
    /// Admits a call, or holds it until `ready` opens.
    /// - Parameters:
    ///   - source: Where the call came from; local calls are admitted at once.
    ///   - call: The call as it entered, made only when it is held (what continues later).
    /// - Throws: ``MediatorError/Code/held`` with the hold, or ``MediatorError/Code/holdDropped``.
    @inline(__always)
    func admit(_ source: MediatorCallSource, _ call: @autoclosure () -> CallState) throws {
        // One atomic load, so a reopened gate is seen by every call that starts after it returned.
        guard source == .remote, readyClosed.load() != 0 else { return }
        try holdUntilReady(call())
    }
}
