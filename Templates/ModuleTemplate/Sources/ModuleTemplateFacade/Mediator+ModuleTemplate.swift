public import Mediator

extension Mediator {
    /// The ModuleTemplate module's typed facade: call it instead of importing the module.
    ///
    /// ```swift
    /// let greeting = try mediator.moduleTemplate.greeting(name: "Ada")
    /// ```
    public var moduleTemplate: ModuleTemplateFacade { ModuleTemplateFacade(mediator: self) }
}

/// Typed calls into the ModuleTemplate module, each one line over a contract from ``ModuleTemplate``.
/// `nonisolated`, like the contracts, so callers on any thread can use it under default main-actor isolation.
nonisolated public struct ModuleTemplateFacade: Sendable {
    /// The mediator the calls go through.
    public let mediator: Mediator

    /// A greeting for a name.
    /// - Parameter name: Who to greet.
    /// - Returns: The greeting.
    /// - Throws: A ``MediatorError``, for example when the module is not registered.
    public func greeting(name: String) throws -> String {
        try mediator.call(ModuleTemplate.greeting, with: ModuleTemplateGreetingRequest(name: name))
    }
}
