public import Mediator
import MediatorMacros

/// The README's input in the recommended form: plain stored properties, each description its doc
/// comment, and an explicit schema written by the macro.
@MediatorInput
public struct PlainUserQuery: Equatable {
    /// User id
    public var id: Int
    /// Tab to open
    public var tab = "posts"
}

/// `PlainUserQuery` written without the macro: what the macro's input must weigh.
struct PlainUserQueryByHand {
    var id: Int
    var tab: String
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
    /// A list
    var ids = [1, 2]
    /// Set once, by the initializer
    let seed: Int
    /// Called when done
    @Native var done: (@Sendable (Int) -> Void)?
    /// A model
    @Native var model: Model
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

/// A plain input with one parameter, whose field the macro spells out in full.
@MediatorInput
struct PlainProductID: Hashable {
    /// Product id
    let id: Int
}
