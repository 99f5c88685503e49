extension Mediator {
    /// How a mediator reads URLs: the length limit and the decoding choices that differ between platforms.
    ///
    /// ```swift
    /// mediator.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true, mergesFragmentParameters: true) }
    /// ```
    public struct URLOptions: Sendable, Equatable {
        /// The longest URL, in UTF-8 bytes, that ``Mediator/open(_:with:context:isolation:)`` accepts; longer ones fail before parsing.
        ///
        /// The default, 16,384 bytes, is far above any deep link an app sends and low enough that a hostile
        /// URL cannot make the mediator do much work. A negative length counts as 0 (every URL refused)
        /// when the options are applied.
        public var maximumLength: Int
        /// Whether `+` in a query *value* decodes to a space, as HTML forms encode it. Off by default:
        /// RFC 3986 gives `+` no special meaning. Keys never convert `+`, and `%2B` always decodes to `+`.
        public var decodesPlusAsSpace: Bool
        /// Whether `key=value` pairs in the fragment (`#tab=reviews`) are added to the parameters.
        ///
        /// Query values win over fragment values for the same key. Off by default.
        public var mergesFragmentParameters: Bool
        /// Whether web links may use `http` as well as `https`. Off by default: a link sent in the clear
        /// can be changed on its way, so only `https` links to registered hosts are routed, and `http`
        /// ones fail with ``MediatorError/Code/unknownURLScheme``.
        public var acceptsHTTPWebLinks: Bool
        /// How long after a link arrives the same link (the same URL as parsed, from the same source)
        /// is a duplicate: it does not run, its caller gets ``MediatorError/Code/duplicateLink`` and
        /// observers see ``MediatorCall/Outcome/duplicate``. Off (`.zero`) by default.
        ///
        /// One delivery often arrives twice: a cold launch hands the app its link in the launch options
        /// and again through `open`, and a universal link and a notification can name the same content.
        /// Two seconds covers both while a person tapping the same link again later still gets it.
        /// The first arrival counts, held or not, and a held link continuing is never its own duplicate.
        /// The mediator remembers at most the 64 most recent links, so memory stays bounded however
        /// many arrive; a negative window counts as `.zero` when the options are applied.
        public var duplicateWindow: Duration

        /// Creates URL options; every argument defaults to the standard behaviour.
        /// - Parameters:
        ///   - maximumLength: The longest URL accepted, in UTF-8 bytes.
        ///   - decodesPlusAsSpace: Decode `+` in query values as a space.
        ///   - mergesFragmentParameters: Add the fragment's `key=value` pairs to the parameters.
        ///   - acceptsHTTPWebLinks: Route `http` web links as well as `https` ones.
        ///   - duplicateWindow: How long the same link again counts as a duplicate; `.zero` (off) by default.
        public init(
            maximumLength: Int = 16_384, decodesPlusAsSpace: Bool = false, mergesFragmentParameters: Bool = false,
            acceptsHTTPWebLinks: Bool = false, duplicateWindow: Duration = .zero
        ) {
            self.duplicateWindow = max(duplicateWindow, .zero)
            self.maximumLength = maximumLength
            self.decodesPlusAsSpace = decodesPlusAsSpace
            self.mergesFragmentParameters = mergesFragmentParameters
            self.acceptsHTTPWebLinks = acceptsHTTPWebLinks
        }
    }
}
