// `String._nfd` (canonical decomposition) is the standard library's, available from macOS 13 /
// iOS 16, the package's floor; swift-foundation and swift-url import the same SPI for Unicode
// normalization.
@_spi(_Unicode) import Swift

/// Closest-name suggestions for not-found errors, at a cost that does not grow with the number of
/// registered names.
///
/// A remote caller can ask for names that do not exist as often as it likes, so a miss must cost a
/// small multiple of a hit whatever the registry's size. Comparing the missing name with every
/// registered one does not (10,000 targets made each error cost milliseconds). Instead, an index is
/// built once per registry version, on the first miss: every name's deletion variants (the name
/// with up to two scalars left out, or one for registries of more than ``twoDeletionLimit`` names,
/// to bound the index's memory), hashed and sorted. A missing name looks up its own variants (up to
/// two deletions for names of up to ``twoDeletionLength`` scalars): two names share a variant when
/// each becomes the other's common subsequence by losing at most that many scalars, which covers
/// every pair within two edits. The few candidates are then checked with a banded edit distance.
/// The work per miss depends on the missing name's length (capped at ``maximumLength``), never on
/// the number of names.
///
/// Names are compared case-insensitively (ASCII) and in canonical decomposition, scalar by scalar,
/// so a differently normalized spelling of a registered name (which exact name comparison treats as
/// another name) is suggested first.
final class SuggestionIndex: Sendable {
    /// The longest name, in scalars, that is indexed or looked up.
    static let maximumLength = 64
    /// Registries up to this size index two-deletion variants.
    static let twoDeletionLimit = 2_000
    /// Missing names up to this length look up two-deletion variants.
    static let twoDeletionLength = 24
    /// The most candidates checked per miss, so registries of near-identical names stay cheap.
    static let maximumCandidates = 256

    /// The low bits of an entry that hold the index of the name it came from; the high bits hold the
    /// variant's hash. Packing both in one integer makes building the index one sort of plain
    /// integers (a shorter hash only adds candidates, which the edit distance then rejects).
    private static let ownerBits: UInt64 = 24
    private static let ownerMask: UInt64 = (1 << ownerBits) - 1

    private let names: [String]
    /// Variant entries (hash in the high bits, name index in the low bits), sorted.
    private let entries: [UInt64]

    init(names: some Sequence<String>) {
        var names = Array(names)
        names.removeAll { $0.unicodeScalars.count > Self.maximumLength }
        // Past 16 million names, the owner bits cannot number them; the rest are not suggested.
        if names.count > Int(Self.ownerMask) { names.removeLast(names.count - Int(Self.ownerMask)) }
        let depth = names.count <= Self.twoDeletionLimit ? 2 : 1
        var entries: [UInt64] = []
        entries.reserveCapacity(names.count * (depth == 1 ? 12 : 40))
        for (index, name) in names.enumerated() {
            for hash in Self.variants(of: Self.folded(name), depth: depth) {
                entries.append(hash & ~Self.ownerMask | UInt64(index))
            }
        }
        entries.sort()
        self.names = names
        self.entries = entries
    }

    /// The registered names within a small edit distance of `name`, closest first, at most `limit`.
    ///
    /// The name's own variants with at most one scalar left out are looked up first; only when they
    /// find nothing within one edit are the two-deletion variants looked up too. At most
    /// ``maximumCandidates`` candidates are checked.
    func closest(to name: String, limit: Int = 3) -> [String] {
        guard name.utf8.count <= Self.maximumLength * 4 else { return [] }
        let needle = Self.folded(name)
        guard !needle.isEmpty, needle.count <= Self.maximumLength else { return [] }
        let threshold = max(2, needle.count / 3)
        var seen: Set<Int32> = []
        var scored: [(distance: Int, name: String)] = []
        for tier in 1...2 {
            if tier == 2, needle.count > Self.twoDeletionLength || scored.contains(where: { $0.distance <= 1 }) { break }
            for variant in tier == 1 ? Self.variants(of: needle, depth: 1) : Self.variants(of: needle, depth: 2, onlyDepth: 2) {
                let hash = variant & ~Self.ownerMask
                var position = lowerBound(hash)
                while position < entries.count, entries[position] & ~Self.ownerMask == hash, seen.count < Self.maximumCandidates {
                    let owner = Int32(truncatingIfNeeded: entries[position] & Self.ownerMask)
                    if seen.insert(owner).inserted {
                        let candidate = names[Int(owner)]
                        if let distance = Self.distance(needle, Self.folded(candidate), within: threshold) {
                            scored.append((distance, candidate))
                        }
                    }
                    position += 1
                }
            }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// The names of a short list (registered schemes, hosts, one target's actions) within a small
    /// edit distance of `name`, closest first: compared one by one, at most ``maximumCandidates`` of them.
    static func closest(to name: String, among names: [String], limit: Int = 3) -> [String] {
        guard name.utf8.count <= maximumLength * 4 else { return [] }
        let needle = folded(name)
        guard !needle.isEmpty, needle.count <= maximumLength else { return [] }
        let threshold = max(2, needle.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for candidate in names.prefix(maximumCandidates) {
            if let distance = distance(needle, folded(candidate), within: threshold) { scored.append((distance, candidate)) }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// How many edits turn `a` into `b`, case and normalization counting, up to ``maximumLength``:
    /// ranks suggestions that are equally close once folded (`Products` before `products` for `Prodcts`).
    static func exactDistance(_ a: String, _ b: String) -> Int {
        let limit = maximumLength
        let left = a.unicodeScalars.prefix(limit).map(\.value)
        let right = b.unicodeScalars.prefix(limit).map(\.value)
        return distance(left, right, within: limit) ?? limit
    }

    /// The first entry not below `hash` (a hash with its owner bits clear).
    private func lowerBound(_ hash: UInt64) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A name's scalars in canonical decomposition, ASCII letters lowercased; at most one past the
    /// length limit, so an overlong name is recognised without folding all of it.
    private static func folded(_ name: String) -> [UInt32] {
        // ASCII names (the usual case) are folded from their first bytes, read in place.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> [UInt32]? in
            let head = bytes.prefix(maximumLength + 1)
            guard !head.contains(where: { $0 >= 0x80 }) else { return nil }
            return head.map { UInt32((ASCII.upperA...ASCII.upperZ).contains($0) ? $0 + 0x20 : $0) }
        }
        if let ascii, let ascii { return ascii }
        let scalars = name.unicodeScalars.prefix(maximumLength + 1)
        let text = String(String.UnicodeScalarView(scalars))
        // The standard library's canonical decomposition (NFD), which Foundation's
        // `decomposedStringWithCanonicalMapping` also returns, so the core needs no Foundation.
        let decomposed = scalars.allSatisfy(\.isASCII) ? Array(text.unicodeScalars) : Array(text._nfd)
        return decomposed.prefix(maximumLength + 1).map { scalar in
            (0x41...0x5A).contains(scalar.value) ? scalar.value + 0x20 : scalar.value
        }
    }

    /// The hashes of every variant of the scalars with up to `depth` of them left out (only those
    /// with exactly `onlyDepth` left out, when given).
    private static func variants(of scalars: [UInt32], depth: Int, onlyDepth: Int? = nil) -> [UInt64] {
        var hashes: [UInt64] = []
        if onlyDepth == nil || onlyDepth == 0 { hashes.append(hash(scalars, skipping: -1, -1)) }
        for first in scalars.indices {
            if onlyDepth == nil || onlyDepth == 1 { hashes.append(hash(scalars, skipping: first, -1)) }
            guard depth > 1 else { continue }
            for second in (first + 1)..<scalars.count { hashes.append(hash(scalars, skipping: first, second)) }
        }
        return hashes
    }

    /// A hash of the scalars with those at `first` and `second` left out (`-1` leaves none out).
    private static func hash(_ scalars: [UInt32], skipping first: Int, _ second: Int) -> UInt64 {
        let kept = scalars.count - (first >= 0 ? 1 : 0) - (second >= 0 ? 1 : 0)
        var state: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(kept)
        for (index, scalar) in scalars.enumerated() where index != first && index != second {
            state = (state ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
        }
        return state ^ (state >> 29)
    }

    /// The Levenshtein distance if it is at most `threshold`, else `nil`; only the diagonal band of
    /// width `2 × threshold + 1` is computed, and it stops as soon as the band exceeds the threshold.
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
