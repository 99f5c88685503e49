import Foundation

/// Text from the command line or from files, made safe to echo: control characters, newlines,
/// quotes and backslashes escaped, and long text cut, so one problem stays one line.
enum EscapedText {
    /// The text, escaped and in double quotes.
    static func quoted(_ text: some StringProtocol, limit: Int = 80) -> String {
        "\"\(escaped(text, limit: limit))\""
    }

    /// The text, escaped, without quotes.
    static func escaped(_ text: some StringProtocol, limit: Int = 80) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
