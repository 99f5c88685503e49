extension Mediator {
    /// A value the URL doors open as a link: a `String`, or a Foundation `URL` with `import Mediator`.
    ///
    /// One door takes both, the way Alamofire's `URLConvertible` does, so `open`, `openAsync` and
    /// `canOpen` each have one form whatever the app holds:
    ///
    /// ```swift
    /// try mediator.open("shop://product/42")   // a String
    /// .onOpenURL { url in try? mediator.open(url) }   // a Foundation URL, opened as its absoluteString
    /// ```
    ///
    /// A type of the app's own (a typed deep link, say) conforms by giving its text.
    public protocol LinkConvertible: Sendable {
        /// The link as text, exactly as the URL doors read it.
        var linkText: String { get }
    }
}

extension String: Mediator.LinkConvertible {
    /// The string itself.
    public var linkText: String { self }
}
