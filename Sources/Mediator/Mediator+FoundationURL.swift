public import Foundation
public import MediatorCore
internal import MediatorText

/// A Foundation `URL` opens through the same doors as its text (`absoluteString`): what `onOpenURL`,
/// `application(_:open:options:)` and `NSUserActivity.webpageURL` hand an app.
///
/// ```swift
/// .onOpenURL { url in try? mediator.open(url) }
/// ```
extension URL: Mediator.LinkConvertible {
    /// The URL's `absoluteString`, the text the URL doors read.
    public var linkText: String { absoluteString }
}

/// The URLs a mediator generates, as `Foundation.URL`.
extension Mediator {
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
