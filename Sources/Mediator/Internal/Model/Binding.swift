/// An action bound to its handler and target instance, ready to run: what the per-thread caches hold.
///
/// Each thread resolves its own bindings, so no two threads share a binding's reference count.
/// `run` takes the typed input (the contract door's fast path); `erased` takes a ``Payload`` and
/// returns the result as `any Sendable`, for calls by name, URLs and redirected calls. Both are
/// formed, specialized, in the module that declared the action (see `MediatorAction.binder`).
@usableFromInline
class AnyBinding: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is not final only
    // so that `Binding<Input, Output>` can add the typed handler.
    @usableFromInline let definition: ActionDefinition
    let erased: Run<Payload, any Sendable>
    /// Whether the handler runs on the one instance the mediator keeps.
    let usesKeptInstance: Bool

    @usableFromInline
    init(definition: ActionDefinition, erased: Run<Payload, any Sendable>, usesKeptInstance: Bool) {
        self.definition = definition
        self.erased = erased
        self.usesKeptInstance = usesKeptInstance
    }
}

/// A binding whose handler takes `Input` and returns `Output`.
@usableFromInline
final class Binding<Input: Sendable, Output: Sendable>: AnyBinding, @unchecked Sendable {
    // @unchecked: `run` is a `let` of a Sendable type, as everything the superclass stores.
    @usableFromInline let run: Run<Input, Output>

    @usableFromInline
    init(
        definition: ActionDefinition, run: Run<Input, Output>, erased: Run<Payload, any Sendable>, usesKeptInstance: Bool
    ) {
        self.run = run
        super.init(definition: definition, erased: erased, usesKeptInstance: usesKeptInstance)
    }
}
