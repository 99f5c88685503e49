public import MediatorCore

/// Every published link of an app checked the way a tester would check it: each route's example
/// opened in-process, each web link matched against the association files as iOS and Android
/// match them, and each action compared with the published snapshot. The catalog page
/// (``html(title:)``) shows it; `MediatorTesting`'s every-link check fails a test on its problems.
///
/// ```swift
/// let review = try mediator.linkReview(published: snapshot)
/// try review.html(title: "Shop deep links").write(toFile: "links.html", atomically: true, encoding: .utf8)
/// ```
public struct MediatorLinkReview: Sendable, Equatable, Codable {
    /// The links reviewed.
    public var links: MediatorLinks
    /// One entry per action that links reach now or reached in the snapshot, sorted by target and action.
    public var entries: [Entry]
    /// Whether a snapshot was compared; without one, ``Entry/state`` is ``State/unpublished`` throughout.
    public var hasSnapshot: Bool

    /// An action's state against the published snapshot.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Links reach it now, and the snapshot has it the same.
        case unchanged
        /// New since the snapshot.
        case added
        /// In the snapshot and now, with different routes or parameters.
        case changed
        /// In the snapshot, no longer reached by links: old links to it break.
        case removed
        /// No snapshot was given.
        case unpublished
    }

    /// One example link, opened in-process.
    public struct Check: Sendable, Equatable, Codable {
        /// The example.
        public var example: MediatorLinks.Example
        /// `"Target.action"` the example reaches, when it opens.
        public var reached: String?
        /// The error code `open` would refuse it with, such as `noRouteMatched`.
        public var refusal: String?
        /// For a web link: the association files that claim it (`apple-app-site-association`,
        /// `Android App Links`); empty for an app-scheme link.
        public var claimedBy: [String]
    }

    /// One action's routes, parameters, checks and state.
    public struct Entry: Sendable, Equatable, Codable {
        /// The target, which the page groups by.
        public var target: String
        /// The action.
        public var action: String
        /// Its one-line description.
        public var summary: String
        /// Its routes now (the snapshot's, for a removed action).
        public var routes: [MediatorLinks.Route]
        /// The parameters a link may set.
        public var parameters: [MediatorLinks.Parameter]
        /// Every example, opened.
        public var checks: [Check]
        /// Against the snapshot.
        public var state: State
        /// What the compatibility check says of this action, one line each.
        public var changes: [String]
        /// Why the action's links are not as published or do not open as declared; empty when they are.
        public var problems: [String]

        /// `"Target.action"`.
        public var label: String { "\(target).\(action)" }
    }

    /// The page for people who test links: one self-contained HTML file (no script, style, font or
    /// image from anywhere else, and a Content-Security-Policy that forbids every request), with
    /// every action grouped by target, its routes, parameters, example links with a QR code each,
    /// its checks and its state against the snapshot; a search box and filters by target and status
    /// (a small inline script; without it every row shows); labelled controls, dark-on-light text
    /// and a print style.
    /// - Parameter title: The page's title.
    /// - Returns: The HTML, the same for the same review.
    public func html(title: String = "Deep links") -> String {
        CatalogPage(review: self, title: title).render()
    }
}

extension Mediator {
    /// Reviews the links this mediator publishes: opens every route's example in-process (running
    /// no interceptor, handler or unmatched-URL handler), matches every web-link example against the
    /// association files generated from the same links, and compares each action with `published`.
    /// - Parameter published: The links published earlier (the committed snapshot), if any.
    /// - Returns: The review, whose ``MediatorLinkReview/html(title:)`` is the catalog page.
    /// - Throws: `MediatorError.Code.invalidRoutes` when the declared routes have problems.
    public func linkReview(published: MediatorLinks? = nil) throws -> MediatorLinkReview {
        let links = try publishedLinks()
        let appID = "TEAMID.review"
        let apple =
            (try? AppleComponentMatching.components(inAASA: links.appleAppSiteAssociation(appIDs: [appID]), appID: appID)) ?? []
        let android = AndroidIntentMatching.filters(inXML: links.androidIntentFilters())
        let report = published.map { links.compatibility(withPublished: $0) }
        var entries: [MediatorLinkReview.Entry] = []
        for action in links.actions {
            var problems: [String] = []
            var checks: [MediatorLinkReview.Check] = []
            if action.example == nil {
                problems.append(
                    links.schemes.isEmpty && links.webHosts.isEmpty
                        ? "no example: no app scheme or web host is registered, so no link reaches it"
                        : "no example: no generated link opens it (a required parameter's type has no sample value, "
                            + "or another route takes the link)")
            }
            for example in links.examples(of: action) {
                var check = MediatorLinkReview.Check(example: example, reached: nil, refusal: nil, claimedBy: [])
                guard let url = example.url else {
                    problems.append("the route \(example.route.path) has no example: a parameter's type has no sample value")
                    checks.append(check)
                    continue
                }
                switch linkDestination(of: url) {
                case .success(let reached):
                    check.reached = "\(reached.target).\(reached.action)"
                    if check.reached != action.label {
                        problems.append("\(url) opens \(check.reached ?? "") instead of \(action.label)")
                    }
                case .failure(let error):
                    check.refusal = "\(error.code)"
                    problems.append("\(url) is refused: \(error.code)")
                }
                if example.isWebLink {
                    if AppleComponentMatching.claims(apple, hosts: links.webHosts, url: url) {
                        check.claimedBy.append("apple-app-site-association")
                    }
                    if AndroidIntentMatching.claims(android, url: url) { check.claimedBy.append("Android App Links") }
                    if check.claimedBy.count < 2 {
                        problems.append("\(url) is not claimed by every association file (only: \(check.claimedBy))")
                    }
                }
                checks.append(check)
            }
            let changes = (report.map { $0.breaks + $0.additions } ?? []).filter {
                $0.hasPrefix(action.label + " ") || $0.hasPrefix(action.label + ":")
            }
            let state: MediatorLinkReview.State
            if let published {
                if let old = published.actions.first(where: { $0.label == action.label }) {
                    state = old == action ? .unchanged : .changed
                } else {
                    state = .added
                }
            } else {
                state = .unpublished
            }
            entries.append(
                MediatorLinkReview.Entry(
                    target: action.target, action: action.action, summary: action.summary, routes: action.routes,
                    parameters: action.parameters, checks: checks, state: state, changes: changes, problems: problems))
        }
        for old in published?.actions ?? [] where !links.actions.contains(where: { $0.label == old.label }) {
            entries.append(
                MediatorLinkReview.Entry(
                    target: old.target, action: old.action, summary: old.summary, routes: old.routes,
                    parameters: old.parameters, checks: [], state: .removed,
                    changes: ["\(old.label) is no longer reachable by links (removed, renamed or made local)"],
                    problems: ["published links to it no longer open"]))
        }
        entries.sort { ($0.target, $0.action) < ($1.target, $1.action) }
        return MediatorLinkReview(links: links, entries: entries, hasSnapshot: published != nil)
    }
}
