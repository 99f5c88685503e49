/// An action bound to its handler and target instance, ready to run: what the per-thread caches hold.
///
/// Each thread resolves its own bindings, so no two threads share a binding's reference count. The
/// handler is held three ways, one per way a caller can run it, each already applying the calling
/// rules (a synchronous run of an asynchronous action throws, say), so a caller picks one and calls
/// it: no switch, and no copy of a closure out of an enum (which would retain its context on every
/// call). `decodeAndRunSync`/`decodeAndRunOnMainActor`/`decodeAndRunAsync` take a ``Payload`` and return `any Sendable`, for
/// calls by name, URLs and redirected calls; `Binding` adds the typed forms for contract calls. All
/// are formed, specialized, in the module that declared the action (see `MediatorAction.binder`).
@usableFromInline
class AnyBinding: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is not final only
    // so that `Binding<Input, Output>` can add the typed handler.
    @usableFromInline let definition: ActionDefinition
    /// Whether the handler runs on the one instance the mediator keeps.
    let runsOnKeptInstance: Bool
    /// Runs without `await`, off the main actor: a synchronous handler; otherwise the calling-convention error.
    @usableFromInline let decodeAndRunSync: @Sendable (Payload) throws -> any Sendable
    /// Runs without `await` on the main actor: a synchronous or main-actor handler.
    @usableFromInline let decodeAndRunOnMainActor: @MainActor @Sendable (Payload) throws -> any Sendable
    /// Runs with `await`, whatever the handler.
    @usableFromInline let decodeAndRunAsync: @Sendable (Payload) async throws -> any Sendable

    @usableFromInline
    init(
        definition: ActionDefinition, runsOnKeptInstance: Bool,
        decodeAndRunSync: @escaping @Sendable (Payload) throws -> any Sendable,
        decodeAndRunOnMainActor: @escaping @MainActor @Sendable (Payload) throws -> any Sendable,
        decodeAndRunAsync: @escaping @Sendable (Payload) async throws -> any Sendable
    ) {
        self.definition = definition
        self.runsOnKeptInstance = runsOnKeptInstance
        self.decodeAndRunSync = decodeAndRunSync
        self.decodeAndRunOnMainActor = decodeAndRunOnMainActor
        self.decodeAndRunAsync = decodeAndRunAsync
    }
}

/// A binding whose handler takes `Input` and returns `Output`: the typed forms, for contract calls.
@usableFromInline
final class Binding<Input: Sendable, Output: Sendable>: AnyBinding, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type, as everything the superclass stores.
    @usableFromInline let runSync: @Sendable (Input) throws -> Output
    @usableFromInline let runOnMainActor: @MainActor @Sendable (Input) throws -> Output
    @usableFromInline let runAsync: @Sendable (Input) async throws -> Output

    @usableFromInline
    init(
        definition: ActionDefinition, runsOnKeptInstance: Bool, runSync: @escaping @Sendable (Input) throws -> Output,
        runOnMainActor: @escaping @MainActor @Sendable (Input) throws -> Output,
        runAsync: @escaping @Sendable (Input) async throws -> Output,
        decodeAndRunSync: @escaping @Sendable (Payload) throws -> any Sendable,
        decodeAndRunOnMainActor: @escaping @MainActor @Sendable (Payload) throws -> any Sendable,
        decodeAndRunAsync: @escaping @Sendable (Payload) async throws -> any Sendable
    ) {
        self.runSync = runSync
        self.runOnMainActor = runOnMainActor
        self.runAsync = runAsync
        super.init(
            definition: definition, runsOnKeptInstance: runsOnKeptInstance, decodeAndRunSync: decodeAndRunSync,
            decodeAndRunOnMainActor: decodeAndRunOnMainActor,
            decodeAndRunAsync: decodeAndRunAsync)
    }
}
