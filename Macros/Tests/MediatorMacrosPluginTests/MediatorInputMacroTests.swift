import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s expansions on properties written with `@Parameter`, alone and mixed with plain
/// ones, on source text (an input without stored properties: `MediatorInputPlainMacroTests`).
final class MediatorInputMacroTests: XCTestCase {
    /// The macro as the compiler sees it on a struct that does not declare the conformance.
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput"])
    ]

    func testPublicInputWrittenWithParameter() {
        assertMacroExpansion(
            """
            @MediatorInput
            public struct UserQuery {
                @Parameter("User id") public var id: Int
                @Parameter("Tab to open") public var tab = "posts"
            }
            """,
            expandedSource: """
                public struct UserQuery {
                    @Parameter("User id") public var id: Int
                    @Parameter("Tab to open") public var tab = "posts"

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
                @MediatorCore.Parameter("A keyword") var `default` = ""
                @Parameter(Self.summary) var described: Int
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
                    @MediatorCore.Parameter("A keyword") var `default` = ""
                    @Parameter(Self.summary) var described: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(count: Int, flag: Bool = true, tag: String? = nil, note: Optional<String> = nil, level: Level? = Self().level, offset: Int = -1, ratio: Double = 0.5, ids: [Int] = [1, 2], done: (@Sendable (Int) -> Void)? = nil, log: @escaping @Sendable (String) -> Void, model: Model, `default`: String = "", described: Int) {
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
                        self.described = described
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(count:flag:tag:note:level:offset:ratio:ids:done:log:model:default:described:)`.
                    init() {
                    }
                }

                extension Everything: MediatorInput {
                }
                """,
            macroSpecs: macros)
    }

    func testParameterAndPlainPropertiesMixed() {
        assertMacroExpansion(
            """
            @MediatorInput
            struct Mixed {
                @Parameter("Written") var written: Int
                /// Plain
                var plain = "p"
                var observed = 1 { didSet {} }
            }
            """,
            expandedSource: """
                struct Mixed {
                    @Parameter("Written") var written: Int
                    @MediatorCore.Parameter("Plain")
                    /// Plain
                    var plain = "p"
                    @MediatorCore.Parameter
                    var observed = 1 { didSet {} }

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(written: Int, plain: String = "p", observed: Int = 1) {
                        self.written = written
                        self.plain = plain
                        self.observed = observed
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(written:plain:observed:)`.
                    init() {
                    }
                }

                extension Mixed: MediatorInput {
                }
                """,
            macroSpecs: macros)
    }
}
