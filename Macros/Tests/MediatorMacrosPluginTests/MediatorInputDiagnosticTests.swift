import SwiftDiagnostics
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s diagnostics on what it is attached to and on properties written with
/// `@Parameter`, and their fixes, on source text.
final class MediatorInputDiagnosticTests: XCTestCase {
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput"])
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
            final class Query {
                var id = 1
            }
            """,
            expandedSource: """
                final class Query {
                    var id = 1
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput applies to a struct, not to this class: an action's input is a value type whose stored properties are its parameters",
                    line: 1, column: 1)
            ],
            macroSpecs: macros)
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

    func testDocCommentOfParameterWithoutDescription() {
        let message = { (name: String, literal: String) in
            "'\(name)' is a @Parameter without a description, and its doc comment does not give it one "
                + "(the mediator reads the attribute); write it in the attribute: @Parameter(\(literal))"
        }
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Described {
                /** The "first" one
                 *  and more. */
                @Parameter var first: Int
                /// Not this one

                /// The second, since a blank line ends a doc comment
                @Parameter("") var second: Int
                /// The third
                @Parameter() public var third = 3
                /// The fourth
                @MediatorCore.Parameter(native: "") var fourth: Model
                /// The fifth
                @Parameter(wrappedValue: 5) var fifth: Int
                /// Not this one
                // a plain comment ends it
                @Parameter var sixth: Int
                /// Not this one: the attribute has a description
                @Parameter("Written") var seventh: Int
                /// Nor this one: a description that is not a literal counts as one
                @Parameter(Self.summary) var eighth: Int
                @Parameter var undocumented: Int
            }
            """#,
            expandedSource: #"""
                struct Described {
                    /** The "first" one
                     *  and more. */
                    @Parameter var first: Int
                    /// Not this one

                    /// The second, since a blank line ends a doc comment
                    @Parameter("") var second: Int
                    /// The third
                    @Parameter() public var third = 3
                    /// The fourth
                    @MediatorCore.Parameter(native: "") var fourth: Model
                    /// The fifth
                    @Parameter(wrappedValue: 5) var fifth: Int
                    /// Not this one
                    // a plain comment ends it
                    @Parameter var sixth: Int
                    /// Not this one: the attribute has a description
                    @Parameter("Written") var seventh: Int
                    /// Nor this one: a description that is not a literal counts as one
                    @Parameter(Self.summary) var eighth: Int
                    @Parameter var undocumented: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(first: Int, second: Int, third: Int = 3, fourth: Model, fifth: Int, sixth: Int, seventh: Int, eighth: Int, undocumented: Int) {
                        self.first = first
                        self.second = second
                        self.third = third
                        self.fourth = fourth
                        self.fifth = fifth
                        self.sixth = sixth
                        self.seventh = seventh
                        self.eighth = eighth
                        self.undocumented = undocumented
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(first:second:third:fourth:fifth:sixth:seventh:eighth:undocumented:)`.
                    init() {
                    }
                }

                extension Described: MediatorInput {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: message("first", ##"#"The "first" one"#"##), line: 5, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Describe 'first' in its @Parameter")]),
                DiagnosticSpec(
                    message: message("second", #""The second, since a blank line ends a doc comment""#), line: 9, column: 5,
                    severity: .warning, fixIts: [FixItSpec(message: "Describe 'second' in its @Parameter")]),
                DiagnosticSpec(
                    message: message("third", #""The third""#), line: 11, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Describe 'third' in its @Parameter")]),
                DiagnosticSpec(
                    message: message("fourth", #""The fourth""#), line: 13, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Describe 'fourth' in its @Parameter")]),
                DiagnosticSpec(
                    message: message("fifth", #""The fifth""#), line: 15, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Describe 'fifth' in its @Parameter")]),
            ],
            macroSpecs: macros,
            applyFixIts: [
                "Describe 'first' in its @Parameter", "Describe 'second' in its @Parameter", "Describe 'third' in its @Parameter",
                "Describe 'fourth' in its @Parameter", "Describe 'fifth' in its @Parameter",
            ],
            fixedSource: #"""
                @MediatorInput
                struct Described {
                    /** The "first" one
                     *  and more. */
                    @Parameter(#"The "first" one"#) var first: Int
                    /// Not this one

                    /// The second, since a blank line ends a doc comment
                    @Parameter("The second, since a blank line ends a doc comment") var second: Int
                    /// The third
                    @Parameter("The third") public var third = 3
                    /// The fourth
                    @MediatorCore.Parameter(native: "The fourth") var fourth: Model
                    /// The fifth
                    @Parameter(wrappedValue: 5, "The fifth") var fifth: Int
                    /// Not this one
                    // a plain comment ends it
                    @Parameter var sixth: Int
                    /// Not this one: the attribute has a description
                    @Parameter("Written") var seventh: Int
                    /// Nor this one: a description that is not a literal counts as one
                    @Parameter(Self.summary) var eighth: Int
                    @Parameter var undocumented: Int
                }
                """#)
    }
}
