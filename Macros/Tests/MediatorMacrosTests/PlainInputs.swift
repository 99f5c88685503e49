public import Mediator
import MediatorMacros

/// The README's input in the recommended form: plain stored properties, each description its doc
/// comment; the macro makes each a `@Parameter`.
@MediatorInput
public struct PlainUserQuery: Equatable {
    /// User id
    public var id: Int
    /// Tab to open
    public var tab = "posts"
}

/// `PlainUserQuery` written by hand, the root's way: what the macro's input must be.
struct PlainUserQueryByHand: MediatorInput {
    @Parameter("User id") var id: Int
    @Parameter("Tab to open") var tab = "posts"
    init() {}
}

/// Every kind of plain parameter.
@MediatorInput
struct PlainEverything {
    /// Required
    var count: Int
    /// Defaulted
    ///
    /// Only the first line is the description.
    var flag = true
    /// Optional
    var tag: String?
    /// Spelled out, nil written
    var note: Optional<String> = nil
    /// A level, defaulted with an implicit member
    var level: Level = .high
    /// An optional with a default
    var page: Int? = 1
    /// A list
    var ids = [1, 2]
    /// Set by the initializer
    var seed: Int
    /// Called when done
    @Native var done: (@Sendable (Int) -> Void)?
    /// A model
    @Native var model: Model
    /// Called to log, by default nowhere
    @Native var log: @Sendable (String) -> Void = { _ in }
    var `default` = ""
    /// Not a parameter: computed.
    var doubled: Int { count * 2 }
    /// Not a parameter: static.
    static let shared = 0

    enum Level: String, MediatorParameterValue { case low, high }
    struct Model: Sendable { let name: String }
}

/// A plain input without parameters.
@MediatorInput
public struct PlainNothing {}

/// A plain input with one parameter.
@MediatorInput
struct PlainProductID: Hashable {
    /// Product id
    var id: Int
}
