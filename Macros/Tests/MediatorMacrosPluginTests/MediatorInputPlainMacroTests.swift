import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s expansions on plain stored properties, and `@Native`'s, on source text. (The
/// harness prints an attached attribute before the property's doc comment; the compiler attaches it
/// to the declaration.)
final class MediatorInputPlainMacroTests: XCTestCase {
    /// The macros as the compiler sees them on a struct that does not declare the conformance.
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput"]),
        "Native": MacroSpec(type: NativeMacro.self),
    ]

    func testPublicInputDescribedByDocComments() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            public struct UserQuery {
                /// User id
                public var id: Int
                /// Tab to open
                ///
                /// More about tabs.
                public var tab = "posts"
            }
            """#,
            expandedSource: #"""
                public struct UserQuery {
                    @MediatorCore.Parameter("User id")
                    /// User id
                    public var id: Int
                    @MediatorCore.Parameter("Tab to open")
                    /// Tab to open
                    ///
                    /// More about tabs.
                    public var tab = "posts"

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    public init(id: Int, tab: String = "posts") {
                        self.id = id
                        self.tab = tab
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(id:tab:)`.
                    public init() {
                    }
                }

                extension UserQuery: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testEveryKindOfPlainParameter() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Everything {
                /// Required
                var count: Int
                /// Defaulted
                var flag = true
                /// Optional
                var tag: String?
                /// Spelled out
                var note: Optional<String>
                /// Optional, nil written
                var level: Level? = nil
                /// Optional with a default
                var size: Size? = .large
                /// Defaulted with an implicit member
                var kind: Kind = .plain
                /// Defaulted with a call
                var limit: Int = Limits.standard()
                /// Negative
                var offset = -1
                /// A list
                var ids = [1, 2]
                /// Interpolated
                var greeting: String = "hello \(name)"
                /** Described by a block,
                 *  first line only. */
                var seed: Int
                /// Called when done
                @Native var done: (@Sendable (Int) -> Void)?
                /// Called to log
                @Native var log: @Sendable (String) -> Void
                /// Called to trace, by default nowhere
                @Native var trace: @Sendable (String) -> Void = { _ in }
                /// A model
                @Native public var model: Model
                @Native var undescribedModel: Model
                /// A "quoted" \ description
                var `default` = ""
                var undescribed: Int
                var doubled: Int { count * 2 }
                static var shared = 0
                var observed = 0 { didSet {} }
                func run() {}
            }
            """#,
            expandedSource: #"""
                struct Everything {
                    @MediatorCore.Parameter("Required")
                    /// Required
                    var count: Int
                    @MediatorCore.Parameter("Defaulted")
                    /// Defaulted
                    var flag = true
                    @MediatorCore.Parameter("Optional")
                    /// Optional
                    var tag: String?
                    @MediatorCore.Parameter("Spelled out")
                    /// Spelled out
                    var note: Optional<String>
                    @MediatorCore.Parameter("Optional, nil written")
                    /// Optional, nil written
                    var level: Level? = nil
                    @MediatorCore.Parameter("Optional with a default")
                    /// Optional with a default
                    var size: Size? = .large
                    @MediatorCore.Parameter("Defaulted with an implicit member")
                    /// Defaulted with an implicit member
                    var kind: Kind = .plain
                    @MediatorCore.Parameter("Defaulted with a call")
                    /// Defaulted with a call
                    var limit: Int = Limits.standard()
                    @MediatorCore.Parameter("Negative")
                    /// Negative
                    var offset = -1
                    @MediatorCore.Parameter("A list")
                    /// A list
                    var ids = [1, 2]
                    @MediatorCore.Parameter("Interpolated")
                    /// Interpolated
                    var greeting: String = "hello \(name)"
                    @MediatorCore.Parameter("Described by a block,")
                    /** Described by a block,
                     *  first line only. */
                    var seed: Int
                    /// Called when done
                    @MediatorCore.Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
                    /// Called to log
                    @MediatorCore.Parameter(native: "Called to log") var log: @Sendable (String) -> Void
                    /// Called to trace, by default nowhere
                    @MediatorCore.Parameter(native: "Called to trace, by default nowhere") var trace: @Sendable (String) -> Void = { _ in }
                    /// A model
                    @MediatorCore.Parameter(native: "A model") public var model: Model
                    @MediatorCore.Parameter(native: "") var undescribedModel: Model
                    @MediatorCore.Parameter(#"A "quoted" \ description"#)
                    /// A "quoted" \ description
                    var `default` = ""
                    @MediatorCore.Parameter
                    var undescribed: Int
                    var doubled: Int { count * 2 }
                    static var shared = 0
                    @MediatorCore.Parameter
                    var observed = 0 { didSet {} }
                    func run() {}

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(count: Int, flag: Bool = true, tag: String? = nil, note: Optional<String> = nil, level: Level? = nil, size: Size? = Self().size, kind: Kind = Self().kind, limit: Int = Self().limit, offset: Int = -1, ids: [Int] = [1, 2], greeting: String = Self().greeting, seed: Int, done: (@Sendable (Int) -> Void)? = nil, log: @escaping @Sendable (String) -> Void, trace: @escaping @Sendable (String) -> Void = Self().trace, model: Model, undescribedModel: Model, `default`: String = "", undescribed: Int, observed: Int = 0) {
                        self.count = count
                        self.flag = flag
                        self.tag = tag
                        self.note = note
                        self.level = level
                        self.size = size
                        self.kind = kind
                        self.limit = limit
                        self.offset = offset
                        self.ids = ids
                        self.greeting = greeting
                        self.seed = seed
                        self.done = done
                        self.log = log
                        self.trace = trace
                        self.model = model
                        self.undescribedModel = undescribedModel
                        self.`default` = `default`
                        self.undescribed = undescribed
                        self.observed = observed
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(count:flag:tag:note:level:size:kind:limit:offset:ids:greeting:seed:done:log:trace:model:undescribedModel:default:undescribed:observed:)`.
                    init() {
                    }
                }

                extension Everything: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testPackageInputWithOneParameter() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            package struct ProductID {
                /// Product id
                package var id: Int
            }
            """#,
            expandedSource: #"""
                package struct ProductID {
                    @MediatorCore.Parameter("Product id")
                    /// Product id
                    package var id: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    package init(id: Int) {
                        self.id = id
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(id:)`.
                    package init() {
                    }
                }

                extension ProductID: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testInputWithoutParameters() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            public struct Nothing {
                var computed: Int { 0 }
            }
            """#,
            expandedSource: #"""
                public struct Nothing {
                    var computed: Int { 0 }

                    /// Creates the input, which has no parameters.
                    public init() {
                    }
                }

                extension Nothing: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testWhatTheStructDeclaresIsNotWrittenAgain() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Declared: MediatorInput {
                var page = 1
                var size = 20
                init() {}
                init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
            }
            """#,
            expandedSource: #"""
                struct Declared: MediatorInput {
                    @MediatorCore.Parameter
                    var page = 1
                    @MediatorCore.Parameter
                    var size = 20
                    init() {}
                    init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
                }
                """#,
            macroSpecs: ["MediatorInput": MacroSpec(type: MediatorInputMacro.self)])
    }

    func testOnlyTheInitializersNotDeclaredAreWritten() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            public struct Page {
                var page = 1
                public init(page: Int) { self.page = page }
            }
            """#,
            expandedSource: #"""
                public struct Page {
                    @MediatorCore.Parameter
                    var page = 1
                    public init(page: Int) { self.page = page }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(page:)`.
                    public init() {
                    }
                }

                extension Page: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    // Issue 33: what Swift accepts, the macro accepts.

    func testInputInAPublicExtensionGetsItsAccess() {
        assertMacroExpansion(
            #"""
            public extension Shop {
                @MediatorInput
                struct Query {
                    var id: Int
                }
            }
            """#,
            expandedSource: #"""
                public extension Shop {
                    struct Query {
                        @MediatorCore.Parameter
                        var id: Int

                        /// Creates the input from its parameters; one left out takes the default it is declared with.
                        public init(id: Int) {
                            self.id = id
                        }

                        /// The declaration the mediator reads: each parameter at its default, a required one unset.
                        /// Not an input to pass: make one with `init(id:)`.
                        public init() {
                        }
                    }
                }

                extension Shop.Query: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }
}
