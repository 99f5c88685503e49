extension MediatorExecution {
    /// How an action runs, as a type: the first generic parameter of ``MediatorActionContract``, so the
    /// compiler picks how a contract is called (`try`, `try await`, or on the main actor).
    ///
    /// The three kinds below are the only ones: ``Synchronous``, ``Asynchronous`` and ``OnMainActor``.
    public protocol Kind: Sendable {}
}

extension MediatorExecution.Kind {
    /// The execution this kind stands for, told by the kind's type identity: a constant once code is
    /// specialized for its contract, and a comparison of two metadata addresses otherwise. Read by
    /// checks (`canCall`, `checkRegistrations`), never by a call.
    @inlinable
    static var execution: MediatorExecution {
        if Self.self == MediatorExecution.Asynchronous.self { return .asynchronous }
        if Self.self == MediatorExecution.OnMainActor.self { return .mainActor }
        return .synchronous
    }
}

extension MediatorExecution {
    /// Synchronous: called without `await`, also from asynchronous code (``ActionContract``).
    public enum Synchronous: MediatorExecution.Kind {}

    /// Asynchronous: called only with `await` (``AsyncActionContract``).
    public enum Asynchronous: MediatorExecution.Kind {}

    /// On the main actor: called synchronously from it, or with `await` elsewhere (``MainActorActionContract``).
    public enum OnMainActor: MediatorExecution.Kind {}
}
