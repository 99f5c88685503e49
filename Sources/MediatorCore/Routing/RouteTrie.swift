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
/// Routes are stored as indices into the owner's route list; a node keeps the best route of each
/// kind, and the rare shape that several routes share keeps all of them, best first, beside the
/// nodes, so the owner can report conflicts. The tree is built once and then only read.
///
/// Stored compactly, because a large app keeps one trie of thousands of routes for its lifetime:
/// nodes are 16 bytes in one array, indices are 32-bit, literal children are one dense array
/// found through a table of 32-bit slots, and nothing is allocated per node (a node holding
/// arrays of routes cost ~300 bytes per route, against ~80 now).
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// The placeholder child; -1 when none.
        var placeholder: Int32 = -1
        /// The best route whose shape ends at this node; -1 when none.
        var end: Int32 = -1
        /// The best route whose shape ends at this node with a wildcard; -1 when none.
        var wildcard: Int32 = -1
        /// Whether any literal child starts here, so a lookup skips hashing at nodes without one.
        var hasLiterals = false
    }

    /// A literal child: the segment `text` leads from node `parent` to node `child`.
    struct Edge: Sendable {
        let hash: UInt64
        let parent: Int32
        let child: Int32
        let text: String
    }

    private(set) var nodes: [Node] = [Node()]
    /// Every literal child, in the order they were added.
    private var edges: [Edge] = []
    /// Indices into `edges`, open-addressed by `hash(_:parent:)` with linear probing; -1 marks a
    /// vacant slot. The count is a power of two and at most half the slots are used, so every
    /// probe ends at a vacant slot. Empty until the first literal child.
    private var slots: [Int32] = []
    /// Every route of a shape several routes share, best first, by where they end. Empty unless routes conflict.
    private var shared: [Ending: [Int]] = [:]

    /// Where routes end: at a node, exactly or with a wildcard.
    private struct Ending: Hashable, Comparable {
        let node: Int
        let wildcard: Bool

        static func < (left: Ending, right: Ending) -> Bool {
            (left.node, left.wildcard ? 1 : 0) < (right.node, right.wildcard ? 1 : 0)
        }
    }

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
                if nodes[node].placeholder >= 0 {
                    node = Int(nodes[node].placeholder)
                } else {
                    nodes.append(Node())
                    nodes[node].placeholder = Int32(nodes.count - 1)
                    node = nodes.count - 1
                }
            case .wildcard:
                return add(route, at: node, wildcard: true)
            }
        }
        return add(route, at: node, wildcard: false)
    }

    /// Files a route ending at a node; returns the routes already there.
    private mutating func add(_ route: Int, at node: Int, wildcard: Bool) -> [Int] {
        let existing = routes(at: node, wildcard: wildcard)
        if existing.isEmpty {
            if wildcard { nodes[node].wildcard = Int32(route) } else { nodes[node].end = Int32(route) }
        } else {
            shared[Ending(node: node, wildcard: wildcard)] = existing + [route]
        }
        return existing
    }

    /// Every route ending at a node (with a wildcard, or exactly), best first once sorted.
    private func routes(at node: Int, wildcard: Bool) -> [Int] {
        let best = wildcard ? nodes[node].wildcard : nodes[node].end
        guard best >= 0 else { return [] }
        return shared[Ending(node: node, wildcard: wildcard)] ?? [Int(best)]
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
                guard nodes[node].placeholder >= 0 else { return [] }
                node = Int(nodes[node].placeholder)
            case .wildcard:
                return routes(at: node, wildcard: true)
            }
        }
        return routes(at: node, wildcard: false)
    }

    /// Orders the routes of every shared shape with `areInIncreasingOrder` (best first), and gives
    /// back the memory the building left unused (the trie is only read from now on).
    mutating func sortRoutes(by areInIncreasingOrder: (Int, Int) -> Bool) {
        for key in shared.keys {
            shared[key]?.sort(by: areInIncreasingOrder)
            guard let best = shared[key]?.first else { continue }
            if key.wildcard { nodes[key.node].wildcard = Int32(best) } else { nodes[key.node].end = Int32(best) }
        }
        if nodes.capacity > nodes.count { nodes = nodes.withUnsafeBufferPointer { Array($0) } }
        if edges.capacity > edges.count { edges = edges.withUnsafeBufferPointer { Array($0) } }
    }

    /// Every node's routes that share one shape, for conflict reports, in node order.
    var sharedShapes: [[Int]] {
        shared.keys.sorted().compactMap { shared[$0] }
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
        return slots.withUnsafeBufferPointer { slots in
            edges.withUnsafeBufferPointer { edges in
                text.withUTF8Bytes { Self.child(of: parent, literal: $0, slots: slots, edges: edges) }
            }
        }
    }

    /// The child of `parent` for a literal segment's bytes, compared exactly.
    @inline(__always)
    private static func child(
        of parent: Int, literal bytes: UnsafeRawBufferPointer, slots: UnsafeBufferPointer<Int32>, edges: UnsafeBufferPointer<Edge>
    ) -> Int? {
        guard let slotBase = slots.baseAddress, let edgeBase = edges.baseAddress else { return nil }
        let hash = hash(bytes, parent: parent)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slotBase[slot])
            if index < 0 { return nil }
            // Read in place: copying the edge would retain its text.
            let edge = edgeBase + index
            if edge.pointee.hash == hash, Int(edge.pointee.parent) == parent,
                edge.pointee.text.withUTF8Bytes({ $0.hasSameBytes(as: bytes) })
            {
                return Int(edge.pointee.child)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Files a new literal child, doubling the slots first when they would be more than half full.
    private mutating func addEdge(from parent: Int, to child: Int, literal text: String) {
        if (edges.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: -1, count: max(8, slots.count * 2))
            for index in edges.indices { file(index) }
        }
        edges.append(
            Edge(
                hash: text.withUTF8Bytes { Self.hash($0, parent: parent) }, parent: Int32(parent), child: Int32(child), text: text
            ))
        file(edges.count - 1)
        nodes[parent].hasLiterals = true
    }

    /// Puts an edge's index in the first vacant slot from its hash on.
    private mutating func file(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: edges[index].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    // MARK: Matching

    /// The trie as its owner keeps it once built: only what matching reads, in one object, so a
    /// lookup holds one reference to it rather than copying the trie (a retain per array).
    var compiled: Compiled { Compiled(nodes: nodes, slots: slots, edges: edges) }

    /// The best route for a path, or `nil` (while building: the compiled trie answers lookups).
    func match<Path: RoutablePath>(_ path: Path) -> Int? {
        Self.match(path, nodes: nodes, slots: slots, edges: edges)
    }

    /// The best route for a path in these arrays, or `nil`.
    @inline(__always)
    fileprivate static func match<Path: RoutablePath>(_ path: Path, nodes: [Node], slots: [Int32], edges: [Edge]) -> Int? {
        nodes.withUnsafeBufferPointer { nodes in
            slots.withUnsafeBufferPointer { slots in
                edges.withUnsafeBufferPointer { edges in
                    guard let base = nodes.baseAddress else { return nil }
                    return match(path, in: base, slots: slots, edges: edges, node: 0, depth: 0)
                }
            }
        }
    }

    /// Walks the nodes in place through a pointer, one segment per level.
    private static func match<Path: RoutablePath>(
        _ path: borrowing Path, in nodes: UnsafePointer<Node>, slots: UnsafeBufferPointer<Int32>,
        edges: UnsafeBufferPointer<Edge>, node index: Int, depth: Int
    ) -> Int? {
        let node = nodes[index]
        // At the end of the path, a route ending here wins over a trailing wildcard matching nothing.
        if depth == path.count {
            if node.end >= 0 { return Int(node.end) }
            return node.wildcard >= 0 ? Int(node.wildcard) : nil
        }
        if node.hasLiterals,
            let next = path.withSegmentBytes(depth, { child(of: index, literal: $0, slots: slots, edges: edges) }),
            let found = match(path, in: nodes, slots: slots, edges: edges, node: next, depth: depth + 1)
        {
            return found
        }
        if node.placeholder >= 0,
            let found = match(path, in: nodes, slots: slots, edges: edges, node: Int(node.placeholder), depth: depth + 1)
        {
            return found
        }
        return node.wildcard >= 0 ? Int(node.wildcard) : nil
    }

    /// A built trie, as a route set keeps it: immutable, read by every thread without a lock.
    final class Compiled: Sendable {
        private let nodes: [Node]
        private let slots: [Int32]
        private let edges: [Edge]

        fileprivate init(nodes: [Node], slots: [Int32], edges: [Edge]) {
            self.nodes = nodes
            self.slots = slots
            self.edges = edges
        }

        /// The best route for a path, or `nil`.
        @inline(__always)
        func match<Path: RoutablePath>(_ path: Path) -> Int? {
            RouteTrie.match(path, nodes: nodes, slots: slots, edges: edges)
        }
    }
}
