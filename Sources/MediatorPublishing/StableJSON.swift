import Foundation

/// The one way the publishing side writes JSON: keys sorted and slashes unescaped, so the same value
/// always gives the same bytes (a committed snapshot diffs only where something changed).
enum StableJSON {
    /// The value as UTF-8 JSON, indented unless `prettyPrinted` is `false`, ending with a newline
    /// when `newline` is set. The documents written here hold only strings, numbers, booleans and
    /// arrays and objects of them, which always encode; an empty object stands in if one did not.
    static func data(_ value: some Encodable, prettyPrinted: Bool = true, newline: Bool = true) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return newline ? data + Data("\n".utf8) : data
    }
}
