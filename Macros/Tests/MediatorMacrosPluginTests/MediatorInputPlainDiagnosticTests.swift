import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s diagnostics on plain stored properties, `@Native`'s, and their fixes, on source text.
final class MediatorInputPlainDiagnosticTests: XCTestCase {
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput"]),
        "Native": MacroSpec(type: NativeMacro.self),
    ]

    func testConstant() {
        let message = { (name: String) in
            "'\(name)' is a let; @MediatorInput makes each stored property a @Parameter, which needs a var: "
                + "make it a var to take it as a parameter, or static or computed if it is not one"
        }
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Versioned {
                /// Set by the initializer.
                let id: Int
                /// Fixed.
                public let version = 2
                /// Fine.
                var fine: Int
            }
            """#,
            expandedSource: #"""
                struct Versioned {
                    /// Set by the initializer.
                    let id: Int
                    /// Fixed.
                    public let version = 2
                    @MediatorCore.Parameter("Fine.")
                    /// Fine.
                    var fine: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: message("id"), line: 4, column: 5, fixIts: [FixItSpec(message: "Make 'id' a var")]),
                DiagnosticSpec(
                    message: message("version"), line: 6, column: 12, fixIts: [FixItSpec(message: "Make 'version' a var")]),
            ],
            macroSpecs: macros,
            applyFixIts: ["Make 'id' a var", "Make 'version' a var"],
            fixedSource: #"""
                @MediatorInput
                struct Versioned {
                    /// Set by the initializer.
                    var id: Int
                    /// Fixed.
                    public var version = 2
                    /// Fine.
                    var fine: Int
                }
                """#)
    }

    func testDeclaredTogether() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Size {
                /// A side
                public var width, height: Int
                var label = "", unit: String
                var (x, y): (Int, Int)
            }
            """#,
            expandedSource: #"""
                struct Size {
                    /// A side
                    public var width, height: Int
                    var label = "", unit: String
                    var (x, y): (Int, Int)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'width' and 'height' are declared together; @MediatorInput makes each stored property a @Parameter, which takes a declaration of its own: declare one property per line",
                    line: 4, column: 16, fixIts: [FixItSpec(message: "Declare each property on its own line")]),
                DiagnosticSpec(
                    message:
                        "'label' and 'unit' are declared together; @MediatorInput makes each stored property a @Parameter, which takes a declaration of its own: declare one property per line",
                    line: 5, column: 9, fixIts: [FixItSpec(message: "Declare each property on its own line")]),
                DiagnosticSpec(
                    message:
                        "'(x, y)' is declared together; @MediatorInput makes each stored property a @Parameter, which takes a declaration of its own: declare one property per line",
                    line: 6, column: 9),
            ],
            macroSpecs: macros,
            applyFixIts: ["Declare each property on its own line"],
            fixedSource: #"""
                @MediatorInput
                struct Size {
                    /// A side
                    public var width: Int
                    /// A side
                    public var height: Int
                    var label = ""
                    var unit: String
                    var (x, y): (Int, Int)
                }
                """#)
    }

    func testPropertyUnderIf() {
        let message = { (name: String) in
            "@MediatorInput cannot take '\(name)', which is declared under #if and exists in some builds only; declare "
                + "it outside #if (optional, if some builds do not use it), or remove @MediatorInput and write the "
                + "initializers by hand"
        }
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Conditional {
                /// Id
                var id: Int
                #if DEBUG
                /// Debug
                var debug: Int
                #else
                #if os(iOS)
                @Parameter("Release") var release = 1
                #endif
                #endif
                #if os(iOS)
                static var shared = 0
                var computed: Int { 0 }
                func run() {}
                #endif
            }
            """#,
            expandedSource: #"""
                struct Conditional {
                    @MediatorCore.Parameter("Id")
                    /// Id
                    var id: Int
                    #if DEBUG
                    /// Debug
                    var debug: Int
                    #else
                    #if os(iOS)
                    @Parameter("Release") var release = 1
                    #endif
                    #endif
                    #if os(iOS)
                    static var shared = 0
                    var computed: Int { 0 }
                    func run() {}
                    #endif
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: message("debug"), line: 7, column: 9),
                DiagnosticSpec(message: message("release"), line: 10, column: 31),
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
                    @MediatorCore.Parameter
                    var fine = 1
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorInput cannot tell the type of 'made' from its initial value; write the type after the name ('made: Type = …')",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "Add a type annotation to 'made'")])
            ],
            macroSpecs: macros,
            applyFixIts: ["Add a type annotation to 'made'"],
            fixedSource: #"""
                @MediatorInput
                struct Untyped {
                    var made: <#Type#> = make()
                    var fine = 1
                }
                """#)
    }

    func testDeclaredInitializerKeepsTheConformance() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Declared {
                var made = make()
                init() {}
            }
            """#,
            expandedSource: #"""
                struct Declared {
                    var made = make()
                    init() {}
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
                    @MediatorCore.Parameter
                    var fine: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(fine: Int) {
                        self.fine = fine
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(fine:)`.
                    init() {
                    }
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

    /// Reported when the attribute contradicts it; a `native:` one says the same, and is the one
    /// `@MediatorInput` attaches, which the test harness shows `@Native`'s expansion.
    func testNativeOnParameter() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Wrapped {
                @Native @Parameter("A model") var model: Model
                @Native @Parameter(native: "Called when done") var done: (@Sendable () -> Void)?
            }
            """#,
            expandedSource: #"""
                struct Wrapped {
                    @Parameter("A model") var model: Model
                    @Parameter(native: "Called when done") var done: (@Sendable () -> Void)?

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(model: Model, done: (@Sendable () -> Void)? = nil) {
                        self.model = model
                        self.done = done
                    }

                    /// The declaration the mediator reads: each parameter at its default, a required one unset.
                    /// Not an input to pass: make one with `init(model:done:)`.
                    init() {
                    }
                }

                extension Wrapped: MediatorInput {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Native contradicts this @Parameter, which takes converted values; a property written with @Parameter says native in its attribute: @Parameter(native: \"…\")",
                    line: 3, column: 5)
            ],
            macroSpecs: macros)
    }
}
