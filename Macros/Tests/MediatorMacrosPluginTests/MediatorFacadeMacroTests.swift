import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import MediatorMacrosPlugin

/// `@MediatorFacade`'s expansions and diagnostics, on source text.
final class MediatorFacadeMacroTests: XCTestCase {
    private let macros = ["MediatorFacade": MacroSpec(type: MediatorFacadeMacro.self)]

    func testContractsAndEvents() {
        assertMacroExpansion(
            """
            @MediatorFacade
            public enum Products {
                public static let target = "Products"
                public static let list = MainActorActionContract<ProductListQuery, Screen>("list", on: target)
                public static let price = ActionContract<ProductID, Int>("price", on: target)
                public static let didReprice = MediatorEvent<Int>("didReprice")
                public static let reviews: AsyncActionContract<ProductID, [Review]> = .init("reviews", on: target)
                public static let raw = MediatorActionContract<MediatorExecution.Synchronous, NoInput, Int>("raw", on: target)
                public static let didLogOut: MediatorEvent<String> = .init("didLogOut")
                public static var mutable = ActionContract<NoInput, Int>("mutable", on: target)
                public static func helper() -> Int { 0 }
            }
            """,
            expandedSource: """
                public enum Products {
                    public static let target = "Products"
                    public static let list = MainActorActionContract<ProductListQuery, Screen>("list", on: target)
                    public static let price = ActionContract<ProductID, Int>("price", on: target)
                    public static let didReprice = MediatorEvent<Int>("didReprice")
                    public static let reviews: AsyncActionContract<ProductID, [Review]> = .init("reviews", on: target)
                    public static let raw = MediatorActionContract<MediatorExecution.Synchronous, NoInput, Int>("raw", on: target)
                    public static let didLogOut: MediatorEvent<String> = .init("didLogOut")
                    public static var mutable = ActionContract<NoInput, Int>("mutable", on: target)
                    public static func helper() -> Int { 0 }

                    /// Every contract of the facade, in declaration order, for its contract test.
                    public static let all: [any MediatorContract] = [list, price, reviews, raw, mutable]

                    /// Every event of the facade, in declaration order, for its contract test.
                    public static let events: [any MediatorEventContract] = [didReprice, didLogOut]
                }
                """,
            macroSpecs: macros)
    }

    func testInternalFacadeWithoutEvents() {
        assertMacroExpansion(
            """
            @MediatorFacade
            enum Cart {
                static let add = AsyncActionContract<AddToCart, Int>("add", on: "Cart")
            }
            """,
            expandedSource: """
                enum Cart {
                    static let add = AsyncActionContract<AddToCart, Int>("add", on: "Cart")

                    /// Every contract of the facade, in declaration order, for its contract test.
                    static let all: [any MediatorContract] = [add]
                }
                """,
            macroSpecs: macros)
    }

    func testNotAnEnum() {
        assertMacroExpansion(
            """
            @MediatorFacade
            struct Products {}
            """,
            expandedSource: """
                struct Products {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@MediatorFacade applies to an enum of static contracts, not to this struct", line: 1, column: 1)
            ],
            macroSpecs: macros)
    }

    func testListsWrittenByHand() {
        assertMacroExpansion(
            """
            @MediatorFacade
            public enum Products {
                public static let price = ActionContract<ProductID, Int>("price", on: "Products")
                public static let didReprice = MediatorEvent<Int>("didReprice")

                /// Every contract.
                public static let all: [any MediatorContract] = [price]
                public static let events: [any MediatorEventContract] = [didReprice]
            }
            """,
            expandedSource: """
                public enum Products {
                    public static let price = ActionContract<ProductID, Int>("price", on: "Products")
                    public static let didReprice = MediatorEvent<Int>("didReprice")

                    /// Every contract.
                    public static let all: [any MediatorContract] = [price]
                    public static let events: [any MediatorEventContract] = [didReprice]
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'all' is written by @MediatorFacade; remove this declaration", line: 7, column: 5,
                    fixIts: [FixItSpec(message: "Remove the declaration of 'all'")]),
                DiagnosticSpec(
                    message: "'events' is written by @MediatorFacade; remove this declaration", line: 8, column: 5,
                    fixIts: [FixItSpec(message: "Remove the declaration of 'events'")]),
            ],
            macroSpecs: macros,
            applyFixIts: ["Remove the declaration of 'all'", "Remove the declaration of 'events'"],
            fixedSource: """
                @MediatorFacade
                public enum Products {
                    public static let price = ActionContract<ProductID, Int>("price", on: "Products")
                    public static let didReprice = MediatorEvent<Int>("didReprice")
                }
                """)
    }

    // Issue 33: every way Swift spells a contract counts; what the macro cannot list is refused.

    func testEverySpellingOfAContract() {
        assertMacroExpansion(
            """
            @MediatorFacade
            public enum Docs {
                public static let docs = ActionContract<Docs, String>.init("docs", on: "Docs")
                public static let qualified = Mediator.ActionContract<NoInput, Int>("q", on: "Docs")
                public static let wrapped =
                    ActionContract<NoInput, Int>("wrapped", on: "Docs")
                public static let pairA = ActionContract<NoInput, Int>("a", on: "Docs"), pairB = ActionContract<NoInput, Int>("b", on: "Docs")
                public static var computed: ActionContract<NoInput, Int> { .init("c", on: "Docs") }
                // public static let commented = ActionContract<NoInput, Int>("x", on: "Docs")
            }
            """,
            expandedSource: """
                public enum Docs {
                    public static let docs = ActionContract<Docs, String>.init("docs", on: "Docs")
                    public static let qualified = Mediator.ActionContract<NoInput, Int>("q", on: "Docs")
                    public static let wrapped =
                        ActionContract<NoInput, Int>("wrapped", on: "Docs")
                    public static let pairA = ActionContract<NoInput, Int>("a", on: "Docs"), pairB = ActionContract<NoInput, Int>("b", on: "Docs")
                    public static var computed: ActionContract<NoInput, Int> { .init("c", on: "Docs") }

                    /// Every contract of the facade, in declaration order, for its contract test.
                    public static let all: [any MediatorContract] = [docs, qualified, wrapped, pairA, pairB, computed]
                    // public static let commented = ActionContract<NoInput, Int>("x", on: "Docs")
                }
                """,
            macroSpecs: macros)
    }

    func testContractUnderIfIsRefused() {
        assertMacroExpansion(
            """
            @MediatorFacade
            enum Debug {
                static let price = ActionContract<NoInput, Int>("price", on: "Debug")
                #if DEBUG
                static let dump = ActionContract<NoInput, String>("dump", on: "Debug")
                #endif
            }
            """,
            expandedSource: """
                enum Debug {
                    static let price = ActionContract<NoInput, Int>("price", on: "Debug")
                    #if DEBUG
                    static let dump = ActionContract<NoInput, String>("dump", on: "Debug")
                    #endif

                    /// Every contract of the facade, in declaration order, for its contract test.
                    static let all: [any MediatorContract] = [price]
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@MediatorFacade cannot list 'dump', which is declared under #if and exists in some builds only; declare it outside #if, or remove @MediatorFacade and write 'all' and 'events' by hand",
                    line: 5, column: 16)
            ],
            macroSpecs: macros)
    }

    func testFacadeInAPublicExtensionIsPublic() {
        assertMacroExpansion(
            """
            public extension Namespace {
                @MediatorFacade
                enum Shop {
                    static let price = ActionContract<NoInput, Int>("price", on: "Shop")
                }
            }
            """,
            expandedSource: """
                public extension Namespace {
                    enum Shop {
                        static let price = ActionContract<NoInput, Int>("price", on: "Shop")

                        /// Every contract of the facade, in declaration order, for its contract test.
                        public static let all: [any MediatorContract] = [price]
                    }
                }
                """,
            macroSpecs: macros)
    }
}
