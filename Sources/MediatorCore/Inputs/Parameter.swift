/// Declares one parameter of an action's input where it is stored: its name is the property's name,
/// its type the property's type, its default the property's initial value, and its description
/// the attribute's text.
///
/// ```swift
/// public struct UserQuery: MediatorInput {
///     @Parameter("User id") public var id: Int                                  // required
///     @Parameter("Tab to open") public var tab = "posts"                        // default "posts"
///     @Parameter("Only this category") public var category: ProductCategory?   // nil when absent
///     @Parameter(native: "Called when done") public var completion: Completion? // closures: native callers only
///     public init() {}
///     public init(id: Int, tab: String = UserQuery().tab, category: ProductCategory? = nil, completion: Completion? = nil) {
///         (self.id, self.tab, self.category, self.completion) = (id, tab, category, completion)
///     }
/// }
/// ```
///
/// Each fact is written once, so a URL's value cannot land in another field, and a call by name
/// cannot get another default than a typed caller: the schema is read from these declarations
/// (see ``MediatorInput``). A default is evaluated once, when the schema is read, and calls
/// by name and URLs get that value, while a typed initializer evaluates its default each time: make
/// defaults constants (`"posts"`, `1`, `[]`), not `Date()` or `UUID()`, or the doors disagree. The typed initializer is written by hand because Swift gives a
/// public struct no public memberwise initializer (and the one it gives inside the module takes a
/// required `@Parameter` as its wrapper, not its value); its defaults can read the declaration's,
/// as `UserQuery().tab` does, so they are not written twice. It must set every required parameter:
/// a call given an input that leaves one unset fails with ``MediatorError/Code/missingParameter``
/// naming it, before the handler runs, through every typed door (sync, awaited, main actor, held,
/// an event's payload); a handler never reads an unset one.
///
/// Types that convert (``MediatorParameterValue``: `Int`, `String`, enums, arrays…) accept strings
/// from URLs and values by name; `native:` parameters take values of exactly their type, which a URL
/// can never supply.
///
/// In a file that also imports another module with its own `@Parameter` (App Intents has one),
/// qualify it with the core module's name: `@MediatorCore.Parameter("Product id") var id: Int`.
@propertyWrapper
public struct Parameter<Value: Sendable>: Sendable {
    /// Whether a required parameter holds no value, with the declaration's description and
    /// conversion, in one word (``ParameterHeader``). First, so it sits at the wrapper's own offset in
    /// the input: a typed call finds an unset required parameter by testing one word at each offset
    /// the schema found, not by reflecting (`UnsetParameters`). The declaration's facts are kept as a
    /// word, not as a `StaticString` and a flag, so an `Int` parameter is 24 bytes instead of 56 and
    /// every copy of an input (a call by name or URL writes into one, a back stack keeps one per
    /// screen) moves less than half.
    @usableFromInline var header: ParameterHeader
    /// The value; `nil` only in the declaration the schema reads, for a parameter without a default.
    @usableFromInline var storage: Value?

    /// Creates a parameter; an optional one with no value holds `nil` (Swift picks the required
    /// `init(native:)` for `@Parameter(native:) var x: T?`, so the initializer alone cannot say).
    @usableFromInline
    init(storage: Value?, summary: StaticString, conversion: ParameterConversion) {
        self.init(exactly: storage ?? ((Value.self as? any OptionalParameterType.Type)?.nothing as? Value), summary, conversion)
    }

    /// Creates a parameter holding exactly `storage`: for the initializers whose `Value` is known not
    /// to be an optional left empty, so making an input (every typed call does) casts nothing.
    @inlinable
    init(exactly storage: Value?, _ summary: StaticString, _ conversion: ParameterConversion) {
        self.header = ParameterHeader(summary, conversion, unset: storage == nil)
        self.storage = storage
    }

    /// The one-line description, for the catalog and errors.
    var summary: String { header.summary }

    /// Whether URL strings and values by name convert to the type, or only native values of it are taken.
    var conversion: ParameterConversion { header.conversion }

    /// The parameter's value.
    @inlinable
    public var wrappedValue: Value {
        get {
            // Only a required parameter nobody set has no value: the declaration the schema reads
            // (never read by the library), or an input whose typed initializer left it out. Calls by
            // name and URLs decode every required one; an optional one always holds at least `nil`.
            guard let storage else {
                preconditionFailure(
                    "A required @Parameter (\(Value.self), \"\(header.summary)\") was read but never set: "
                        + "its input's typed initializer must set every required @Parameter "
                        + "(a call through the mediator refuses such an input with missingParameter, naming the field).")
            }
            return storage
        }
        set {
            storage = newValue
            header.markSet()
        }
    }

    /// A parameter with a default: the property's initial value, used when a call leaves it out.
    /// - Parameters:
    ///   - wrappedValue: The default; a constant, as the schema reads it once for every call by name and URL.
    ///   - summary: A one-line description.
    @inlinable
    public init(wrappedValue: Value, _ summary: StaticString = "") where Value: MediatorParameterValue {
        self.init(exactly: wrappedValue, summary, .converting)
    }

    /// A parameter every call must supply.
    /// - Parameter summary: A one-line description.
    @inlinable
    public init(_ summary: StaticString = "") where Value: MediatorParameterValue {
        // `Optional` is not a `MediatorParameterValue` (optionals take the initializer below), so
        // nothing is left to find out at run time.
        self.init(exactly: nil, summary, .converting)
    }

    /// An optional parameter: `nil` when a call leaves it out.
    /// - Parameter summary: A one-line description.
    @inlinable
    public init<Wrapped: MediatorParameterValue>(_ summary: StaticString = "") where Value == Wrapped? {
        self.init(exactly: .some(nil), summary, .converting)
    }

    /// An optional parameter with an explicit initial value (usually `nil`) used when a call leaves it out.
    /// - Parameters:
    ///   - wrappedValue: The value when a call leaves the parameter out.
    ///   - summary: A one-line description.
    @inlinable
    public init<Wrapped: MediatorParameterValue>(wrappedValue: Value, _ summary: StaticString = "") where Value == Wrapped? {
        self.init(exactly: wrappedValue, summary, .converting)
    }

    /// A native-only parameter (a closure, a model object) every call must supply; a URL never can.
    /// - Parameter summary: A one-line description.
    @inlinable
    public init(native summary: StaticString) {
        self.init(storage: nil, summary: summary, conversion: .native)
    }

    /// A native-only parameter (a closure, a model object) calls may leave out; a URL never can set it.
    /// - Parameter summary: A one-line description.
    @inlinable
    public init<Wrapped: Sendable>(native summary: StaticString) where Value == Wrapped? {
        self.init(exactly: .some(nil), summary, .native)
    }

    /// A native-only parameter with a default, used when a call leaves it out; a URL never can set it.
    /// - Parameters:
    ///   - wrappedValue: The default.
    ///   - summary: A one-line description.
    @inlinable
    public init(wrappedValue: Value, native summary: StaticString) {
        self.init(exactly: wrappedValue, summary, .native)
    }
}

extension Parameter: Equatable where Value: Equatable {
    /// Parameters are equal when their values are; the description is not compared.
    /// - Parameters:
    ///   - lhs: A parameter.
    ///   - rhs: Another parameter.
    /// - Returns: Whether the values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension Parameter: Hashable where Value: Hashable {
    /// Hashes the value; the description is not hashed.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
