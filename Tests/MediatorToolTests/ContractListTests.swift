import Testing

@testable import MediatorTool

@Suite("check-module-graph: a facade's `all` list is checked against its contract declarations")
struct ContractListTests {
    private let facade = """
        public enum Shop {
            public static let target = "Shop"
            /// A doc line naming static let ghost = ActionContract<NoInput, Int>
            public static let price = ActionContract<ProductID, Int>("price", on: target)
            public static let reviews: AsyncActionContract<ProductID, [Review]> = .init("reviews", on: target)
            public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: target)
            public static let launched = MediatorEvent<Void>("launched")
            public static let all: [any MediatorContract] = [
                price, Shop.reviews,
            ]
        }
        """

    @Test("contracts are read from `static let` declarations of every contract form, comments skipped")
    func declarations() {
        #expect(ContractListScanner.declarations(in: facade).map(\.name) == ["price", "reviews", "detail"])
        #expect(ContractListScanner.declarations(in: facade).map(\.line) == [4, 5, 6])
    }

    @Test("the list is read across lines, qualified names included; a file without one has no list")
    func list() {
        #expect(ContractListScanner.listed(in: facade) == ["price", "reviews"])
        #expect(ContractListScanner.listed(in: "public enum Shop {}") == nil)
        #expect(ContractListScanner.listed(in: "enum E { static let all: [any MediatorContract] = [a, b] }") == ["a", "b"])
    }

    @Test("a declared contract left out of the list is what the check reports")
    func leftOut() throws {
        let listed = try #require(ContractListScanner.listed(in: facade))
        #expect(ContractListScanner.declarations(in: facade).filter { !listed.contains($0.name) }.map(\.name) == ["detail"])
    }
}
