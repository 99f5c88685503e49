/// A module's entry point: a named table of actions that other modules reach through a ``Mediator``.
///
/// A target is declared once, next to the code it exposes. Registering it records how to make an
/// instance; the first call makes one, and the instance is kept when ``cachesInstance`` is `true`.
///
/// ```swift
/// struct CatalogTarget: MediatorTarget {
///     static let targetName = "Catalog"
///     static let actions: [MediatorAction<Self>] = [
///         MediatorAction(Catalog.price) { target, input in try target.price(for: input.id) },
///     ]
///     func price(for id: Int) -> Int { 999 }
/// }
///
/// try mediator.register(CatalogTarget())
/// ```
public protocol MediatorTarget: Sendable {
    /// The stable name callers use to reach this target, such as `"Catalog"`.
    static var targetName: String { get }

    /// A one-line description of the target, shown in the catalog.
    static var summary: String { get }

    /// Whether the mediator keeps the instance it makes for the next call.
    ///
    /// Defaults to `false`: a new instance per call, which suits cheap value types.
    static var cachesInstance: Bool { get }

    /// Every action this target answers, each declared once with its input and handler.
    ///
    /// Read on the first call, URL or catalog read that needs it, never at registration, and never
    /// while the mediator holds a lock.
    static var actions: [MediatorAction<Self>] { get }

    /// Every event this target subscribes to, each bound to the event its facade declares.
    ///
    /// Read when an event is first broadcast or the catalog is read, never at registration, and
    /// never while the mediator holds a lock; it must not broadcast or call the mediator itself.
    /// Defaults to none. See ``MediatorSubscription``.
    static var subscriptions: [MediatorSubscription<Self>] { get }

    /// Answers an action this target does not declare, or passes it on down the not-found chain.
    ///
    /// The default returns ``Mediator/Fallback/notHandled``, which hands the call to the mediator's
    /// fallback handler, if any, and otherwise reports ``MediatorError/Code/actionNotFound``.
    /// - Parameters:
    ///   - action: The action name that was asked for.
    ///   - parameters: The parameters of the call.
    /// - Returns: What to do with the call.
    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback
}

extension MediatorTarget {
    /// An empty summary by default.
    public static var summary: String { "" }

    /// No instance caching by default.
    public static var cachesInstance: Bool { false }

    /// No subscriptions by default.
    public static var subscriptions: [MediatorSubscription<Self>] { [] }

    /// Passes unknown actions on by default.
    public func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        .notHandled
    }
}
