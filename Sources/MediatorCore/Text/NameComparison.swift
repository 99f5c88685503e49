#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How the mediator compares target and action names: by their exact Unicode scalars, that is their
/// UTF-8 bytes, with a hash computed from the same bytes.
///
/// Swift's `String ==` treats canonically equivalent strings as equal (`"Café"` with a precomposed
/// `é` equals `"Cafe\u{301}"`), while a hash over raw bytes does not; mixing the two broke
/// `Hashable` (equal keys, different hashes). Names are identifiers, not prose, so the mediator uses
/// exact comparison everywhere it compares them: the registry, the per-thread caches, route literals
/// and the convention route. A name reaches only the bytes it was registered with; suggestions on a
/// miss still find a differently normalized spelling (it is a short edit away).
package enum NameComparison {
    /// A name's hash from its exact bytes, for the package's other modules (the navigation layer's
    /// back stack table): names with the same bytes have the same hash. Not inlined there, so the
    /// core's own inlined hashing is compiled as before.
    package static func hash(_ name: String) -> Int {
        Int(truncatingIfNeeded: mix(name, into: 0x9E37_79B9_7F4A_7C15))
    }

    /// Whether two names have the same bytes, for the package's other modules (the navigation
    /// layer's back stack table, which matches names as the registry does). Not inlined there, as
    /// ``hash(_:)``.
    package static func sameBytes(_ lhs: String, _ rhs: String) -> Bool { equal(lhs, rhs) }

    /// Whether two strings have the same UTF-8 bytes.
    ///
    /// Strings whose representations are bit for bit the same (the same short name stored inline,
    /// or the same storage) are equal without reading their bytes: a repeated call passes the very
    /// strings its first call cached.
    @inline(__always)
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        if identicalRepresentation(lhs, rhs) { return true }
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        if let result = lhs.utf8.withContiguousStorageIfAvailable({ left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                equal(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }), let result {
            return result
        }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether two strings are stored identically; `false` says nothing about their contents.
    @inline(__always)
    static func identicalRepresentation(_ lhs: String, _ rhs: String) -> Bool {
        withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                guard left.count == 16 else { return false }
                return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                    && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }

    /// Whether two buffers of the same length hold the same bytes; eight at a time for short names.
    @inline(__always)
    private static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        if count >= 8 && count <= 16 {
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count < 8 {
            return tail(left, count) == tail(right, count)
        }
        guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return count == 0 }
        return memcmp(leftBytes, rightBytes, count) == 0
    }

    /// Up to seven bytes as one number (the count is known to the caller).
    @inline(__always)
    private static func tail(_ bytes: UnsafeRawBufferPointer, _ count: Int) -> UInt64 {
        if count >= 4 {
            return UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        }
        guard count > 0 else { return 0 }
        return UInt64(bytes[0]) << 16 | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1])
    }

    /// Folds a string's UTF-8 bytes into a 64-bit state with a short multiply-mix.
    ///
    /// Not SipHash: a cache hit hashes two names, and SipHash made that the largest cost of a call
    /// (about 390 instructions of ~2,100, measured with callgrind). Flooding is not a concern: the
    /// tables hashed this way hold only registered names, so input chooses what it looks up but not
    /// what is stored.
    @inline(__always)
    static func mix(_ string: String, into state: UInt64) -> UInt64 {
        if let mixed = string.utf8.withContiguousStorageIfAvailable({ mix(UnsafeRawBufferPointer($0), into: state) }) {
            return mixed
        }
        return Array(string.utf8).withUnsafeBytes { mix($0, into: state) }
    }

    @inline(__always)
    static func mix(_ bytes: UnsafeRawBufferPointer, into state: UInt64) -> UInt64 {
        var state = state ^ UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        let count = bytes.count
        if count < 8 {
            state = (state ^ tail(bytes, count)) &* 0xFF51_AFD7_ED55_8CCD
        } else {
            var offset = 0
            while offset + 8 < count {
                state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                state ^= state >> 32
                offset += 8
            }
            // The last eight bytes, overlapping the previous block when the count is not a multiple of eight.
            state = (state ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        }
        state = (state ^ (state >> 32)) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 32)
    }
}

/// A target or action name as a dictionary key: equal and hashed by its exact bytes.
struct Name: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: Name, rhs: Name) -> Bool { NameComparison.equal(lhs.text, rhs.text) }

    func hash(into hasher: inout Hasher) { hasher.combine(NameComparison.mix(text, into: 0x9E37_79B9_7F4A_7C15)) }
}

/// The key of the per-thread resolution cache: a target and an action name, built from the caller's
/// strings without copying them, equal and hashed by their exact bytes.
struct ActionKey: Hashable {
    let target: String
    let action: String

    static func == (lhs: ActionKey, rhs: ActionKey) -> Bool {
        NameComparison.equal(lhs.target, rhs.target) && NameComparison.equal(lhs.action, rhs.action)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(_rawHashValue(seed: 0))
    }

    func _rawHashValue(seed: Int) -> Int {
        var state = UInt64(truncatingIfNeeded: seed) ^ 0x9E37_79B9_7F4A_7C15
        state = NameComparison.mix(target, into: state)
        state = NameComparison.mix(action, into: state &+ 0xFF)
        return Int(truncatingIfNeeded: state ^ (state >> 29))
    }
}
