extension Mediator {
    /// A URL that no route matched, as the unmatched-URL handler sees it: decoded, with the caller's values.
    ///
    /// The handler in ``Mediator/Settings/unmatchedURLHandler`` receives it and answers with a value,
    /// a redirect to an action (the remote policy still applies), or ``Mediator/Fallback/notHandled``.
    public struct UnmatchedURL: Sendable, CustomStringConvertible {
        /// The URL as it was opened.
        public let url: String
        /// The scheme, lowercased, such as `"shop"` or `"https"`.
        public let scheme: String
        /// The web host, lowercased, for `http`/`https` URLs; `nil` for app schemes, whose host is a path segment.
        public let host: String?
        /// The decoded path segments; for an app scheme the first one is the URL's host (`shop://a/b` → `["a", "b"]`).
        public let pathSegments: [String]
        /// The decoded query (and, when enabled, fragment) values; repeated keys hold `[String]`.
        public let queryParameters: MediatorParameters
        /// The fragment as written after `#`, not decoded, if the URL has one.
        public let fragment: String?
        /// The values the native caller passed to `open(_:with:)`.
        public let parameters: MediatorParameters

        /// The URL.
        public var description: String { url }
    }
}

/// The handler a mediator runs for a URL with a known scheme or host that no route matches
/// (``Mediator/Settings/unmatchedURLHandler``).
typealias UnmatchedURLHandler = @Sendable (Mediator.UnmatchedURL) throws -> Mediator.Fallback
