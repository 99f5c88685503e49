public import Foundation
public import MediatorCore
internal import MediatorText

/// The URL doors for `Foundation.URL`: what `onOpenURL`, `application(_:open:options:)` and
/// `NSUserActivity.webpageURL` hand an app, opened as its text (`absoluteString`), exactly as the
/// `String` doors open it.
///
/// ```swift
/// .onOpenURL { url in try? mediator.open(url) }
/// ```
extension Mediator {
    /// Whether ``open(_:with:context:isolation:)-(URL,_,_,_)`` would reach an action; see ``canOpen(_:)-(String)``.
    /// - Parameter url: The URL.
    /// - Returns: `true` when the URL reaches an action a remote call may run.
    public func canOpen(_ url: URL) -> Bool {
        canOpen(url.absoluteString)
    }

    /// Opens a URL as a remote call and returns the result; see ``open(_:with:context:isolation:)-(String,_,_,_)``.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in (a `UIScene` identifier, say), or `nil`.
    ///   - isolation: The caller's actor, filled in by the compiler.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func open(
        _ url: URL, with parameters: MediatorParameters = MediatorParameters(), context: (any Sendable)? = nil,
        isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        try open(url.absoluteString, with: parameters, context: context, isolation: isolation)
    }

    /// Opens a URL and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - type: The result type.
    ///   - isolation: The caller's actor, filled in by the compiler.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    public func open<Result: Sendable>(
        _ url: URL, with parameters: MediatorParameters = MediatorParameters(), context: (any Sendable)? = nil,
        as type: Result.Type, isolation: (any Actor)? = #isolation
    ) throws -> Result {
        try open(url.absoluteString, with: parameters, context: context, as: type, isolation: isolation)
    }

    /// Opens a URL with `await`, which reaches asynchronous and main-actor actions too.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - whenHeld: Whether a held URL answers at once or waits for the continued call's result.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func openAsync(
        _ url: URL, with parameters: MediatorParameters = MediatorParameters(), context: (any Sendable)? = nil,
        whenHeld: MediatorHold.WhenHeld = .answerAtOnce
    ) async throws -> any Sendable {
        try await openAsync(url.absoluteString, with: parameters, context: context, whenHeld: whenHeld)
    }

    /// Opens a URL with `await` and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - whenHeld: Whether a held URL answers at once or waits for the continued call's result.
    ///   - type: The result type.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    public func openAsync<Result: Sendable>(
        _ url: URL, with parameters: MediatorParameters = MediatorParameters(), context: (any Sendable)? = nil,
        whenHeld: MediatorHold.WhenHeld = .answerAtOnce, as type: Result.Type
    ) async throws -> Result {
        try await openAsync(url.absoluteString, with: parameters, context: context, whenHeld: whenHeld, as: type)
    }

    /// Generates a `Foundation.URL` that opens the action of a contract with this input; the text
    /// form, ``url(for:with:scheme:)->String``, is the one inferred when the type is not stated.
    ///
    /// ```swift
    /// let link: URL = try mediator.url(for: Products.detail, with: ProductID(id: 42))
    /// ```
    /// - Parameters:
    ///   - contract: The action's signature.
    ///   - input: The input to carry.
    ///   - scheme: The app scheme, or `"https"` for a web link.
    /// - Returns: The URL.
    /// - Throws: As the text form does.
    @_disfavoredOverload
    public func url<Contract: MediatorContract>(
        for contract: Contract, with input: Contract.Input, scheme: String? = nil
    ) throws -> URL {
        try foundationURL(
            try url(for: contract, with: input, scheme: scheme) as String, target: contract.target, action: contract.action)
    }

    /// Generates a `Foundation.URL` that opens an action by name with these parameters; the text
    /// form is the one inferred when the type is not stated.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The values to carry.
    ///   - scheme: The app scheme, or `"https"` for a web link.
    /// - Returns: The URL.
    /// - Throws: As the text form does.
    @_disfavoredOverload
    public func url(
        for action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(), scheme: String? = nil
    ) throws -> URL {
        try foundationURL(
            try url(for: action, on: target, with: parameters, scheme: scheme) as String, target: target, action: action)
    }

    /// A generated URL's text as a `Foundation.URL`: every character but unreserved ones is
    /// percent-encoded, so Foundation reads it as is.
    private func foundationURL(_ text: String, target: String, action: String) throws -> URL {
        guard let url = URL(string: text) else {
            throw MediatorError.urlGenerationFailed(
                target: target, action: action, problem: "Foundation cannot read the generated URL \(LogSafeText.quoted(text))")
        }
        return url
    }
}
