import Mediator

/// Writes what an action's input needs besides its stored properties: its memberwise initializer,
/// its schema, and its conformances.
///
/// Recommended: plain stored properties, each described by its doc comment. The input stays a plain
/// struct (no wrapper beside each value), so making and copying it costs what its values do:
///
/// ```swift
/// @MediatorInput
/// public struct UserQuery {
///     /// User id
///     public var id: Int
///     /// Tab to open
///     public var tab = "posts"
///     /// Called when the page is shown
///     @Native public var onShow: (@Sendable () -> Void)?
/// }
///
/// let query = UserQuery(id: 42)   // tab: "posts"
/// ```
///
/// The macro adds, with the struct's access:
/// - `init(id:tab:onShow:)`, one labelled argument per stored property in declaration order, each
///   with the property's initial value as its default (`nil` for an optional without one);
/// - `static let schema = MediatorSchema(Self.init(id:tab:onShow:), …)`, unless the struct declares
///   it: one `MediatorField` per property, `.required` without an initial value, `.optional` with
///   one or for an optional, `native:` for a `@Native` property, described by the doc comment's
///   first line;
/// - the `MediatorInput` conformance, unless the struct declares it.
///
/// A property's type must convert (`MediatorParameterValue`), or the property be `@Native`; an
/// optional's initial value must be `nil`, a `@Native` property's too; a `let` cannot have an
/// initial value. The macro reports these, with a fix where one is clear; the compiler reports a
/// type that does not convert.
///
/// Declared with `@Parameter` properties instead (every stored property, or the macro reports the
/// others), the input is what `MediatorInput` reads, and the macro adds `init(id:tab:)`, a
/// private `init()` the schema reads, `static let schema = MediatorSchema(reflecting: Self.init, …)`
/// with doc comments as the descriptions attributes leave out, and the `MediatorInput` and
/// `Decodable` conformances.
@attached(member, names: named(init), named(schema))
@attached(extension, conformances: MediatorInput, Decodable)
public macro MediatorInput() = #externalMacro(module: "MediatorMacrosPlugin", type: "MediatorInputMacro")
