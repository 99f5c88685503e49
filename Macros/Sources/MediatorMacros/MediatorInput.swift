import Mediator

/// Makes a struct of plain stored properties an action's input: each property becomes a
/// `@Parameter` described by its doc comment, and the macro writes the initializers and the
/// `MediatorInput` conformance the hand-written form repeats.
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
/// is the input written by hand as:
///
/// ```swift
/// public struct UserQuery: MediatorInput {
///     @Parameter("User id") public var id: Int
///     @Parameter("Tab to open") public var tab = "posts"
///     @Parameter(native: "Called when the page is shown") public var onShow: (@Sendable () -> Void)?
///     public init() {}
///     public init(id: Int, tab: String = "posts", onShow: (@Sendable () -> Void)? = nil) { … }
/// }
/// ```
///
/// The macro attaches to each plain stored property `@Parameter` with the first line of its doc
/// comment (`@Parameter(native: …)` for a `@Native` one); its initial value stays its default, and
/// an optional without one is `nil` when a call leaves it out. A property written with `@Parameter`
/// stays as written (the two may be mixed); its description is its attribute's text, so a doc
/// comment on one whose attribute has none is reported, with a fix that moves the text there.
///
/// It adds, with the struct's access, those the struct does not declare:
/// - `init()`, the declaration the mediator reads (as visible as the conformance needs);
/// - `init(id:tab:onShow:)`, one labelled argument per stored property in declaration order, each
///   defaulted as declared: a literal initial value as written, another one read from the
///   declaration (`Self().tab`), `nil` for an optional without one;
/// - the `MediatorInput` conformance.
///
/// A property's type must convert (`MediatorParameterValue`), or the property be `@Native`; the
/// compiler reports one that does not at the attached attribute. A `let`, a declaration of several
/// names (`var width, height: Int`) and a property whose type the macro cannot tell cannot be a
/// `@Parameter`: the macro reports them, with a fix, and writes nothing until they are fixed; a
/// stored property under `#if` too (the macro cannot tell whether its initializers must set it).
@attached(memberAttribute)
@attached(member, names: named(init))
@attached(extension, conformances: MediatorInput)
public macro MediatorInput() = #externalMacro(module: "MediatorMacrosPlugin", type: "MediatorInputMacro")
