public import Foundation
public import MediatorCore

/// Conformance vectors: a table of URLs and what the app's router does with each, the action it
/// opens with its parameters or the refusal with its error code, so an Android or web router that
/// shares the app's links runs the same table against itself.
///
/// Generated from the published links: every route's example (``MediatorLinks/examples(of:)``)
/// with the values it sets, then refusals every router must agree on: each local-only action's
/// convention route, a native-only parameter set from a URL, an unknown path, an unregistered
/// scheme, a URL over the length limit. The JSON form follows ``MediatorJSONSchema/conformanceVectors``.
public struct MediatorLinkVectors: Sendable, Equatable, Codable {
    /// The format's version, 1.
    public var version = 1
    /// The app schemes, as the links publish them.
    public var schemes: [String]
    /// The web hosts.
    public var webHosts: [String]
    /// The vectors, examples first, in a stable order.
    public var vectors: [Vector]

    /// One URL and what it must do.
    public struct Vector: Sendable, Equatable, Codable {
        /// The URL.
        public var url: String
        /// The action it opens, and the parameters (as text) the action must receive; `nil` for a refusal.
        public var opens: Opens?
        /// The refusal, `nil` when it opens.
        public var refused: Refusal?
        /// Why the vector is in the table, for a reader.
        public var why: String

        /// Creates a vector.
        /// - Parameters:
        ///   - url: The URL.
        ///   - opens: Where it leads, or `nil`.
        ///   - refused: How it is refused, or `nil`.
        ///   - why: Why it is in the table.
        public init(url: String, opens: Opens?, refused: Refusal?, why: String = "") {
            self.url = url
            self.opens = opens
            self.refused = refused
            self.why = why
        }
    }

    /// Where a URL leads.
    public struct Opens: Sendable, Equatable, Codable {
        /// The target.
        public var target: String
        /// The action.
        public var action: String
        /// The parameters the URL sets, as text.
        public var parameters: [String: String]

        /// Creates a destination.
        /// - Parameters:
        ///   - target: The target.
        ///   - action: The action.
        ///   - parameters: The parameters, as text.
        public init(target: String, action: String, parameters: [String: String] = [:]) {
            self.target = target
            self.action = action
            self.parameters = parameters
        }
    }

    /// How a URL is refused.
    public struct Refusal: Sendable, Equatable, Codable {
        /// The `MediatorError.Code` name, such as `remoteCallNotAllowed`.
        public var code: String

        /// Creates a refusal.
        /// - Parameter code: The error code's name.
        public init(code: String) { self.code = code }
    }

    /// Creates a table.
    /// - Parameters:
    ///   - schemes: The app schemes.
    ///   - webHosts: The web hosts.
    ///   - vectors: The vectors.
    public init(schemes: [String], webHosts: [String], vectors: [Vector]) {
        self.schemes = schemes
        self.webHosts = webHosts
        self.vectors = vectors
    }

    /// The vectors as JSON: keys sorted, indented, ending with a newline.
    /// - Returns: UTF-8 JSON.
    public func json() -> Data {
        StableJSON.data(self)
    }
}

extension Mediator {
    /// The conformance vectors of this mediator's links, each checked here: an example enters the
    /// table only when it opens its own action, and a refusal carries the code this router gives.
    /// - Returns: The vectors.
    /// - Throws: `MediatorError.Code.invalidRoutes` when the declared routes have problems.
    public func linkVectors() throws -> MediatorLinkVectors {
        let links = try publishedLinks()
        var vectors: [MediatorLinkVectors.Vector] = []
        func refusal(_ url: String, _ why: String) {
            guard case .failure(let error) = linkDestination(of: url) else { return }
            vectors.append(.init(url: url, opens: nil, refused: .init(code: "\(error.code)"), why: why))
        }
        for action in links.actions {
            for example in links.examples(of: action) {
                guard let url = example.url, case .success(let reached) = linkDestination(of: url),
                    reached.target == action.target, reached.action == action.action
                else { continue }
                vectors.append(
                    .init(
                        url: url,
                        opens: .init(target: action.target, action: action.action, parameters: example.values),
                        refused: nil, why: "the example of \(example.route.path)"))
            }
        }
        let scheme = links.schemes.first?.name
        let catalog = catalog()
        for target in catalog.targets {
            for action in target.actions {
                if action.exposure == .local, let scheme {
                    refusal("\(scheme)://\(target.name)/\(action.name)", "\(target.name).\(action.name) is local-only")
                }
                guard action.exposure == .remote,
                    let published = links.actions.first(where: { $0.target == target.name && $0.action == action.name }),
                    let example = published.example
                else { continue }
                for parameter in action.parameters where !parameter.acceptsURLValues {
                    let separator = example.contains("?") ? "&" : "?"
                    refusal(example + separator + "\(parameter.name)=1", "\(parameter.name) is native-only")
                }
            }
        }
        if let scheme {
            refusal("\(scheme)://no-such-route/for-vectors", "no route matches the path")
            refusal("\(scheme)://" + String(repeating: "a", count: settings.urlOptions.maximumLength), "over the length limit")
        }
        refusal("unregistered-scheme://anything", "the scheme is not registered")
        if let host = links.webHosts.first { refusal("https://\(host)/no-such-route/for-vectors", "no route matches the path") }
        return MediatorLinkVectors(
            schemes: links.schemes.map(\.name), webHosts: links.webHosts, vectors: vectors)
    }
}
