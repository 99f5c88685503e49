import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s diagnostics on plain stored properties, `@Native`'s, and their fixes, on source text.
final class MediatorInputPlainDiagnosticTests: XCTestCase {
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput", "Decodable"]),
        "Native": MacroSpec(type: NativeMacro.self),
    ]

    func testOptionalWithDefault() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Levels {
                var level: Level? = .high
                var count: Optional<Int> = 3
                var fine: Int? = nil
            }
            """#,
            expandedSource: #"""
                struct Levels {
                    var level: Level? = .high
                    var count: Optional<Int> = 3
                    var fine: Int? = nil
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "optional 'level' has a default other than nil, which the input's schema cannot declare; make it non-optional with that default ('level: Level = …')",
                    line: 3, column: 16, fixIts: [FixItSpec(message: "Make 'level' non-optional")]),
                DiagnosticSpec(
                    message:
                        "optional 'count' has a default other than nil, which the input's schema cannot declare; make it non-optional with that default ('count: Int = …')",
                    line: 4, column: 16, fixIts: [FixItSpec(message: "Make 'count' non-optional")]),
            ],
            macroSpecs: macros,
            applyFixIts: ["Make 'level' non-optional", "Make 'count' non-optional"],
            fixedSource: #"""
                @MediatorInput
                struct Levels {
                    var level: Level = .high
                    var count: Int = 3
                    var fine: Int? = nil
                }
                """#)
    }

    func testConstantWithInitialValue() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Versioned {
                /// Set by the initializer: a parameter.
                let id: Int
                /// Fixed: not one.
                public let version = 2
            }
            """#,
            expandedSource: #"""
                struct Versioned {
                    /// Set by the initializer: a parameter.
                    let id: Int
                    /// Fixed: not one.
                    public let version = 2
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'version' is a let with an initial value, which the input's initializer cannot set; make it a var to take it as a parameter, or static or computed if it is not one",
                    line: 6, column: 12, fixIts: [FixItSpec(message: "Make 'version' a var")])
            ],
            macroSpecs: macros,
            applyFixIts: ["Make 'version' a var"],
            fixedSource: #"""
                @MediatorInput
                struct Versioned {
                    /// Set by the initializer: a parameter.
                    let id: Int
                    /// Fixed: not one.
                    public var version = 2
                }
                """#)
    }

    func testNativeWithDefault() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Logged {
                @Native var log: @Sendable (String) -> Void = { _ in }
                @Native var done: (@Sendable () -> Void)? = {}
                @Native var fine: (@Sendable () -> Void)? = nil
            }
            """#,
            expandedSource: #"""
                struct Logged {
                    var log: @Sendable (String) -> Void = { _ in }
                    var done: (@Sendable () -> Void)? = {}
                    var fine: (@Sendable () -> Void)? = nil
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Native 'log' has an initial value, which the input's schema cannot declare for a native parameter; make it optional (nil when a call leaves it out) or remove the initial value",
                    line: 3, column: 49),
                DiagnosticSpec(
                    message:
                        "@Native 'done' has an initial value, which the input's schema cannot declare for a native parameter; make it optional (nil when a call leaves it out) or remove the initial value",
                    line: 4, column: 47),
            ],
            macroSpecs: macros)
    }

    func testPlainPropertyWithoutType() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Untyped {
                var made = make()
                var fine = 1
            }
            """#,
            expandedSource: #"""
                struct Untyped {
                    var made = make()
                    var fine = 1
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput cannot tell the type of 'made' from its initial value; write the type after the name ('made: Type = …')",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "Add a type annotation to 'made'")])
            ],
            macroSpecs: macros)
    }

    func testDeclaredSchemaKeepsTheConformance() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Declared {
                var made = make()
                static let schema = MediatorSchema(Self.init(made:), .required("made", \.made))
            }
            """#,
            expandedSource: #"""
                struct Declared {
                    var made = make()
                    static let schema = MediatorSchema(Self.init(made:), .required("made", \.made))
                }

                extension Declared: MediatorInput {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput cannot tell the type of 'made' from its initial value; write the type after the name ('made: Type = …')",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "Add a type annotation to 'made'")])
            ],
            macroSpecs: macros)
    }

    func testNativeOutsideAnInput() {
        assertMacroExpansion(
            #"""
            struct NotAnInput {
                @Native var model: Model
            }
            """#,
            expandedSource: #"""
                struct NotAnInput {
                    var model: Model
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Native marks a stored property of a @MediatorInput struct as a parameter only native callers can set",
                    line: 2, column: 5)
            ],
            macroSpecs: macros)
    }

    func testNativeOnWhatIsNotAParameter() {
        let misplaced = "@Native marks a stored property of a @MediatorInput struct as a parameter only native callers can set"
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Input {
                @Native static var shared: Model? = nil
                @Native var computed: Int { 0 }
                @Native func run() {}
                var fine: Int
            }
            """#,
            expandedSource: #"""
                struct Input {
                    static var shared: Model? = nil
                    var computed: Int { 0 }
                    func run() {}
                    var fine: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(fine: Int) {
                        self.fine = fine
                    }

                    /// The input's parameters: one field per stored property, in declaration order.
                    static let schema = MediatorSchema(
                        Self.init(fine:),
                        MediatorField.required("fine", \.fine, ""))
                }

                extension Input: MediatorInput {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: misplaced, line: 3, column: 5),
                DiagnosticSpec(message: misplaced, line: 4, column: 5),
                DiagnosticSpec(message: misplaced, line: 5, column: 5),
            ],
            macroSpecs: macros)
    }

    func testNativeOnParameter() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Wrapped {
                @Native @Parameter("A model") var model: Model
            }
            """#,
            expandedSource: #"""
                struct Wrapped {
                    @Parameter("A model") var model: Model

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(model: Model) {
                        self.model = model
                    }

                    /// The declaration the schema reads: each parameter as declared, a required one without a value.
                    private init() {
                    }

                    /// The input's parameters, read from its `@Parameter` declarations.
                    static let schema = MediatorSchema(reflecting: Self.init)
                }

                extension Wrapped: MediatorInput, Decodable {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Native is for inputs declared without @Parameter; for a @Parameter, write @Parameter(native: \"…\")",
                    line: 3, column: 5)
            ],
            macroSpecs: macros)
    }
}
