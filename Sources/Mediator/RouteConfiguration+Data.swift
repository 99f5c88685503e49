public import Foundation
public import MediatorCore

extension Mediator.RouteConfiguration {
    /// Reads a configuration from its JSON document, checking its shape (not yet the catalog).
    ///
    /// The document is read strictly: UTF-8 JSON, each key at most once per object (a repeated key is
    /// refused and named, where a JSON library would keep one silently), and every value of the type
    /// the format says: `"version": true` or `"disabled": 1` are problems, not `1` and `true`.
    /// - Parameter json: The document.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem found.
    public init(json: Data) throws {
        try self.init(jsonBytes: [UInt8](json))
    }
}
