import Synchronization

/// A handle on one action, made once and called many times without looking its names up again.
///
/// A reference hashes no names on a call: each thread resolves it once and keeps the resolution until
/// the registry changes (a registration, a release, an interceptor or fallback change), then resolves
/// it again by name on its next call. It therefore stays correct when targets are replaced or
/// removed: a call to a target that is gone takes the same not-found path as a call by name.
/// Interceptors see every call made through a reference.
///
/// Facades keep references to the actions they call most:
///
/// ```swift
/// let price = mediator.action("price", on: "Catalog", as: Double.self)
/// let value = try price.perform(with: ["id": 42])
/// ```
public final class MediatorActionReference<Result: Sendable>: Sendable {
    /// The mediator the reference calls through.
    public let mediator: Mediator
    /// The target name.
    public let target: String
    /// The action name.
    public let action: String

    /// Distinguishes this reference in per-thread caches; never reused.
    let key: ReferenceKey

    init(mediator: Mediator, target: String, action: String) {
        self.mediator = mediator
        self.target = target
        self.action = action
        self.key = ReferenceKey(id: referenceIDs.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// Performs the action and returns its result as `Result`.
    /// - Parameters:
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may run main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong, as ``Mediator/perform(_:on:with:source:cachingTarget:as:isolation:)`` does.
    @inlinable
    public func perform(
        with parameters: MediatorParameters = MediatorParameters(), source: MediatorCallSource = .local,
        isolation: (any Actor)? = #isolation
    ) throws -> Result {
        let value = try performUntyped(with: parameters, source: source, onMainActor: isolation === MainActor.shared)
        return try mediator.cast(value, to: Result.self, target: target, action: action)
    }

    /// The call without the result cast, so it need not be specialized for each `Result`.
    @usableFromInline
    func performUntyped(with parameters: MediatorParameters, source: MediatorCallSource, onMainActor: Bool) throws -> any Sendable
    {
        let value: any Sendable
        if let found = try? mediator.lookup(reference: key, target: target, action: action), !found.hasInterceptors {
            value = try mediator.invoke(
                found.action, target: target, action: action, parameters: parameters, source: source, onMainActor: onMainActor)
        } else {
            // Interceptors, and declarations that fail to resolve, take the full pipeline by name.
            value = try mediator.dispatch(
                action, on: target, with: parameters, source: source, cachingTarget: false, onMainActor: onMainActor)
        }
        return value
    }

    /// Performs the action with `await`, which also reaches asynchronous and main-actor actions.
    /// - Parameters:
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    public func perform(
        with parameters: MediatorParameters = MediatorParameters(), source: MediatorCallSource = .local
    ) async throws -> Result {
        let value = try await performUntyped(with: parameters, source: source)
        return try mediator.cast(value, to: Result.self, target: target, action: action)
    }

    /// The awaited call without the result cast.
    @usableFromInline
    func performUntyped(with parameters: MediatorParameters, source: MediatorCallSource) async throws -> any Sendable {
        let value: any Sendable
        if let found = try? mediator.lookup(reference: key, target: target, action: action), !found.hasInterceptors {
            value = try await mediator.invokeAsync(
                found.action, target: target, action: action, parameters: parameters, source: source)
        } else {
            value = try await mediator.dispatchAsync(action, on: target, with: parameters, source: source, cachingTarget: false)
        }
        return value
    }
}

/// Ids of action references, shared by all mediators so an id is never reused.
private let referenceIDs = Atomic<UInt64>(1)

extension Mediator {
    /// Makes a reference to an action whose calls skip looking the names up.
    ///
    /// Making a reference resolves nothing and never fails: the target need not be registered yet.
    /// Calls through it behave as ``perform(_:on:with:source:cachingTarget:as:isolation:)`` with the same names.
    /// ```swift
    /// let featured = mediator.action("featured", on: "Catalog", as: [Product].self)
    /// let products = try featured.perform()
    /// ```
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - type: The result type; usually inferred.
    /// - Returns: A reference to call the action through.
    public func action<Result: Sendable>(
        _ action: String, on target: String, as type: Result.Type = Result.self
    ) -> MediatorActionReference<Result> {
        MediatorActionReference(mediator: self, target: target, action: action)
    }
}
