/// A path the trie walks: its number of segments and each segment's decoded UTF-8 bytes.
protocol RoutablePath {
    /// The number of segments.
    var count: Int { get }
    /// Runs `body` with segment `index`'s decoded UTF-8 bytes.
    func withSegmentBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
}

/// A prefix tree of path shapes whose lookup cost grows with the URL's depth, not the number of routes.
///
/// Each node has literal children (in one table for the whole trie, keyed by the parent and the
/// segment's bytes, so a URL's segment is looked up without becoming a string), at most one
/// placeholder child, and the routes that end there: exactly (`end`) or with a wildcard covering
/// zero or more further segments (`wildcard`). A lookup walks one segment per level, trying literal, then placeholder, then
/// wildcard, and backtracks only when a deeper level fails; so `/product/new` beats `/product/:id`,
/// which beats `/product/*`, however the routes were declared.
///
/// Routes are stored as indices into the owner's route list; a node keeps every route of its shape,
/// best first, so the owner can report conflicts. The tree is built once and then only read.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// Whether any literal child starts here, so a lookup skips hashing at nodes without one.
        var hasLiterals = false
        var placeholder: Int?
        /// Routes whose shape ends at this node, best first.
        var end: [Int] = []
        /// Routes whose shape ends at this node with a wildcard, best first.
        var wildcard: [Int] = []
    }

    /// A literal child: the segment `text` leads from node `parent` to node `child`; `child < 0`
    /// marks an empty slot of the table.
    struct Edge: Sendable {
        let hash: UInt64
        let parent: Int
        let child: Int
        let text: String

        static let vacant = Edge(hash: 0, parent: -1, child: -1, text: "")
    }

    private(set) var nodes: [Node] = [Node()]
    /// Every literal child, open-addressed by `hash(_:parent:)` with linear probing. The count is a
    /// power of two and at most half the slots are used, so every probe ends at a vacant slot.
    private var edges = [Edge](repeating: .vacant, count: 8)
    private var edgeCount = 0

    /// Whether the trie holds no route.
    var isEmpty: Bool { nodes.count == 1 && nodes[0].end.isEmpty && nodes[0].wildcard.isEmpty }

    /// Adds a route's shape; returns the routes already there with the same shape.
    @discardableResult
    mutating func insert(_ shape: [RoutePattern.Segment], route: Int) -> [Int] {
        var node = 0
        for segment in shape {
            switch segment {
            case .literal(let text):
                if let next = child(of: node, literal: text) {
                    node = next
                } else {
                    nodes.append(Node())
                    addEdge(from: node, to: nodes.count - 1, literal: text)
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
                guard let next = child(of: node, literal: text) else { return [] }
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

    // MARK: Literal children

    /// A literal's slot hash: its exact bytes (see `NameComparison`), seeded by the parent node.
    ///
    /// Not SipHash, for the reason `NameComparison.mix` gives: the table holds only registered
    /// literals, so a URL chooses what it looks up but not how the table is filled.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer, parent: Int) -> UInt64 {
        NameComparison.mix(bytes, into: UInt64(truncatingIfNeeded: parent) &* 0x9E37_79B9_7F4A_7C15 ^ 0x2545_F491_4F6C_DD1D)
    }

    /// The child of `parent` for a literal segment given as a string.
    private func child(of parent: Int, literal text: String) -> Int? {
        guard nodes[parent].hasLiterals else { return nil }
        return edges.withUnsafeBufferPointer { edges in
            text.withUTF8Bytes { Self.child(of: parent, literal: $0, in: edges) }
        }
    }

    /// The child of `parent` for a literal segment's bytes, compared exactly.
    @inline(__always)
    private static func child(of parent: Int, literal bytes: UnsafeRawBufferPointer, in edges: UnsafeBufferPointer<Edge>) -> Int?
    {
        guard let base = edges.baseAddress else { return nil }
        let hash = hash(bytes, parent: parent)
        let mask = edges.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            // Read in place: copying the edge would retain its text.
            let edge = base + slot
            if edge.pointee.child < 0 { return nil }
            if edge.pointee.hash == hash, edge.pointee.parent == parent,
                edge.pointee.text.withUTF8Bytes({ $0.hasSameBytes(as: bytes) })
            {
                return edge.pointee.child
            }
            slot = (slot + 1) & mask
        }
    }

    /// Files a new literal child, doubling the table first when it would be more than half full.
    private mutating func addEdge(from parent: Int, to child: Int, literal text: String) {
        if (edgeCount + 1) * 2 > edges.count {
            let old = edges
            edges = [Edge](repeating: .vacant, count: old.count * 2)
            for edge in old where edge.child >= 0 { file(edge) }
        }
        file(Edge(hash: text.withUTF8Bytes { Self.hash($0, parent: parent) }, parent: parent, child: child, text: text))
        edgeCount += 1
        nodes[parent].hasLiterals = true
    }

    /// Puts an edge in the first vacant slot from its hash on.
    private mutating func file(_ edge: Edge) {
        let mask = edges.count - 1
        var slot = Int(truncatingIfNeeded: edge.hash) & mask
        while edges[slot].child >= 0 { slot = (slot + 1) & mask }
        edges[slot] = edge
    }

    // MARK: Matching

    /// The best route for a path, or `nil`.
    func match<Path: RoutablePath>(_ path: Path) -> Int? {
        nodes.withUnsafeBufferPointer { nodes in
            edges.withUnsafeBufferPointer { edges in
                guard let base = nodes.baseAddress else { return nil }
                return Self.match(path, in: base, edges: edges, node: 0, depth: 0)
            }
        }
    }

    /// Walks the nodes in place through a pointer (a buffer subscript would copy each node, and
    /// retain its arrays), one segment per level.
    private static func match<Path: RoutablePath>(
        _ path: borrowing Path, in nodes: UnsafePointer<Node>, edges: UnsafeBufferPointer<Edge>, node index: Int, depth: Int
    ) -> Int? {
        let node = nodes + index
        // At the end of the path, a route ending here wins over a trailing wildcard matching nothing.
        if depth == path.count { return node.pointee.end.first ?? node.pointee.wildcard.first }
        if node.pointee.hasLiterals, let next = path.withSegmentBytes(depth, { child(of: index, literal: $0, in: edges) }),
            let found = match(path, in: nodes, edges: edges, node: next, depth: depth + 1)
        {
            return found
        }
        if let placeholder = node.pointee.placeholder,
            let found = match(path, in: nodes, edges: edges, node: placeholder, depth: depth + 1)
        {
            return found
        }
        return node.pointee.wildcard.first
    }
}
