public import Mediator
import MediatorMacros

/// The README's input, declared with the macro: each description written once, as the doc comment.
@MediatorInput
public struct UserQuery: Equatable {
    /// User id
    @Parameter public var id: Int
    /// Tab to open
    @Parameter public var tab = "posts"
}

/// Every kind of parameter, descriptions in attributes and doc comments mixed.
@MediatorInput
struct Everything {
    @Parameter("Required") var count: Int
    /// Defaulted
    @Parameter var flag = true
    @Parameter("Optional") var tag: String?
    /// Optional with a default
    ///
    /// Only the first line is the description.
    @Parameter var level: Level? = .high
    @Parameter("A list") var ids = [1, 2]
    @Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
    @Parameter(native: "A model") var model: Model
    @Parameter(native: "Called to log") var log: @Sendable (String) -> Void = { _ in }

    enum Level: String, MediatorParameterValue { case low, high }
    struct Model: Sendable { let name: String }
}

/// An input that declares its conformances and its schema itself: the macro adds only the initializers.
@MediatorInput
struct Declared: MediatorInput, Decodable {
    @Parameter("Page") var page = 1
    static let schema = MediatorSchema(reflecting: Self.init)
}

/// An input without parameters.
@MediatorInput
public struct Nothing {}
