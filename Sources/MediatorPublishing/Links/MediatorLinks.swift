public import Foundation
public import MediatorCore

/// The deep links a mediator publishes: every URL shape a caller outside the app can open, the
/// action each reaches, and the parameters a link may set.
///
/// A deep link in an email, a push notification or a QR code is a public API: once sent, it cannot
/// be changed. ``MediatorCore/Mediator/publishedLinks()`` reads the links from the same declarations that route
/// URLs, so the association files for universal links and App Links
/// (``appleAppSiteAssociation(appIDs:)``, ``androidIntentFilters()``), a reference for the people
/// who write links (``markdownReference(title:)``), and a compatibility check against the links already
/// published (``compatibility(withPublished:)``) never drift from what the app opens.
///
/// ```swift
/// let links = try mediator.publishedLinks()
/// let published = try MediatorLinks(json: Data(contentsOf: snapshotURL))
/// let report = links.compatibility(withPublished: published)
/// if !report.isCompatible { report.breaks.forEach { print($0) } }
/// ```
///
/// What a link can reach: a remote action, through its URL patterns (a pattern with optional
/// groups publishes each of its shapes) and its convention route `scheme://Target/action` (app
/// schemes only). A global pattern is reachable by web links on every registered host and by every
/// app scheme that falls back to global routes; a pattern written with a scheme, by that scheme
/// only. Local actions publish nothing. The route configuration changes routing at run time and is
/// not part of the published links.
///
/// The JSON form (``json()``) is sorted and stable, so a snapshot committed next to the app is small
/// and its changes are reviewable.
public struct MediatorLinks: Sendable, Equatable, Codable {
    /// The version of the JSON format this type reads and writes.
    public static let formatVersion = 1

    /// The JSON format's version, ``formatVersion``.
    public var version: Int
    /// The registered app schemes, sorted by name.
    public var schemes: [Scheme]
    /// The registered web hosts, lowercased and sorted.
    public var webHosts: [String]
    /// Every remote action that links reach, sorted by target and action name.
    public var actions: [Action]

    /// One app scheme.
    public struct Scheme: Sendable, Equatable, Codable {
        /// The scheme, lowercased, such as `shop`.
        public var name: String
        /// Whether its URLs also match global patterns (not only the patterns scoped to it).
        public var matchesGlobalRoutes: Bool

        /// Creates a scheme entry.
        /// - Parameters:
        ///   - name: The scheme, lowercased.
        ///   - matchesGlobalRoutes: Whether its URLs also match global patterns.
        public init(name: String, matchesGlobalRoutes: Bool) {
            self.name = name
            self.matchesGlobalRoutes = matchesGlobalRoutes
        }
    }

    /// One remote action and the links that reach it.
    public struct Action: Sendable, Equatable, Codable {
        /// The target's name.
        public var target: String
        /// The action's name.
        public var action: String
        /// The action's one-line description.
        public var summary: String
        /// Every route that reaches the action, sorted.
        public var routes: [Route]
        /// The parameters a link may set, in declaration order; native-only ones are left out.
        public var parameters: [Parameter]
        /// A URL generated for the action with sample values that opens it, when one can be made.
        public var example: String?

        /// `"Target.action"`.
        public var label: String { "\(target).\(action)" }

        /// Creates an action entry.
        /// - Parameters:
        ///   - target: The target's name.
        ///   - action: The action's name.
        ///   - summary: The one-line description.
        ///   - routes: The routes that reach it.
        ///   - parameters: The parameters a link may set.
        ///   - example: A URL that opens it, if any.
        public init(
            target: String, action: String, summary: String = "", routes: [Route],
            parameters: [Parameter] = [], example: String? = nil
        ) {
            self.target = target
            self.action = action
            self.summary = summary
            self.routes = routes
            self.parameters = parameters
            self.example = example
        }
    }

    /// One parameter a link may set.
    public struct Parameter: Sendable, Equatable, Codable {
        /// The key, as a query item or a placeholder names it.
        public var name: String
        /// The type its text converts to, such as `Int`.
        public var type: String
        /// Whether a link must supply it.
        public var required: Bool
        /// The value an absent parameter takes, as text, if any.
        public var defaultValue: String?
        /// The values it accepts, when its type lists them (an enum's cases).
        public var allowedValues: [String]?
        /// Its one-line description.
        public var summary: String

        /// Creates a parameter entry.
        /// - Parameters:
        ///   - name: The key.
        ///   - type: The type's name.
        ///   - required: Whether a link must supply it.
        ///   - defaultValue: The default, as text.
        ///   - allowedValues: The values it accepts, for an enum.
        ///   - summary: The one-line description.
        public init(
            name: String, type: String, required: Bool, defaultValue: String? = nil, allowedValues: [String]? = nil,
            summary: String = ""
        ) {
            self.name = name
            self.type = type
            self.required = required
            self.defaultValue = defaultValue
            self.allowedValues = allowedValues
            self.summary = summary
        }

        init(_ parameter: MediatorParameter) {
            self.init(
                name: parameter.name, type: parameter.typeName, required: parameter.isRequired,
                defaultValue: parameter.defaultValue.map { String(describing: $0) }, allowedValues: parameter.allowedValues,
                summary: parameter.summary)
        }
    }

    /// One path shape that reaches an action.
    public struct Route: Sendable, Hashable, Codable, Comparable {
        /// How the route came to be.
        public enum Kind: String, Sendable, Codable {
            /// A declared URL pattern (one shape of it).
            case pattern
            /// The convention route `scheme://Target/action`.
            case convention
        }

        /// The path shape: literal segments percent-encoded, `:name` for a placeholder, `*name` (or
        /// `*`) for a trailing wildcard that matches zero or more segments; `/` for the empty path.
        public var path: String
        /// The app scheme a scoped pattern is limited to; `nil` for a global pattern or the convention route.
        public var scheme: String?
        /// Whether the route is a pattern or the convention route.
        public var kind: Kind

        /// Creates a route entry.
        /// - Parameters:
        ///   - path: The path shape.
        ///   - scheme: The scheme a scoped pattern is limited to.
        ///   - kind: Pattern or convention route.
        public init(path: String, scheme: String? = nil, kind: Kind = .pattern) {
            self.path = path
            self.scheme = scheme
            self.kind = kind
        }

        /// Whether web links reach the route: global patterns only.
        public var isWebLink: Bool { kind == .pattern && scheme == nil }

        /// The path's segments as written in ``path``.
        var segments: [Substring] { path.split(separator: "/") }

        /// The shape with placeholder and wildcard names left out: two routes with the same shape
        /// match the same URLs, whatever their placeholders are called.
        var shape: String {
            "/"
                + segments.map { segment in
                    segment.hasPrefix(":") ? ":" : segment.hasPrefix("*") ? "*" : String(segment)
                }.joined(separator: "/")
        }

        /// The names of the route's placeholders and wildcard.
        var captureNames: Set<String> {
            Set(segments.compactMap { $0.hasPrefix(":") || $0.hasPrefix("*") ? String($0.dropFirst()) : nil })
        }

        /// Sorted by kind (patterns first), then scheme, then path.
        public static func < (lhs: Route, rhs: Route) -> Bool {
            (lhs.kind == .convention ? 1 : 0, lhs.scheme ?? "", lhs.path)
                < (rhs.kind == .convention ? 1 : 0, rhs.scheme ?? "", rhs.path)
        }
    }

    /// Creates published links from their parts; entries are sorted as ``MediatorCore/Mediator/publishedLinks()`` sorts them.
    /// - Parameters:
    ///   - schemes: The app schemes.
    ///   - webHosts: The web hosts.
    ///   - actions: The remote actions and their routes.
    public init(schemes: [Scheme] = [], webHosts: [String] = [], actions: [Action] = []) {
        self.version = Self.formatVersion
        self.schemes = schemes.sorted { $0.name < $1.name }
        self.webHosts = webHosts.map { $0.lowercased() }.sorted()
        self.actions = actions.map { action in
            var action = action
            action.routes.sort()
            return action
        }.sorted { ($0.target, $0.action) < ($1.target, $1.action) }
    }

    /// Reads published links from their JSON form.
    /// - Parameter json: A document written by ``json()``.
    /// - Throws: A `DecodingError` for a document that is not one, or ``MediatorLinks/FormatError``
    ///   for a version this library does not read.
    public init(json: Data) throws {
        let decoded = try JSONDecoder().decode(MediatorLinks.self, from: json)
        guard decoded.version == Self.formatVersion else {
            throw FormatError(version: decoded.version)
        }
        self = decoded
    }

    /// A published-links document of a version this library does not read.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// The document's version.
        public var version: Int
        /// One line naming the versions.
        public var description: String {
            "published links version \(version) is not supported; this library reads version \(MediatorLinks.formatVersion)"
        }
    }

    /// The links as JSON: keys sorted, entries sorted, indented, ending with a newline; the same
    /// links always give the same bytes.
    /// - Returns: UTF-8 JSON.
    public func json() -> Data {
        StableJSON.data(self)
    }
}

extension Mediator {
    /// The deep links this mediator publishes now: every route a URL from outside the app can
    /// take to a remote action, with the parameters a link may set and an example URL per action.
    ///
    /// Builds the routes if they are stale, as the first `open(_:with:context:isolation:)` would; creates
    /// no target instance.
    /// - Returns: The links, sorted.
    /// - Throws: `MediatorError.Code.invalidRoutes` when the declared routes have problems, since
    ///   links published from a broken route table would not be the ones the app opens.
    public func publishedLinks() throws -> MediatorLinks {
        let published = try publishedRoutes()
        var actions: [MediatorLinks.Action] = []
        for action in published.actions {
            let routes = action.routes.map { route in
                MediatorLinks.Route(path: route.path, scheme: route.scheme, kind: route.isConvention ? .convention : .pattern)
            }
            let parameters = action.parameters.filter(\.acceptsURLValues).map(MediatorLinks.Parameter.init)
            actions.append(
                MediatorLinks.Action(
                    target: action.target, action: action.name, summary: action.summary, routes: routes,
                    parameters: parameters,
                    example: exampleURL(target: action.target, action: action.name, parameters: parameters)))
        }
        let schemes = published.schemes.map { scheme in
            MediatorLinks.Scheme(name: scheme.name, matchesGlobalRoutes: scheme.fallsBackToGlobalRoutes)
        }
        return MediatorLinks(schemes: schemes, webHosts: published.webHosts, actions: actions)
    }

    /// A URL that opens the action, generated from sample values of its required parameters (an
    /// enum's first value, `1`, `1.5`, `true`, `example`), or `nil` when a type has no sample or the
    /// URL would not reach the action.
    ///
    /// Generation checks that the URL reaches the action by its declared routes, and that the action
    /// is remote and the URL carries no native-only value (the remote policy). It is deliberately not
    /// checked with `canOpen`: that also applies the live route configuration, a run-time switch,
    /// and the published links describe the declared routes, whatever is switched off today.
    private func exampleURL(target: String, action: String, parameters: [MediatorLinks.Parameter]) -> String? {
        var values: [String: any Sendable] = [:]
        for parameter in parameters where parameter.required {
            guard let sample = MediatorLinks.sampleValue(of: parameter) else { return nil }
            values[parameter.name] = sample
        }
        return try? generatedURL(target: target, action: action, values: values)
    }
}
