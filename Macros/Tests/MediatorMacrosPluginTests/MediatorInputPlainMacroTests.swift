import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorInput`'s expansions on plain stored properties, and `@Native`'s, on source text.
final class MediatorInputPlainMacroTests: XCTestCase {
    /// The macros as the compiler sees them on a struct that declares neither conformance.
    private let macros = [
        "MediatorInput": MacroSpec(type: MediatorInputMacro.self, conformances: ["MediatorInput", "Decodable"]),
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
                    /// User id
                    public var id: Int
                    /// Tab to open
                    ///
                    /// More about tabs.
                    public var tab = "posts"

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    public init(id: Int, tab: String = "posts") {
                        self.id = id
                        self.tab = tab
                    }

                    /// The input's parameters: one field per stored property, in declaration order.
                    public static let schema = MediatorSchema(
                        Self.init(id:tab:),
                        .required("id", \.id, "User id"),
                        .optional("tab", \.tab, default: "posts", "Tab to open"))
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
                /// Defaulted with an implicit member
                var kind: Kind = .plain
                /// Negative
                var offset = -1
                /// A list
                var ids = [1, 2]
                /** Set by the initializer,
                 *  never changed. */
                let seed: Int
                /// Called when done
                @Native var done: (@Sendable (Int) -> Void)?
                /// Called to log
                @Native var log: @Sendable (String) -> Void
                /// A model
                @Native public var model: Model
                /// A "quoted" \ description
                var `default` = ""
                var undescribed: Int
                var doubled: Int { count * 2 }
                static var shared = 0
                var observed = 0 { didSet {} }
            }
            """#,
            expandedSource: #"""
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
                    /// Defaulted with an implicit member
                    var kind: Kind = .plain
                    /// Negative
                    var offset = -1
                    /// A list
                    var ids = [1, 2]
                    /** Set by the initializer,
                     *  never changed. */
                    let seed: Int
                    /// Called when done
                    var done: (@Sendable (Int) -> Void)?
                    /// Called to log
                    var log: @Sendable (String) -> Void
                    /// A model
                    public var model: Model
                    /// A "quoted" \ description
                    var `default` = ""
                    var undescribed: Int
                    var doubled: Int { count * 2 }
                    static var shared = 0
                    var observed = 0 { didSet {} }

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(count: Int, flag: Bool = true, tag: String? = nil, note: Optional<String> = nil, level: Level? = nil, kind: Kind = .plain, offset: Int = -1, ids: [Int] = [1, 2], seed: Int, done: (@Sendable (Int) -> Void)? = nil, log: @escaping @Sendable (String) -> Void, model: Model, `default`: String = "", undescribed: Int, observed: Int = 0) {
                        self.count = count
                        self.flag = flag
                        self.tag = tag
                        self.note = note
                        self.level = level
                        self.kind = kind
                        self.offset = offset
                        self.ids = ids
                        self.seed = seed
                        self.done = done
                        self.log = log
                        self.model = model
                        self.`default` = `default`
                        self.undescribed = undescribed
                        self.observed = observed
                    }

                    /// The input's parameters: one field per stored property, in declaration order.
                    static let schema = MediatorSchema(
                        Self.init(count:flag:tag:note:level:kind:offset:ids:seed:done:log:model:default:undescribed:observed:),
                        .required("count", \.count, "Required"),
                        .optional("flag", \.flag, default: true, "Defaulted"),
                        .optional("tag", \.tag, "Optional"),
                        .optional("note", \.note, "Spelled out"),
                        .optional("level", \.level, "Optional, nil written"),
                        .optional("kind", \.kind, default: .plain, "Defaulted with an implicit member"),
                        .optional("offset", \.offset, default: -1, "Negative"),
                        .optional("ids", \.ids, default: [1, 2], "A list"),
                        .required("seed", \.seed, "Set by the initializer,"),
                        .optional("done", native: \.done, "Called when done"),
                        .required("log", native: \.log, "Called to log"),
                        .required("model", native: \.model, "A model"),
                        .optional("default", \.`default`, default: "", #"A "quoted" \ description"#),
                        .required("undescribed", \.undescribed, ""),
                        .optional("observed", \.observed, default: 0, ""))
                }

                extension Everything: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testOneParameterIsSpelledOut() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            package struct ProductID {
                /// Product id
                package let id: Int
            }
            """#,
            expandedSource: #"""
                package struct ProductID {
                    /// Product id
                    package let id: Int

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    package init(id: Int) {
                        self.id = id
                    }

                    /// The input's parameters: one field per stored property, in declaration order.
                    package static let schema = MediatorSchema(
                        Self.init(id:),
                        MediatorField.required("id", \.id, "Product id"))
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

                    /// The input's parameters: one field per stored property, in declaration order.
                    public static let schema = MediatorSchema(Self.init)
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
                static let schema = MediatorSchema(Self.init(page:size:), .optional("page", \.page, default: 1))
                init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
            }
            """#,
            expandedSource: #"""
                struct Declared: MediatorInput {
                    var page = 1
                    var size = 20
                    static let schema = MediatorSchema(Self.init(page:size:), .optional("page", \.page, default: 1))
                    init(page: Int, size: Int) { (self.page, self.size) = (page, size) }
                }
                """#,
            macroSpecs: ["MediatorInput": MacroSpec(type: MediatorInputMacro.self)])
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
                        var id: Int

                        /// Creates the input from its parameters; one left out takes the default it is declared with.
                        public init(id: Int) {
                            self.id = id
                        }

                        /// The input's parameters: one field per stored property, in declaration order.
                        public static let schema = MediatorSchema(
                            Self.init(id:),
                            MediatorField.required("id", \.id, ""))
                    }
                }

                extension Shop.Query: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }

    func testSeveralNamesInOneDeclaration() {
        assertMacroExpansion(
            #"""
            @MediatorInput
            struct Size {
                var width, height: Int
                var label = "", unit: String
            }
            """#,
            expandedSource: #"""
                struct Size {
                    var width, height: Int
                    var label = "", unit: String

                    /// Creates the input from its parameters; one left out takes the default it is declared with.
                    init(width: Int, height: Int, label: String = "", unit: String) {
                        self.width = width
                        self.height = height
                        self.label = label
                        self.unit = unit
                    }

                    /// The input's parameters: one field per stored property, in declaration order.
                    static let schema = MediatorSchema(
                        Self.init(width:height:label:unit:),
                        .required("width", \.width, ""),
                        .required("height", \.height, ""),
                        .optional("label", \.label, default: "", ""),
                        .required("unit", \.unit, ""))
                }

                extension Size: MediatorInput {
                }
                """#,
            macroSpecs: macros)
    }
}
