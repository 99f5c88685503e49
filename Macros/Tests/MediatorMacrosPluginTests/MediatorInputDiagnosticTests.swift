import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s diagnostics and their fixes, on source text.
final class MediatorInputDiagnosticTests: XCTestCase {
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput", "Decodable"])
    ]

    func testNotAStruct() {
        assertMacroExpansion(
            """
            @MediatorInput
            enum Query {
                case all
            }
            """,
            expandedSource: """
                enum Query {
                    case all
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput applies to a struct, not to this enum: an action's input is a value type whose stored properties are its parameters",
                    line: 1, column: 1)
            ],
            macroSpecs: macros)
        assertMacroExpansion(
            """
            @MediatorInput
            final class Query {}
            """,
            expandedSource: """
                final class Query {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput applies to a struct, not to this class: an action's input is a value type whose stored properties are its parameters",
                    line: 1, column: 1)
            ],
            macroSpecs: macros)
    }

    func testParametersDeclaredBothWays() {
        let source = """
            @MediatorInput
            struct Mixed {
                @Parameter("Fine") var fine: Int
                /// Not a parameter.
                public var stray = 0
                var computed: Int { fine }
                var observed = 1 { didSet {} }
                let constant = 2
            }
            """
        let message =
            "stored property '%@' is not a @Parameter, but others of this @MediatorInput struct are; "
            + "declare every parameter with @Parameter, or none"
        assertMacroExpansion(
            source,
            expandedSource: """
                struct Mixed {
                    @Parameter("Fine") var fine: Int
                    /// Not a parameter.
                    public var stray = 0
                    var computed: Int { fine }
                    var observed = 1 { didSet {} }
                    let constant = 2

                    /// The input's parameters, read from its `@Parameter` declarations.
                    static let schema = MediatorSchema(reflecting: Self.init)
                }

                extension Mixed: MediatorInput, Decodable {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: message.replacingOccurrences(of: "%@", with: "stray"), line: 5, column: 5,
                    fixIts: [FixItSpec(message: "Declare 'stray' with @Parameter")]),
                DiagnosticSpec(
                    message: message.replacingOccurrences(of: "%@", with: "observed"), line: 7, column: 5,
                    fixIts: [FixItSpec(message: "Declare 'observed' with @Parameter")]),
                DiagnosticSpec(
                    message: message.replacingOccurrences(of: "%@", with: "constant"), line: 8, column: 5,
                    fixIts: [FixItSpec(message: "Declare 'constant' with @Parameter")]),
            ],
            macroSpecs: macros,
            applyFixIts: [
                "Declare 'stray' with @Parameter", "Declare 'observed' with @Parameter", "Declare 'constant' with @Parameter",
            ],
            fixedSource: """
                @MediatorInput
                struct Mixed {
                    @Parameter("Fine") var fine: Int
                    /// Not a parameter.
                    @Parameter public var stray = 0
                    var computed: Int { fine }
                    @Parameter var observed = 1 { didSet {} }
                    @Parameter var constant = 2
                }
                """)
    }

    func testParameterWithoutType() {
        assertMacroExpansion(
            """
            @MediatorInput
            struct Untyped {
                @Parameter("Made") var made = make()
                @Parameter("Empty") var empty = []
                @Parameter("Fine") var fine = 1
            }
            """,
            expandedSource: """
                struct Untyped {
                    @Parameter("Made") var made = make()
                    @Parameter("Empty") var empty = []
                    @Parameter("Fine") var fine = 1

                    /// The input's parameters, read from its `@Parameter` declarations.
                    static let schema = MediatorSchema(reflecting: Self.init)
                }

                extension Untyped: MediatorInput, Decodable {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput cannot tell the type of 'made' from its initial value; write the type after the name ('made: Type = …')",
                    line: 3, column: 28, fixIts: [FixItSpec(message: "Add a type annotation to 'made'")]),
                DiagnosticSpec(
                    message:
                        "@MediatorInput cannot tell the type of 'empty' from its initial value; write the type after the name ('empty: Type = …')",
                    line: 4, column: 29, fixIts: [FixItSpec(message: "Add a type annotation to 'empty'")]),
            ],
            macroSpecs: macros,
            applyFixIts: ["Add a type annotation to 'made'", "Add a type annotation to 'empty'"],
            fixedSource: """
                @MediatorInput
                struct Untyped {
                    @Parameter("Made") var made: <#Type#> = make()
                    @Parameter("Empty") var empty: <#Type#> = []
                    @Parameter("Fine") var fine = 1
                }
                """)
    }
}
