import Foundation
internal import MediatorCore

extension MediatorCatalog {
    /// The catalog as JSON with sorted keys, stable across runs.
    /// - Parameter prettyPrinted: Indent the output for people.
    /// - Returns: The JSON text.
    public func jsonString(prettyPrinted: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, booleans and arrays cannot fail; an empty object is the safe answer if it did.
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}
