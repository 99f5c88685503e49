/// Text made safe for an HTML page: the catalog page writes every name, description and link
/// through it, so an action's description cannot add markup, a script or a request to the page.
enum HTMLText {
    /// The text with `&`, `<`, `>`, `"` and `'` escaped, and every C0/C1 control but tab and line
    /// feed written as U+FFFD, so it is safe as element content and inside a quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The same escaping, named for use inside a quoted attribute.
    static func attribute(_ text: String) -> String { escaped(text) }
}
