/// A prefix tree of path shapes whose lookup cost grows with the URL's depth, not the number of routes.
///
/// Each node has a hash table of literal children, at most one placeholder child, and the routes
/// that end there: exactly (`end`) or with a wildcard covering zero or more further segments
/// (`wildcard`). A lookup walks one segment per level, trying literal, then placeholder, then
/// wildcard, and backtracks only when a deeper level fails; so `/product/new` beats `/product/:id`,
/// which beats `/product/*`, however the routes were declared.
///
/// Routes are stored as indices into the owner's route list; a node keeps every route of its shape,
/// best first, so the owner can report conflicts. The tree is built once and then only read.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// Literal children by exact segment (see `NameComparison`).
        var literals: [Name: Int] = [:]
        var placeholder: Int?
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
                if let next = nodes[node].literals[Name(text)] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[Name(text)] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .placeholder:
                if let next = nodes[node].placeholder {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].placeholder = nodes.count - 1
                    node = nodes.count - 1
                }
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
                guard let next = nodes[node].literals[Name(text)] else { return [] }
                node = next
            case .placeholder:
                guard let next = nodes[node].placeholder else { return [] }
                node = next
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

    /// The best route for a path, or `nil`.
    func match(_ path: URLPath) -> Int? {
        nodes.withUnsafeBufferPointer { nodes in
            guard let base = nodes.baseAddress else { return nil }
            return Self.match(path, in: base, node: 0, depth: 0)
        }
    }

    /// Walks the nodes in place through a pointer (a buffer subscript would copy each node, and
    /// retain its tables), one segment per level.
    private static func match(_ path: URLPath, in nodes: UnsafePointer<Node>, node index: Int, depth: Int) -> Int? {
        let node = nodes + index
        // At the end of the path, a route ending here wins over a trailing wildcard matching nothing.
        if depth == path.count { return node.pointee.end.first ?? node.pointee.wildcard.first }
        if !node.pointee.literals.isEmpty, let next = node.pointee.literals[Name(path[depth])],
            let found = match(path, in: nodes, node: next, depth: depth + 1)
        {
            return found
        }
        if let placeholder = node.pointee.placeholder, let found = match(path, in: nodes, node: placeholder, depth: depth + 1) {
            return found
        }
        return node.pointee.wildcard.first
    }
}
