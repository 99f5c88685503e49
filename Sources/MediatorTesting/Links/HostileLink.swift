/// One hostile variant of an app's own link, as ``HostileLinks`` generates and opens it.
public struct HostileLink: Sendable, Equatable, CustomStringConvertible {
    /// The family of attack, after OWASP MASWE-0032 (unsafe handling of deep links) and
    /// MASTG-TEST-0292 (testing deep links for injection and unintended actions).
    public enum Kind: String, Sendable, CaseIterable {
        /// A value or a whole URL longer than the app accepts.
        case overLong
        /// An empty value or an empty path segment.
        case empty
        /// `..` and `.` segments, plain and percent-encoded.
        case dotSegments
        /// `%2F`, `%3F`, `%23`, `%00`, CR LF inside a value.
        case encodedSeparators
        /// Another URL as a value, aimed at a web view or an open-URL handler (`javascript:`, `file:`, `//host`).
        case nestedURL
        /// Text that does not convert to the parameter's type.
        case wrongType
        /// The same key twice.
        case duplicateKeys
        /// Unicode look-alikes (fullwidth digits, Cyrillic letters), invisible and bidirectional controls.
        case unicode
        /// A native-only parameter (a closure, a model object) set from the URL.
        case nativeParameter
        /// A local-only action named by the URL: its convention route, or its name as a value.
        case localAction
    }

    /// The family.
    public var kind: Kind
    /// The URL opened.
    public var url: String
    /// `"Target.action"` of the example the variant was made from.
    public var base: String
    /// Whether the link must be refused with a `MediatorError` (a native-only parameter, a
    /// local-only action's route, a URL over the length limit).
    public var mustBeRefused: Bool
    /// The local-only actions (`"Target.action"`) the URL names; reaching one is a problem.
    public var namesLocalActions: [String]

    /// `kind: url`.
    public var description: String { "\(kind.rawValue) (from \(base)): \(url)" }
}
