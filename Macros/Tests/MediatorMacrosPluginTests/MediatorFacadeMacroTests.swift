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
                    public static let all: [any MediatorContract] = [list, price, reviews, raw]

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
}
