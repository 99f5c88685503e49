/// The text form a `Double` parameter accepts: a finite decimal number, as the reference says, and
/// nothing else `Double(_:)` would read (`0x1p3`, `inf`, `nan`, `infinity`).
enum DecimalText {
    /// The number, or `nil` unless the text is `[+-]? digits [. digits] [(e|E) [+-]? digits]` (a
    /// side of the point may be empty, not both) and its value is finite (`1e400` is not).
    static func double<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isDecimal(text.utf8) else { return nil }
        return Double(String(text)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether the bytes spell a decimal number, in one pass and without allocating.
    static func isDecimal<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, (ASCII.zero...ASCII.nine).contains(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index = bytes.index(after: index) }
        var mantissa = digits()
        if index < bytes.endIndex, bytes[index] == ASCII.dot {
            index = bytes.index(after: index)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus {
                index = bytes.index(after: index)
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
