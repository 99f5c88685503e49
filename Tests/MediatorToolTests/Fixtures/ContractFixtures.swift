import Testing

/// Facade sources whose contracts and `all` lists the module-graph check must read as the compiler
/// sees them (issue 33); the check's suite runs each with `\n` and `\r\n` line endings.
struct ContractFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    /// The problems, as `line:column name`, in order.
    let missing: [String]

    var testDescription: String { name }

    static let all: [ContractFixture] = [
        .init(
            name: "a contract on the line after its name",
            source: """
                public enum Shop {
                    public static let target = "Shop"
                    public static let wrapped =
                        ActionContract<NoInput, Int>("wrapped", on: target)
                    public static let all: [any MediatorContract] = [target]
                }
                """, missing: ["3:23 wrapped"]),
        .init(
            name: "several contracts in one declaration",
            source: """
                enum Shop {
                    static let pairA = ActionContract<NoInput, Int>("a", on: "Shop"), pairB = ActionContract<
                        NoInput, Int
                    >("b", on: "Shop"),
                        pairC: AsyncActionContract<NoInput, [Int]> = .init("c", on: "Shop")
                    static let all: [any MediatorContract] = [pairA]
                }
                """, missing: ["2:71 pairB", "5:9 pairC"]),
        .init(
            name: "a name in a trailing comment of the list does not count as listed",
            source: """
                enum Shop {
                    static let greeting = ActionContract<NoInput, String>("greeting", on: "Shop")
                    static let pairA = ActionContract<NoInput, Int>("a", on: "Shop")
                    static let pairB = ActionContract<NoInput, Int>("b", on: "Shop")
                    static let all: [any MediatorContract] = [
                        greeting, pairA,  // TODO: later pairB
                        /* pairB */
                    ]
                }
                """, missing: ["4:16 pairB"]),
        .init(
            name: "a contract in a block comment or a string is none",
            source: #"""
                enum Shop {
                    /* static let ghost = ActionContract<NoInput, Int>("ghost", on: "Shop")
                       /* nested */ static let ghost2 = ActionContract<NoInput, Int>("g", on: "Shop") */
                    static let text = "static let ghost3 = ActionContract<NoInput, Int>(\"g\", on: \"Shop\")"
                    static let all: [any MediatorContract] = []
                }
                """#, missing: []),
        .init(
            name: "every way to write the type: .init, qualified, annotated, computed, modifiers",
            source: """
                public enum Docs {
                    public static let docs = ActionContract<Docs, String>.init("docs", on: "Docs")
                    public static let qualified = Mediator.ActionContract<(Int, String), [String: Int]>("q", on: "Docs")
                    public nonisolated static let annotated: MainActorActionContract<NoInput, Int> = .init("a", on: "Docs")
                    public static var computed: MediatorActionContract<NoInput, Int> { .init("c", on: "Docs") }
                    @available(*, deprecated) public static let old = ActionContract<NoInput, Int>("o", on: "Docs")
                    public static let event = MediatorEvent<Void>("e")
                    public static let compared = 1 < 2, other = 3 > 2
                    public static let all: [any MediatorContract] = [Docs.event]
                }
                """, missing: ["2:23 docs", "3:23 qualified", "4:35 annotated", "5:23 computed", "6:49 old"]),
        .init(
            name: "contracts in extensions and nested types belong to their own type's list",
            source: """
                enum Shop {
                    static let price = ActionContract<NoInput, Int>("price", on: "Shop")
                    static var all: [any MediatorContract] { [price, Self.late] }
                    enum Inner {
                        static let deep = ActionContract<NoInput, Int>("deep", on: "Inner")
                        static let all: [any MediatorContract] = []
                    }
                }
                extension Shop {
                    static let late = ActionContract<NoInput, Int>("late", on: "Shop")
                    static let later = ActionContract<NoInput, Int>("later", on: "Shop")
                    func method() { let local = ActionContract<NoInput, Int>("x", on: "Shop") }
                }
                """, missing: ["5:20 deep", "11:16 later"]),
        .init(
            name: "@MediatorFacade: an extension's and an #if's contracts are what the macro cannot list",
            source: """
                @MediatorFacade
                public enum Catalog {
                    public static let price = ActionContract<NoInput, Int>("price", on: "Catalog")
                    #if DEBUG
                    public static let debug = ActionContract<NoInput, Int>("debug", on: "Catalog")
                    #endif
                }
                extension Catalog {
                    public static let late = ActionContract<NoInput, Int>("late", on: "Catalog")
                }
                """, missing: ["5:23 debug", "9:23 late"]),
    ]
}
