/// Closest-name suggestions for not-found errors, computed only when an error is reported.
enum Suggestions {
    /// The candidates within a small edit distance of `name` (case-insensitive), closest first.
    static func closest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = Array(name.lowercased().unicodeScalars)
        let threshold = max(2, needle.count / 3)
        return
            candidates
            .map { (name: $0, distance: distance(needle, Array($0.lowercased().unicodeScalars))) }
            .filter { $0.distance <= threshold }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(limit)
            .map(\.name)
    }

    /// Levenshtein distance, bounded in cost by the (short) names it compares.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 256 || b.count > 256 { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
