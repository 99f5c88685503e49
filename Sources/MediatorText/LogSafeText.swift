/// Text from outside the mediator (URLs, names, keys, values, reasons, underlying errors) made safe
/// to put in one log line.
///
/// Every error description, the App's console and the package's tool (what `check-module-graph` and
/// `new-module` print) go through here, so the guarantee lives in one place: a description is
/// one line, and no control character, line or paragraph separator, or bidirectional-formatting
/// character from the input reaches it raw (each becomes `\u{…}`); each echoed input is capped at
/// ``limit`` characters, followed by its full byte count, so a 10,000-byte scheme or key cannot make
/// a 10 KB message.
package enum LogSafeText {
    /// The most characters of one echoed input that a message shows.
    package static let limit = 120
    /// The most characters of one problem (`MediatorError.problems`) that an error keeps.
    package static let problemLimit = 400

    /// The input in double quotes, escaped and capped.
    package static func quoted(_ text: String) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// The input escaped and capped, without quotes, for text that is already a clause (a reason, a problem).
    package static func inline(_ text: String, limit: Int = limit) -> String {
        escaped(text, limit: limit)
    }

    /// Escapes every scalar that could break or forge a log line; everything else is kept.
    ///
    /// - Parameter limit: The most scalars to keep; the rest is replaced by `…` and the byte count.
    package static func escaped(_ text: String, limit: Int = .max) -> String {
        var result = ""
        var kept = 0
        for scalar in text.unicodeScalars {
            if kept == limit {
                result += "…(\(text.utf8.count) bytes)"
                return result
            }
            kept += 1
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar must not appear raw in a log line.
    ///
    /// C0 and C1 controls (which include LF, CR, NEL) and DEL; U+2028/U+2029 (line and paragraph
    /// separators); the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–F,
    /// U+202A–E, U+2066–9), which can make a line read differently from what it holds; and the BOM
    /// (U+FEFF).
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            true
        default:
            false
        }
    }

    /// Whether the text holds nothing `isUnsafe` rejects; what the fuzz harness and tests check.
    package static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }
}
