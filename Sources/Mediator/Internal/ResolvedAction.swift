/// A (target, action) pair bound to its handler and target instance, ready to run.
///
/// A class, so a cache hit hands out one reference (one retain) instead of copying a declaration
/// and a closure. Each thread resolves its own copy, so no two threads share its reference count.
final class ResolvedAction: Sendable {
    let declaration: ActionDeclaration
    let invocation: Invocation
    /// Whether the invocation reuses one cached target instance.
    let usesCachedInstance: Bool

    init(declaration: ActionDeclaration, invocation: Invocation, usesCachedInstance: Bool) {
        self.declaration = declaration
        self.invocation = invocation
        self.usesCachedInstance = usesCachedInstance
    }

    /// The handler with its target instance already applied.
    enum Invocation: Sendable {
        case sync(@Sendable (MediatorParameters) throws -> any Sendable)
        case async(@Sendable (MediatorParameters) async throws -> any Sendable)
        case mainActor(@MainActor @Sendable (MediatorParameters) throws -> any Sendable)
    }
}

/// The key of the per-thread resolution cache: built from the caller's strings, no copies made.
///
/// Hashed with a short multiply-mix over the names' UTF-8 bytes instead of SipHash: a hit hashes two
/// names, and SipHash made that the largest cost of a call (about 390 instructions of ~2,100,
/// measured with callgrind). Flooding is not a concern here: the table holds only names that
/// resolved to registered actions, so input can choose what it looks up but not what is stored.
struct ActionKey: Hashable {
    let target: String
    let action: String

    static func == (lhs: ActionKey, rhs: ActionKey) -> Bool {
        lhs.target == rhs.target && lhs.action == rhs.action
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(_rawHashValue(seed: 0))
    }

    func _rawHashValue(seed: Int) -> Int {
        var state = UInt64(truncatingIfNeeded: seed) ^ 0x9E37_79B9_7F4A_7C15
        state = Self.mix(target, into: state)
        state = Self.mix(action, into: state &+ 0xFF)
        return Int(truncatingIfNeeded: state ^ (state >> 29))
    }

    /// Folds a string's UTF-8 bytes into the state, eight at a time.
    @inline(__always)
    private static func mix(_ string: String, into state: UInt64) -> UInt64 {
        if let mixed = string.utf8.withContiguousStorageIfAvailable({ mix(UnsafeRawBufferPointer($0), into: state) }) {
            return mixed
        }
        return Array(string.utf8).withUnsafeBytes { mix($0, into: state) }
    }

    @inline(__always)
    private static func mix(_ bytes: UnsafeRawBufferPointer, into state: UInt64) -> UInt64 {
        var state = state
        var offset = 0
        while offset + 8 <= bytes.count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
            offset += 8
        }
        var tail = UInt64(truncatingIfNeeded: bytes.count)
        while offset < bytes.count {
            tail = (tail << 8) | UInt64(bytes[offset])
            offset += 1
        }
        state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 32)
    }
}

/// The key of an action reference's per-thread resolution: its process-unique id, hashed with one
/// multiply instead of SipHash.
struct ReferenceKey: Hashable {
    let id: UInt64

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    func _rawHashValue(seed: Int) -> Int {
        let mixed = (id ^ UInt64(truncatingIfNeeded: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
