extension MediatorExecution {
    /// How an action runs, as a type: the first generic parameter of ``MediatorActionContract``, so the
    /// compiler picks how a contract is called (`try`, `try await`, or on the main actor).
    public protocol Kind: Sendable {
        /// The execution this kind stands for.
        static var execution: MediatorExecution { get }
    }
}

extension MediatorExecution {
    /// Synchronous: called without `await`, also from asynchronous code (``ActionContract``).
    public enum Synchronous: MediatorExecution.Kind {
        /// ``MediatorExecution/synchronous``.
        public static var execution: MediatorExecution { .synchronous }
    }

    /// Asynchronous: called only with `await` (``AsyncActionContract``).
    public enum Asynchronous: MediatorExecution.Kind {
        /// ``MediatorExecution/asynchronous``.
        public static var execution: MediatorExecution { .asynchronous }
    }

    /// On the main actor: called synchronously from it, or with `await` elsewhere (``MainActorActionContract``).
    public enum OnMainActor: MediatorExecution.Kind {
        /// ``MediatorExecution/mainActor``.
        public static var execution: MediatorExecution { .mainActor }
    }
}
