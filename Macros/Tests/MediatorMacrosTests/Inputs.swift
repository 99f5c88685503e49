public import Mediator
import MediatorMacros

/// The README's input, its parameters written with `@Parameter`: the macro writes the initializers
/// and the conformance.
@MediatorInput
public struct UserQuery: Equatable {
    /// The user (a doc comment beside a description in the attribute: no warning).
    @Parameter("User id") public var id: Int
    /// The tab.
    @Parameter("Tab to open") public var tab = "posts"
}

/// Every kind of parameter, written with `@Parameter` and plain, mixed.
@MediatorInput
struct Everything {
    @Parameter("Required") var count: Int
    /// Defaulted
    var flag = true
    @Parameter("Optional") var tag: String?
    @Parameter("Optional with a default") var level: Level? = .high
    /// A list
    ///
    /// Only the first line is the description.
    var ids = [1, 2]
    @Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
    /// A model
    @Native var model: Model
    @Parameter(native: "Called to log") var log: @Sendable (String) -> Void = { _ in }

    enum Level: String, MediatorParameterValue { case low, high }
    struct Model: Sendable { let name: String }
}

/// An input that declares its conformance and `init()` itself: the macro adds only the memberwise initializer.
@MediatorInput
struct Declared: MediatorInput {
    @Parameter("Page") var page = 1
    init() {}
}

/// An input without parameters.
@MediatorInput
public struct Nothing {}
