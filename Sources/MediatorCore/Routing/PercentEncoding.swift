/// Percent-encoding for the URLs the mediator generates, and decoding for the patterns it reads.
package enum PercentEncoding {
    /// Encodes everything except RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`), so the text
    /// survives as one path segment, query key or query value whatever the reader's `+` setting.
    package static func encode(_ text: String) -> String {
        var needsEncoding = false
        for byte in text.utf8 where !isUnreserved(byte) {
            needsEncoding = true
            break
        }
        guard needsEncoding else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(ASCII.percent)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes, or returns `nil` for a malformed escape, `%00` or invalid UTF-8.
    package static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(ASCII.percent) else { return String(text) }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == ASCII.percent else {
                output.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(ASCII.hexValue),
                let low = iterator.next().flatMap(ASCII.hexValue), high | low != 0
            else { return nil }
            output.append(high << 4 | low)
        }
        return validUTF8(output)
    }

    /// The bytes as text, or `nil` if they are not valid UTF-8. Decoding replaces invalid input with
    /// U+FFFD, so a round trip that changes the bytes means they were invalid. (`String(validating:as:)`
    /// says the same, but needs iOS 18 / macOS 15, above the package's floor.)
    static func validUTF8<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.lowerA...ASCII.lowerZ, ASCII.upperA...ASCII.upperZ, ASCII.zero...ASCII.nine,
            ASCII.minus, ASCII.dot, ASCII.underscore, ASCII.tilde:
            true
        default:
            false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
