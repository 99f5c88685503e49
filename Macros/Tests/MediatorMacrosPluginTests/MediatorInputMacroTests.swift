import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s expansions on `@Parameter` properties, on source text (an input without
/// stored properties is a plain one: `MediatorInputPlainMacroTests`).
final class MediatorInputMacroTests: XCTestCase {
    /// The macro as the compiler sees it on a struct that declares neither conformance.
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput", "Decodable"])
    ]
    /// The macro on a struct that declares both conformances: the compiler asks for none.
    private let macrosWithoutConformances = ["MediatorInput": MacroSpec(type: MediatorInputMacro.self)]

    func testPublicInputDescribedByDocComments() {
        assertMacroExpansion(
            """
            @MediatorInput
            public struct UserQuery {
                /// User id
                @Parameter public var id: Int
                /// Tab to open
                ///
                /// More about tabs.
                @Parameter public var tab = "posts"
            }
            """,
            expandedSource: """
                public struct UserQuery {
                    /// User id
                    @Parameter public var id: Int
                    /// Tab to open
                    ///
                    /// More about tabs.
                    @Parameter public var tab = "posts"

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    public init(id: Int, tab: String = "posts") {
                        self.id = id
                        self.tab = tab
                    }

                    /// The declaration the schema reads: each parameter as declared, a required one without a value.
                    private init() {
                    }

                    /// The input's parameters, read from its `@Parameter` declarations.
                    public static let schema = MediatorSchema(reflecting: Self.init, descriptions: ["id": "User id", "tab": "Tab to open"])
                }

                extension UserQuery: MediatorInput, Decodable {
                }
                """,
            macroSpecs: macros)
    }

    func testEveryKindOfParameter() {
        assertMacroExpansion(
            """
            @MediatorInput
            struct Everything {
                @Parameter("Required") var count: Int
                @Parameter("Defaulted") var flag = true
                @Parameter("Optional") var tag: String?
                @Parameter("Spelled out") var note: Optional<String>
                @Parameter("Optional with a default") var level: Level? = .high
                @Parameter("Negative") var offset = -1
                @Parameter("Ratio") var ratio = 0.5
                @Parameter("A list") var ids = [1, 2]
                @Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
                @Parameter(native: "Called to log") var log: @Sendable (String) -> Void
                @Parameter(native: "A model") var model: Model
                @Parameter("A keyword") var `default` = ""
            }
            """,
            expandedSource: """
                struct Everything {
                    @Parameter("Required") var count: Int
                    @Parameter("Defaulted") var flag = true
                    @Parameter("Optional") var tag: String?
                    @Parameter("Spelled out") var note: Optional<String>
                    @Parameter("Optional with a default") var level: Level? = .high
                    @Parameter("Negative") var offset = -1
                    @Parameter("Ratio") var ratio = 0.5
                    @Parameter("A list") var ids = [1, 2]
                    @Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
                    @Parameter(native: "Called to log") var log: @Sendable (String) -> Void
                    @Parameter(native: "A model") var model: Model
                    @Parameter("A keyword") var `default` = ""

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(count: Int, flag: Bool = true, tag: String? = nil, note: Optional<String> = nil, level: Level? = .high, offset: Int = -1, ratio: Double = 0.5, ids: [Int] = [1, 2], done: (@Sendable (Int) -> Void)? = nil, log: @escaping @Sendable (String) -> Void, model: Model, `default`: String = "") {
                        self.count = count
                        self.flag = flag
                        self.tag = tag
                        self.note = note
                        self.level = level
                        self.offset = offset
                        self.ratio = ratio
                        self.ids = ids
                        self.done = done
                        self.log = log
                        self.model = model
                        self.`default` = `default`
                    }

                    /// The declaration the schema reads: each parameter as declared, a required one without a value.
                    private init() {
                    }

                    /// The input's parameters, read from its `@Parameter` declarations.
                    static let schema = MediatorSchema(reflecting: Self.init)
                }

                extension Everything: MediatorInput, Decodable {
                }
                """,
            macroSpecs: macros)
    }

    func testDescriptionsFromDocComments() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            package struct Described {
                /** The "first" one
                 *  and more. */
                @Parameter var first: Int
                /// Not this one

                /// This one, since a blank line ends a doc comment
                @Parameter("") var second: Int
                /// Not this one
                // a plain comment ends it too
                @Parameter var third: Int
                /// Not this one: the attribute has a description
                @Parameter("Written") var fourth: Int
                /// Nor this one: a description that is not a literal counts as one
                @Parameter(Self.summary) var fifth: Int
                /// A native one
                @Parameter(native: "") var sixth: Int
                /// A path with a \ and a "quote"
                @Parameter var `seventh`: Int
            }
            """#,
            expandedSource: #"""
                package struct Described {
                    /** The "first" one
                     *  and more. */
                    @Parameter var first: Int
                    /// Not this one

                    /// This one, since a blank line ends a doc comment
                    @Parameter("") var second: Int
                    /// Not this one
                    // a plain comment ends it too
                    @Parameter var third: Int
                    /// Not this one: the attribute has a description
                    @Parameter("Written") var fourth: Int
                    /// Nor this one: a description that is not a literal counts as one
                    @Parameter(Self.summary) var fifth: Int
                    /// A native one
                    @Parameter(native: "") var sixth: Int
                    /// A path with a \ and a "quote"
                    @Parameter var `seventh`: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    package init(first: Int, second: Int, third: Int, fourth: Int, fifth: Int, sixth: Int, `seventh`: Int) {
                        self.first = first
                        self.second = second
                        self.third = third
                        self.fourth = fourth
                        self.fifth = fifth
                        self.sixth = sixth
                        self.`seventh` = `seventh`
                    }

                    /// The declaration the schema reads: each parameter as declared, a required one without a value.
                    private init() {
                    }

                    /// The input's parameters, read from its `@Parameter` declarations.
                    package static let schema = MediatorSchema(reflecting: Self.init, descriptions: ["first": #"The "first" one"#, "second": "This one, since a blank line ends a doc comment", "sixth": "A native one", "seventh": #"A path with a \ and a "quote""#])
                }

                extension Described: MediatorInput, Decodable {
                }
                """#,
            macroSpecs: macros)
    }

    func testWhatTheStructDeclaresIsNotWrittenAgain() {
        assertMacroExpansion(
            """
            @MediatorInput
            struct Declared: MediatorInput, Decodable {
                @Parameter("Page") var page = 1
                @Parameter("Size") var size = 20
                var pages: Int { page * size }
                static var shared = 0
                static let schema = MediatorSchema(reflecting: Self.init)
                init() {}
                init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
            }
            """,
            expandedSource: """
                struct Declared: MediatorInput, Decodable {
                    @Parameter("Page") var page = 1
                    @Parameter("Size") var size = 20
                    var pages: Int { page * size }
                    static var shared = 0
                    static let schema = MediatorSchema(reflecting: Self.init)
                    init() {}
                    init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
                }
                """,
            macroSpecs: macrosWithoutConformances)
    }
}
