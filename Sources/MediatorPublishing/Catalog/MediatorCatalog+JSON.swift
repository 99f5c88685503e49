import Foundation
internal import MediatorCore

extension MediatorCatalog {
    /// The catalog as JSON with sorted keys, stable across runs.
    /// - Parameter prettyPrinted: Indent the output for people.
    /// - Returns: The JSON text.
    public func jsonString(prettyPrinted: Bool = true) -> String {
        String(decoding: StableJSON.data(self, prettyPrinted: prettyPrinted, newline: false), as: UTF8.self)
    }
}
