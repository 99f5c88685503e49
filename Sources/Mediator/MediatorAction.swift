/// One action of a target, declared once: its name, parameters, exposure, URL patterns and handler.
///
/// The same declaration drives string dispatch, parameter validation, URL routing and the catalog.
/// Handlers may be synchronous, asynchronous or bound to the main actor, may throw, and may return
/// any `Sendable` value or nothing.
///
/// ```swift
/// MediatorAction("product", summary: "Product detail screen",
///                parameters: [.required("id", Int.self, "Product id")],
///                exposure: .remote, urlPatterns: ["/product/:id"]) { target, parameters in
///     try target.productScreen(id: parameters.value("id"))
/// }
/// ```
public struct MediatorAction<Target: Sendable>: Sendable {
    /// The action's name, unique within its target.
    public let name: String
    /// A one-line description of what the action does.
    public let summary: String
    /// The parameters the action reads, validated before the handler runs.
    public let parameters: [MediatorParameter]
    /// Whether URLs may reach this action.
    public let exposure: MediatorExposure
    /// URL path patterns that route to this action, such as `"/product/:id"`.
    public let urlPatterns: [String]
    /// The name of the type the handler returns, as the catalog shows it.
    public let resultTypeName: String
    /// The type the handler returns, for contract tests and typed facades.
    public let resultType: any Sendable.Type

    let handler: Handler

    /// How the handler runs.
    enum Handler: Sendable {
        case sync(@Sendable (Target, MediatorParameters) throws -> any Sendable)
        case async(@Sendable (Target, MediatorParameters) async throws -> any Sendable)
        case mainActor(@MainActor @Sendable (Target, MediatorParameters) throws -> any Sendable)
    }

    init<Result: Sendable>(
        name: String, summary: String, parameters: [MediatorParameter], exposure: MediatorExposure,
        urlPatterns: [String], result: Result.Type, handler: Handler
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.exposure = exposure
        self.urlPatterns = urlPatterns
        self.resultType = Result.self
        self.resultTypeName = Result.self == Void.self ? "Void" : String(describing: Result.self)
        self.handler = handler
    }

    /// Declares an action whose handler runs synchronously on the caller's thread.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The parameters the handler reads.
    ///   - exposure: `.local` (the default) or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, given the target instance and the validated parameters.
    public init<Result: Sendable>(
        _ name: String,
        summary: String = "",
        parameters: [MediatorParameter] = [],
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [],
        handler: @escaping @Sendable (Target, MediatorParameters) throws -> Result
    ) {
        self.init(
            name: name, summary: summary, parameters: parameters, exposure: exposure,
            urlPatterns: urlPatterns, result: Result.self,
            handler: .sync { target, parameters in try handler(target, parameters) })
    }

    /// Declares an action whose handler is asynchronous; it can be called only with `await`.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The parameters the handler reads.
    ///   - exposure: `.local` (the default) or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, given the target instance and the validated parameters.
    public init<Result: Sendable>(
        _ name: String,
        summary: String = "",
        parameters: [MediatorParameter] = [],
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [],
        handler: @escaping @Sendable (Target, MediatorParameters) async throws -> Result
    ) {
        self.init(
            name: name, summary: summary, parameters: parameters, exposure: exposure,
            urlPatterns: urlPatterns, result: Result.self,
            handler: .async { target, parameters in try await handler(target, parameters) })
    }

    /// Declares an action whose handler runs on the main actor, for screen code.
    ///
    /// An `await`ed call hops to the main actor; a synchronous call works only from the main actor
    /// and otherwise fails with ``MediatorError/mainActorRequired(target:action:)``.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The parameters the handler reads.
    ///   - exposure: `.local` (the default) or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, isolated to the main actor.
    /// - Returns: The action declaration.
    public static func onMainActor<Result: Sendable>(
        _ name: String,
        summary: String = "",
        parameters: [MediatorParameter] = [],
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [],
        handler: @escaping @MainActor @Sendable (Target, MediatorParameters) throws -> Result
    ) -> MediatorAction {
        MediatorAction(
            name: name, summary: summary, parameters: parameters, exposure: exposure,
            urlPatterns: urlPatterns, result: Result.self,
            handler: .mainActor { target, parameters in try handler(target, parameters) })
    }

    /// How the handler runs, as the catalog reports it.
    public var execution: MediatorExecution {
        switch handler {
        case .sync: .synchronous
        case .async: .asynchronous
        case .mainActor: .mainActor
        }
    }
}

/// How an action's handler runs.
public enum MediatorExecution: String, Sendable, Codable {
    /// On the caller's thread, callable with or without `await`.
    case synchronous
    /// Asynchronously; callable only with `await`.
    case asynchronous
    /// On the main actor; callable with `await`, or synchronously from the main actor.
    case mainActor
}
