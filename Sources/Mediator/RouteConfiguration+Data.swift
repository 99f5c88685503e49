public import Foundation
public import MediatorCore

extension MediatorRouteConfiguration {
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

extension Mediator {
    /// Validates a route configuration document against the registry and, if it has no problem, puts
    /// it in force in place of the previous one. See ``MediatorRouteConfiguration`` for the format.
    /// - Parameter json: The JSON document.
    /// - Returns: The configuration now in force.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem; the previous
    ///   configuration then stays in force.
    @discardableResult
    public func applyRouteConfiguration(_ json: Data) throws -> MediatorRouteConfiguration {
        let configuration = try MediatorRouteConfiguration(json: json)
        try applyRouteConfiguration(configuration)
        return configuration
    }
}
