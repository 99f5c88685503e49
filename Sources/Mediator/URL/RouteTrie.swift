/// A prefix tree of path shapes whose lookup cost grows with the URL's depth, not the number of routes.
///
/// Each node has a hash table of literal children, at most one placeholder child, and the routes
/// that end there: exactly (`end`) or with a wildcard covering one or more further segments
/// (`wildcard`). A lookup walks one segment per level, trying literal, then placeholder, then
/// wildcard, and backtracks only when a deeper level fails; so `/product/new` beats `/product/:id`,
/// which beats `/product/*`, however the routes were declared.
///
/// Routes are stored as indices into the owner's route list; a node keeps every route of its shape,
/// best first, so the owner can report conflicts. The tree is built once and then only read.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        var placeholder = -1
        /// Routes whose shape ends at this node, best first.
        var end: [Int] = []
        /// Routes whose shape ends at this node with a wildcard, best first.
        var wildcard: [Int] = []
    }

    private(set) var nodes: [Node] = [Node()]

    /// Whether the trie holds no route.
    var isEmpty: Bool { nodes.count == 1 && nodes[0].end.isEmpty && nodes[0].wildcard.isEmpty }

    /// Adds a route's shape; returns the routes already there with the same shape.
    @discardableResult
    mutating func insert(_ shape: [RoutePattern.Segment], route: Int) -> [Int] {
        var node = 0
        for segment in shape {
            switch segment {
            case .literal(let text):
                if let next = nodes[node].literals[text] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[text] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .placeholder:
                if nodes[node].placeholder < 0 {
                    nodes.append(Node())
                    nodes[node].placeholder = nodes.count - 1
                }
                node = nodes[node].placeholder
            case .wildcard:
                let existing = nodes[node].wildcard
                nodes[node].wildcard.append(route)
                return existing
            }
        }
        let existing = nodes[node].end
        nodes[node].end.append(route)
        return existing
    }

    /// The routes with exactly this shape, best first (empty when none).
    func routes(withShape shape: [RoutePattern.Segment]) -> [Int] {
        var node = 0
        for segment in shape {
            switch segment {
            case .literal(let text):
                guard let next = nodes[node].literals[text] else { return [] }
                node = next
            case .placeholder:
                guard nodes[node].placeholder >= 0 else { return [] }
                node = nodes[node].placeholder
            case .wildcard:
                return nodes[node].wildcard
            }
        }
        return nodes[node].end
    }

    /// Orders every node's routes with `areInIncreasingOrder` (best first).
    mutating func sortRoutes(by areInIncreasingOrder: (Int, Int) -> Bool) {
        for index in nodes.indices {
            if nodes[index].end.count > 1 { nodes[index].end.sort(by: areInIncreasingOrder) }
            if nodes[index].wildcard.count > 1 { nodes[index].wildcard.sort(by: areInIncreasingOrder) }
        }
    }

    /// Every node's routes that share one shape, for conflict reports.
    var sharedShapes: [[Int]] {
        nodes.flatMap { node in [node.end, node.wildcard].filter { $0.count > 1 } }
    }

    /// The best route for a path, or `nil`. Placeholder segments of a shape probe are matched by
    /// `isPlaceholderProbe`, which lets configuration validation ask "would this template match?".
    func match(_ path: URLPath) -> Int? {
        match(path, node: 0, depth: 0)
    }

    private func match(_ path: URLPath, node index: Int, depth: Int) -> Int? {
        let node = nodes[index]
        if depth == path.count { return node.end.first }
        let segment = path[depth]
        if let next = node.literals[segment], let found = match(path, node: next, depth: depth + 1) {
            return found
        }
        if node.placeholder >= 0, let found = match(path, node: node.placeholder, depth: depth + 1) {
            return found
        }
        return node.wildcard.first
    }
}
