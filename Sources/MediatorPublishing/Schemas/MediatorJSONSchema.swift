/// The JSON Schemas (draft 2020-12) of the documents an app shares with its other platforms: the
/// published links, the route configuration and the conformance vectors, so an Android or web
/// router, a server or a CI step can validate them with any validator.
///
/// The same text is committed in the repository's `schemas/` folder and printed by
/// `swift run App links schema --links | --config | --vectors`; CI validates the App's documents
/// against them with a real validator and checks that doctored ones are refused.
public enum MediatorJSONSchema: String, Sendable, CaseIterable {
    /// The published-links document, ``MediatorLinks/json()``.
    case publishedLinks = "links"
    /// The route configuration document, `Mediator.RouteConfiguration` (in `MediatorCore`).
    case routeConfiguration = "route-configuration"
    /// The conformance vectors, ``MediatorLinkVectors/json()``.
    case conformanceVectors = "link-vectors"

    /// The file name in `schemas/`, such as `links.schema.json`.
    public var fileName: String { "\(rawValue).schema.json" }

    /// The schema's text, ending with a newline.
    public var json: String {
        switch self {
        case .publishedLinks: Self.links
        case .routeConfiguration: Self.configuration
        case .conformanceVectors: Self.vectors
        }
    }

    private static let links = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://mediator.invalid/schemas/links.schema.json",
          "title": "Published deep links",
          "description": "Every URL shape that reaches a remote action of the app, as MediatorLinks.json() writes it.",
          "type": "object",
          "required": ["version", "schemes", "webHosts", "actions"],
          "additionalProperties": false,
          "properties": {
            "version": { "const": 1 },
            "schemes": {
              "type": "array",
              "items": {
                "type": "object",
                "required": ["name", "matchesGlobalRoutes"],
                "additionalProperties": false,
                "properties": {
                  "name": { "type": "string", "pattern": "^[a-z][a-z0-9+.-]*$" },
                  "matchesGlobalRoutes": { "type": "boolean" }
                }
              }
            },
            "webHosts": { "type": "array", "items": { "type": "string", "pattern": "^[a-z0-9.-]+(:[0-9]+)?$" } },
            "actions": { "type": "array", "items": { "$ref": "#/$defs/action" } }
          },
          "$defs": {
            "name": { "type": "string", "minLength": 1 },
            "action": {
              "type": "object",
              "required": ["target", "action", "summary", "routes", "parameters"],
              "additionalProperties": false,
              "properties": {
                "target": { "$ref": "#/$defs/name" },
                "action": { "$ref": "#/$defs/name" },
                "summary": { "type": "string" },
                "routes": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/route" } },
                "parameters": { "type": "array", "items": { "$ref": "#/$defs/parameter" } },
                "example": { "type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*://" }
              }
            },
            "route": {
              "type": "object",
              "required": ["path", "kind"],
              "additionalProperties": false,
              "properties": {
                "path": { "type": "string", "pattern": "^/" },
                "scheme": { "type": "string", "pattern": "^[a-z][a-z0-9+.-]*$" },
                "kind": { "enum": ["pattern", "convention"] }
              }
            },
            "parameter": {
              "type": "object",
              "required": ["name", "type", "required", "summary"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/name" },
                "type": { "$ref": "#/$defs/name" },
                "required": { "type": "boolean" },
                "defaultValue": { "type": "string" },
                "allowedValues": { "type": "array", "minItems": 1, "items": { "type": "string" } },
                "summary": { "type": "string" }
              }
            }
          }
        }

        """

    private static let configuration = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://mediator.invalid/schemas/route-configuration.schema.json",
          "title": "Route configuration",
          "description": "Run-time changes to URL routing shared by iOS, Android and web: redirect, degrade to a web page, or disable. The app also checks each rule against its catalog (loops, destinations, parameters).",
          "type": "object",
          "required": ["version"],
          "additionalProperties": false,
          "properties": {
            "version": { "const": 1 },
            "webFallback": { "$ref": "#/$defs/actionReference" },
            "rules": { "type": "array", "items": { "$ref": "#/$defs/rule" } }
          },
          "if": { "required": ["rules"], "properties": { "rules": { "contains": { "required": ["degradeTo"] } } } },
          "then": { "required": ["webFallback"] },
          "$defs": {
            "name": { "type": "string", "minLength": 1 },
            "actionReference": {
              "type": "object",
              "required": ["target", "action"],
              "additionalProperties": false,
              "properties": { "target": { "$ref": "#/$defs/name" }, "action": { "$ref": "#/$defs/name" } }
            },
            "rule": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "pattern": { "$ref": "#/$defs/name" },
                "target": { "$ref": "#/$defs/name" },
                "action": { "$ref": "#/$defs/name" },
                "redirectTo": { "oneOf": [{ "$ref": "#/$defs/name" }, { "$ref": "#/$defs/actionReference" }] },
                "degradeTo": { "type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://" },
                "disabled": { "const": true },
                "reason": { "type": "string" }
              },
              "oneOf": [
                { "required": ["pattern"], "not": { "anyOf": [{ "required": ["target"] }, { "required": ["action"] }] } },
                { "required": ["target", "action"], "not": { "required": ["pattern"] } }
              ],
              "allOf": [
                {
                  "oneOf": [
                    { "required": ["redirectTo"] },
                    { "required": ["degradeTo"] },
                    { "required": ["disabled"] }
                  ]
                },
                { "if": { "required": ["reason"] }, "then": { "required": ["disabled"] } }
              ]
            }
          }
        }

        """

    private static let vectors = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://mediator.invalid/schemas/link-vectors.schema.json",
          "title": "Deep-link conformance vectors",
          "description": "URL to target, action and parameters, or to the refusal and its code: a table another router (Android, web) runs against itself.",
          "type": "object",
          "required": ["version", "schemes", "webHosts", "vectors"],
          "additionalProperties": false,
          "properties": {
            "version": { "const": 1 },
            "schemes": { "type": "array", "items": { "type": "string" } },
            "webHosts": { "type": "array", "items": { "type": "string" } },
            "vectors": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/vector" } }
          },
          "$defs": {
            "name": { "type": "string", "minLength": 1 },
            "vector": {
              "type": "object",
              "required": ["url"],
              "additionalProperties": false,
              "properties": {
                "url": { "type": "string", "minLength": 1 },
                "opens": {
                  "type": "object",
                  "required": ["target", "action", "parameters"],
                  "additionalProperties": false,
                  "properties": {
                    "target": { "$ref": "#/$defs/name" },
                    "action": { "$ref": "#/$defs/name" },
                    "parameters": { "type": "object", "additionalProperties": { "type": "string" } }
                  }
                },
                "refused": {
                  "type": "object",
                  "required": ["code"],
                  "additionalProperties": false,
                  "properties": { "code": { "$ref": "#/$defs/name" } }
                },
                "why": { "type": "string" }
              },
              "oneOf": [{ "required": ["opens"] }, { "required": ["refused"] }]
            }
          }
        }

        """
}
