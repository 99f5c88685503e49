import MediatorCore

/// What changed between the links an app published and the links it would publish now.
public struct MediatorLinkCompatibility: Sendable, Equatable {
    /// Each change that breaks a link already in the wild, one line each, naming the action, the
    /// route or parameter, and what a link of the old shape would now meet.
    public var breaks: [String]
    /// Each change that old links do not notice (a new action, route, scheme, host, optional
    /// parameter or enum value), one line each.
    public var additions: [String]

    /// Whether every published link still opens the same action with the values it carries.
    public var isCompatible: Bool { breaks.isEmpty }
    /// Whether nothing changed at all.
    public var isUnchanged: Bool { breaks.isEmpty && additions.isEmpty }
}

extension MediatorLinks {
    /// Compares these links (the app as it is now) with links published earlier.
    ///
    /// A change breaks links when an old link would no longer open the same action with the values
    /// it carries: a scheme or web host dropped, or a scheme no longer matching global patterns; an
    /// action removed or made local; a route removed or narrowed (every published path shape must
    /// still reach the same action through a route that matches all its URLs: the same shape,
    /// placeholders renamed or not, or a wider one, such as `/product/*id` for `/product/:id`);
    /// a parameter removed or renamed
    /// (old links set it); a parameter that became required, or a new required one, unless every
    /// route of the action captures it in its path; a type changed so that old values may no
    /// longer convert (to `String` always converts, an integer type to `Double` too, and an enum may
    /// gain values but not lose them). Schemes and hosts compare case-insensitively, as URLs do.
    /// Everything else is an addition.
    /// - Parameter published: The links published earlier, usually read from a committed snapshot.
    /// - Returns: The breaks and the additions, each sorted.
    public func compatibility(withPublished published: MediatorLinks) -> MediatorLinkCompatibility {
        var breaks: [String] = []
        var additions: [String] = []

        // Schemes and hosts compare as URLs compare them, case-insensitively: a snapshot written by
        // hand as `Shop.Example` names the same host.
        let current = Dictionary(schemes.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let publishedSchemes = Set(published.schemes.map { $0.name.lowercased() })
        for scheme in published.schemes {
            guard let now = current[scheme.name.lowercased()] else {
                breaks.append("scheme \(scheme.name):// is no longer registered, so none of its links open")
                continue
            }
            if scheme.matchesGlobalRoutes && !now.matchesGlobalRoutes {
                breaks.append("scheme \(scheme.name):// no longer matches global patterns, so its links to them stop opening")
            }
        }
        for scheme in schemes where !publishedSchemes.contains(scheme.name.lowercased()) {
            additions.append("scheme \(scheme.name):// is new")
        }
        let hostsNow = Set(webHosts.map { $0.lowercased() })
        let publishedHosts = Set(published.webHosts.map { $0.lowercased() })
        for host in published.webHosts where !hostsNow.contains(host.lowercased()) {
            breaks.append("web host \(host) is no longer registered, so none of its links open")
        }
        for host in webHosts where !publishedHosts.contains(host.lowercased()) { additions.append("web host \(host) is new") }

        let actionsNow = Dictionary(actions.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        for old in published.actions {
            guard let new = actionsNow[old.label] else {
                breaks.append("\(old.label) is no longer reachable by links (removed, renamed or made local)")
                continue
            }
            compare(old, new, breaks: &breaks, additions: &additions)
        }
        for new in actions where !published.actions.contains(where: { $0.label == new.label }) {
            additions.append("\(new.label) is new, reached by \(new.routes.map(\.displayed).joined(separator: ", "))")
        }
        return MediatorLinkCompatibility(breaks: breaks.sorted(), additions: additions.sorted())
    }

    private func compare(_ old: Action, _ new: Action, breaks: inout [String], additions: inout [String]) {
        let label = old.label
        // An old route still works when a route of the action now matches every URL it matched:
        // the same shape whatever its names, or a wider one (a wildcard where a placeholder was).
        for route in old.routes where !new.routes.contains(where: { $0.covers(route) }) {
            breaks.append("\(label): the route \(route.displayed) was removed or changed, so its links stop opening")
        }
        for route in new.routes where !old.routes.contains(where: { $0.sameLink(as: route) }) {
            let widened = old.routes.filter { gone in
                route.covers(gone) && !new.routes.contains(where: { $0.sameLink(as: gone) })
            }
            additions.append(
                "\(label): the route \(route.displayed) is new"
                    + (widened.isEmpty ? "" : "; it widens \(widened.map(\.displayed).joined(separator: ", "))"))
        }

        // What every old route captures in its path, so no old link can lack it.
        let alwaysCaptured = old.routes.map(\.captureNames).reduce(nil) { (common: Set<String>?, names) in
            common.map { $0.intersection(names) } ?? names
        }
        let oldParameters = Dictionary(old.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newParameters = Dictionary(new.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let added = new.parameters.filter { oldParameters[$0.name] == nil }.map(\.name)
        for parameter in old.parameters where newParameters[parameter.name] == nil {
            let renamed = added.count == 1 ? " (renamed to \"\(added[0])\"?)" : ""
            breaks.append(
                "\(label): parameter \"\(parameter.name)\" was removed\(renamed); links that set it lose their value")
        }
        for parameter in new.parameters {
            let capturedByEveryLink = alwaysCaptured?.contains(parameter.name) ?? false
            guard let before = oldParameters[parameter.name] else {
                if !parameter.required {
                    additions.append("\(label): parameter \"\(parameter.name)\" is new and optional")
                } else if capturedByEveryLink {
                    additions.append("\(label): parameter \"\(parameter.name)\" is new; every published route captures it")
                } else {
                    breaks.append("\(label): parameter \"\(parameter.name)\" is new and required; published links do not set it")
                }
                continue
            }
            if parameter.required && !before.required && !capturedByEveryLink {
                breaks.append("\(label): parameter \"\(parameter.name)\" became required; links that leave it out stop opening")
            }
            if let problem = Self.typeChange(from: before, to: parameter) {
                breaks.append("\(label): parameter \"\(parameter.name)\" \(problem)")
            } else if let gained = Self.gainedValues(from: before, to: parameter) {
                additions.append("\(label): parameter \"\(parameter.name)\" accepts \(gained) too")
            }
        }
    }

    /// Why old values of a parameter may no longer convert, or `nil` when they all still do.
    private static func typeChange(from old: Parameter, to new: Parameter) -> String? {
        if let newValues = new.allowedValues {
            guard let oldValues = old.allowedValues else {
                return "changed from \(old.type) to \(new.type), which accepts only \(newValues.joined(separator: ", "))"
            }
            let lost = oldValues.filter { !newValues.contains($0) }
            return lost.isEmpty ? nil : "no longer accepts \(lost.joined(separator: ", "))"
        }
        if old.type == new.type || new.type == "String" || widenings[new.type]?.contains(old.type) == true { return nil }
        return "changed from \(old.type) to \(new.type); values old links carry may no longer convert"
    }

    /// For a type, the types whose every URL value it also converts (it holds every value they hold).
    private static let widenings: [String: Set<String>] = [
        "Double": ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float"],
        "Int": ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32"],
        "Int64": ["Int", "Int8", "Int16", "Int32", "UInt8", "UInt16", "UInt32"],
    ]

    /// The enum values a parameter gained, listed, or `nil`.
    private static func gainedValues(from old: Parameter, to new: Parameter) -> String? {
        guard let oldValues = old.allowedValues, let newValues = new.allowedValues else { return nil }
        let gained = newValues.filter { !oldValues.contains($0) }
        return gained.isEmpty ? nil : gained.joined(separator: ", ")
    }
}

extension MediatorLinks.Route {
    /// Whether the two routes match the same URLs: same shape, scope and kind.
    func sameLink(as other: Self) -> Bool {
        kind == other.kind && scheme?.lowercased() == other.scheme?.lowercased() && shape == other.shape
    }

    /// Whether this route matches every URL `other` matches: same scope and kind, and segment by
    /// segment a placeholder wherever `other` has a literal or a placeholder, the same literal where
    /// it has one, or a trailing wildcard, which takes all the segments left (none included).
    func covers(_ other: Self) -> Bool {
        guard kind == other.kind, scheme?.lowercased() == other.scheme?.lowercased() else { return false }
        let mine = segments
        let theirs = other.segments
        for (offset, segment) in mine.enumerated() {
            if segment.hasPrefix("*") { return true }
            guard offset < theirs.count else { return false }
            let their = theirs[offset]
            if their.hasPrefix("*") { return false }
            if segment.hasPrefix(":") { continue }
            // Literals compare as the router compares them, decoded (`%c3%a9` is `%C3%A9`).
            guard !their.hasPrefix(":"),
                PercentEncoding.decode(their) ?? String(their) == PercentEncoding.decode(segment) ?? String(segment)
            else { return false }
        }
        return mine.count == theirs.count
    }

    /// The route as people read it: `shop://product/:id` for a scoped pattern, `/product/:id` for a
    /// global one, `scheme://Target/action` for the convention route.
    var displayed: String {
        switch (kind, scheme) {
        case (.convention, _): "scheme:/" + path
        case (.pattern, .some(let scheme)): scheme + ":/" + path
        case (.pattern, .none): path
        }
    }
}
