/// What the publishing library (`MediatorPublishing`) reads of a mediator's routes, and all it
/// reads: one snapshot's remote actions with the path shapes that reach them, its app schemes and
/// its web hosts. Publishing builds every document (published links, association files, link
/// reference) from this seam, so the router, route set and registry snapshot stay internal to the core.
package struct PublishedRoutes: Sendable {
    /// One path shape that reaches an action.
    package struct Route: Hashable, Sendable {
        /// The path shape: literal segments percent-encoded, `:name` for a placeholder, `*name` (or
        /// `*`) for a trailing wildcard; `/` for the empty path.
        package let path: String
        /// The app scheme a scoped pattern is limited to; `nil` for a global pattern or the convention route.
        package let scheme: String?
        /// Whether it is the convention route `scheme://Target/action` rather than a declared pattern.
        package let isConvention: Bool
    }

    /// A remote action that at least one route reaches.
    package struct Action: Sendable {
        /// The action's declaration: target and action names, summary, parameters.
        package let target: String
        /// The action's name.
        package let name: String
        /// The action's one-line description.
        package let summary: String
        /// Its parameters, in declaration order (native-only ones included).
        package let parameters: [MediatorParameter]
        /// Every route that reaches it, in no particular order.
        package let routes: Set<Route>
    }

    /// The registered app schemes, in registration order, and whether each also matches global patterns.
    package let schemes: [(name: String, fallsBackToGlobalRoutes: Bool)]
    /// The registered web hosts, lowercased, in registration order.
    package let webHosts: [String]
    /// Every remote action that a route reaches, in the route set's order.
    package let actions: [Action]
}

extension Mediator {
    /// The routes of the current snapshot as publishing reads them; builds them if they are stale,
    /// as the first URL opened would, and creates no target instance.
    /// - Throws: ``MediatorError/Code/invalidRoutes`` when the declared routes have problems, since
    ///   links published from a broken route table would not be the ones the app opens.
    package func publishedRoutes() throws -> PublishedRoutes {
        let router = snapshot().router.get()
        if !router.problems.isEmpty { throw MediatorError.invalidRoutes(problems: router.problems) }
        let routes = router.routes
        var byAction: [Int: Set<PublishedRoutes.Route>] = [:]
        for (index, route) in routes.routes.enumerated() {
            guard let id = route.action, routes[id].definition.exposure == .remote else { continue }
            let path = RoutePattern.text(of: routes.shape(ofRouteAt: index), literal: PercentEncoding.encode)
            byAction[id.index, default: []].insert(
                PublishedRoutes.Route(path: path, scheme: route.scheme, isConvention: false))
        }
        var actions: [PublishedRoutes.Action] = []
        for (index, action) in routes.actions.enumerated() where action.definition.exposure == .remote {
            let definition = action.definition
            var entries = byAction[index] ?? []
            if !router.schemes.isEmpty {
                let shape: [RoutePattern.Segment] = [.literal(definition.target), .literal(definition.name)]
                let path = RoutePattern.text(of: shape, literal: PercentEncoding.encode)
                entries.insert(PublishedRoutes.Route(path: path, scheme: nil, isConvention: true))
            }
            guard !entries.isEmpty else { continue }
            actions.append(
                PublishedRoutes.Action(
                    target: definition.target, name: definition.name, summary: definition.summary,
                    parameters: definition.parameters, routes: entries))
        }
        return PublishedRoutes(
            schemes: router.schemes.map { ($0.name, $0.fallsBack) }, webHosts: router.webHosts, actions: actions)
    }

    /// Generates a URL for an action by name from values, checked to open that same action: the one
    /// generator behind every public door, for publishing's example links.
    /// - Throws: As ``url(for:on:with:scheme:)->String`` does.
    package func generatedURL(target: String, action: String, values: [String: any Sendable]) throws -> String {
        try url(target: target, action: action, values: values, scheme: nil)
    }

    /// Where a URL leads, judged as `open` would judge it up to its handler, running nothing: the
    /// action the route (and the route configuration) reaches, or the error `open` would throw
    /// before any interceptor or handler runs, including the remote policy's refusal. Publishing's
    /// catalog page reads it to show whether each example link opens its own action.
    /// - Parameter url: The URL.
    /// - Returns: The target and action names, or the error.
    package func linkDestination(of url: String) -> Result<(target: String, action: String), MediatorError> {
        let router = snapshot().router.get()
        let destination: URLRouter.Destination
        do {
            destination = try router.resolve(url, caller: [:], runsUnmatchedHandler: false)
        } catch let error as MediatorError {
            return .failure(error)
        } catch {
            return .failure(MediatorError.noRouteMatched(url: url, path: ""))
        }
        guard case .action(let id, let values) = destination else {
            return .failure(MediatorError.noRouteMatched(url: url, path: ""))
        }
        let definition = router.routes[id].definition
        if let violation = RemotePolicy.violation(
            of: definition, by: .values(ParameterLookup(url: values)), source: .remote)
        {
            return .failure(violation)
        }
        return .success((definition.target, definition.name))
    }
}
