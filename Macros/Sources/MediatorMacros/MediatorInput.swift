import Mediator

/// Writes what an action's input needs besides its `@Parameter` properties: its initializers, its
/// schema, and its `MediatorInput` and `Decodable` conformances.
///
/// ```swift
/// @MediatorInput
/// public struct UserQuery {
///     /// User id
///     @Parameter public var id: Int
///     /// Tab to open
///     @Parameter public var tab = "posts"
/// }
///
/// let query = UserQuery(id: 42)   // tab: "posts"
/// ```
///
/// The macro adds, with the struct's access:
/// - `init(id:tab:)`, one labelled argument per `@Parameter` in declaration order, each with the
///   property's initial value as its default (`nil` for an optional without one);
/// - a private `init()`, the declaration `MediatorSchema(reflecting:)` reads;
/// - `static let schema`, unless the struct declares it; a parameter whose attribute has no
///   description gets its doc comment's first line;
/// - the `MediatorInput` and `Decodable` conformances the struct does not declare.
///
/// Every stored property must be a `@Parameter`, typed or initialized with a literal; the macro
/// reports one that is not, with a fix.
@attached(member, names: named(init), named(schema))
@attached(extension, conformances: MediatorInput, Decodable)
public macro MediatorInput() = #externalMacro(module: "MediatorMacrosPlugin", type: "MediatorInputMacro")
