/// Closest-name suggestions for not-found errors, computed only on the failure path and bounded in
/// cost whatever the registry's size or the input's length.
///
/// A remote caller can ask for names that do not exist as often as it likes, so the work per miss is
/// capped: the input is compared by at most ``maximumLength`` scalars; a candidate is considered only
/// when its length is within the distance threshold of the input's; at most ``maximumCandidates``
/// candidates are scored; and each distance is a banded Levenshtein that stops as soon as the band
/// exceeds the threshold. Names are compared case-insensitively, scalar by scalar, so a differently
/// normalized spelling of a registered name (which exact name comparison treats as another name) is
/// still suggested.
enum Suggestions {
    /// The longest input, in scalars, that suggestions are computed for.
    static let maximumLength = 64
    /// The most candidates scored per miss.
    static let maximumCandidates = 2_048

    /// The candidates within a small edit distance of `name`, closest first, at most `limit`.
    static func closest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = folded(name)
        guard !needle.isEmpty, needle.count <= maximumLength else { return [] }
        let threshold = max(2, needle.count / 3)
        var scored: [(distance: Int, name: String)] = []
        var considered = 0
        for candidate in candidates {
            let length = candidate.unicodeScalars.count
            guard abs(length - needle.count) <= threshold, length <= maximumLength + threshold else { continue }
            considered += 1
            if considered > maximumCandidates { break }
            if let distance = distance(needle, folded(candidate), within: threshold) {
                scored.append((distance, candidate))
            }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// Lowercased scalars of a name (ASCII letters only are folded, so the cost stays linear).
    private static func folded(_ name: String) -> [UInt32] {
        name.unicodeScalars.map { scalar in
            (0x41...0x5A).contains(scalar.value) ? scalar.value + 0x20 : scalar.value
        }
    }

    /// The Levenshtein distance if it is at most `threshold`, else `nil`; only the diagonal band of
    /// width `2 × threshold + 1` is computed.
    static func distance(_ a: [UInt32], _ b: [UInt32], within threshold: Int) -> Int? {
        guard abs(a.count - b.count) <= threshold else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let unreachable = threshold + 1
        var previous = [Int](repeating: unreachable, count: b.count + 1)
        var current = previous
        for j in 0...min(b.count, threshold) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - threshold)
            let high = min(b.count, i + threshold)
            current[low - 1] = low == 1 && i <= threshold ? i : unreachable
            var best = current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    current[j] = min(value, unreachable)
                    best = min(best, current[j])
                }
            }
            if high < b.count { current[high + 1] = unreachable }
            guard best <= threshold else { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= threshold ? previous[b.count] : nil
    }
}
