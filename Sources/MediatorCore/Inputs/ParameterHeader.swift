/// A `@Parameter`'s first word: whether a required one holds no value yet, and what its declaration
/// says (its description and conversion), which only the schema reads, once per input type, and the
/// message of an unset read. One word instead of a `StaticString` (24 bytes with padding) and a flag
/// (8 more), so every input is about half the size and each copy of it half the work.
///
/// The bits, high to low: 63 unset (a required parameter nobody set: one sign test tells it), 62
/// native-only, 61 the description is one Unicode scalar (its value in bits 0…20), 60 the
/// description's address needs more than 48 bits (in bits 0…59, read up to its NUL); otherwise
/// bits 48…59 hold its length in bytes and bits 0…47 its address. A description is a
/// `StaticString`, so the address is of a literal in the program, valid for the program's life.
@usableFromInline
struct ParameterHeader: Sendable {
    @usableFromInline var bits: UInt64

    /// Set while a required parameter holds no value: the sign bit, so a word is tested with one comparison.
    @inlinable static var unsetBit: UInt64 { 1 << 63 }
    @inlinable static var nativeBit: UInt64 { 1 << 62 }
    @inlinable static var scalarBit: UInt64 { 1 << 61 }
    @inlinable static var wideBit: UInt64 { 1 << 60 }

    /// The word of a declaration with `summary` and `conversion`, unset or holding a value.
    @inlinable
    init(_ summary: StaticString, _ conversion: ParameterConversion, unset: Bool) {
        var bits: UInt64
        if summary.hasPointerRepresentation {
            let address = UInt64(UInt(bitPattern: summary.utf8Start))
            let count = UInt64(truncatingIfNeeded: summary.utf8CodeUnitCount)
            if address < 1 << 48, count < 1 << 12 {
                bits = address | count << 48
            } else if address < 1 << 60 {
                bits = address | Self.wideBit
            } else {
                // No platform Swift runs on maps a program's literals there: the description is lost, not misread.
                bits = 0
            }
        } else {
            bits = UInt64(summary.unicodeScalar.value) | Self.scalarBit
        }
        if conversion == .native { bits |= Self.nativeBit }
        if unset { bits |= Self.unsetBit }
        self.bits = bits
    }

    /// Whether the word at `word` is that of a required parameter nobody set.
    @inlinable
    static func isUnset(_ word: UInt64) -> Bool { word & unsetBit != 0 }

    /// Whether this is a required parameter nobody set.
    @inlinable var isUnset: Bool { Self.isUnset(bits) }

    /// Marks the parameter as holding a value.
    @inlinable
    mutating func markSet() { bits &= ~Self.unsetBit }

    /// This word with the parameter marked as holding a value.
    var set: UInt64 { bits & ~Self.unsetBit }

    /// How the parameter takes values.
    var conversion: ParameterConversion { bits & Self.nativeBit != 0 ? .native : .converting }

    /// The declaration's one-line description, as written.
    @usableFromInline
    var summary: String {
        if bits & Self.scalarBit != 0 {
            return Unicode.Scalar(UInt32(truncatingIfNeeded: bits & 0x1F_FFFF)).map { String(Character($0)) } ?? ""
        }
        if bits & Self.wideBit != 0 {
            guard let start = UnsafePointer<CChar>(bitPattern: UInt(truncatingIfNeeded: bits & (Self.wideBit - 1))) else {
                return ""
            }
            return String(cString: start)
        }
        let count = Int(truncatingIfNeeded: (bits >> 48) & 0xFFF)
        guard count > 0, let start = UnsafePointer<UInt8>(bitPattern: UInt(truncatingIfNeeded: bits & (1 << 48 - 1))) else {
            return ""
        }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}

/// How a declared parameter takes values: converted from what callers and URLs supply, or only as
/// native values of exactly its type.
@usableFromInline
enum ParameterConversion: UInt8, Sendable {
    case converting
    case native
}
