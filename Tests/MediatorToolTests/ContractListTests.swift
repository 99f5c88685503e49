import Foundation
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

    @Test("under default main-actor isolation, a facade's contracts type that is not nonisolated is reported at its keyword")
    func contractsTypeUnderDefaultIsolation() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let facadeFolder = package.appendingPathComponent("Sources/ShopFacade")
        try FileManager.default.createDirectory(at: facadeFolder, withIntermediateDirectories: true)
        func problems(manifest: String, facade: String) throws -> [String] {
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try facade.write(to: facadeFolder.appendingPathComponent("Shop.swift"), atomically: true, encoding: .utf8)
            let description = PackageGraphDescription(
                package: package.path,
                targets: [
                    .init(name: "ShopFacade", kind: "library", dependencies: [], files: ["Sources/ShopFacade/Shop.swift"]),
                    .init(name: "Shop", kind: "library", dependencies: ["ShopFacade"], files: []),
                ],
                modules: ["Shop", "ShopFacade"])
            let command = try ModuleGraphCommand(arguments: ["--description", try Self.write(description, in: package)])
            // The fixture leaves `detail` out of `all`; only the isolation problems are counted here.
            return try command.check().diagnostics.filter { $0.message.contains("default main-actor isolation") }
                .map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
        }
        let mainActorByDefault = "let s: [SwiftSetting] = [.defaultIsolation(MainActor.self)]"
        let reported = try problems(manifest: mainActorByDefault, facade: facade)
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.hasPrefix("Sources/ShopFacade/Shop.swift:1:8: ShopFacade declares its contracts in Shop") == true)
        #expect(reported.first?.hasSuffix("declare it `nonisolated public enum Shop`") == true)
        #expect(try problems(manifest: mainActorByDefault, facade: "nonisolated " + facade) == [])
        #expect(try problems(manifest: "// .defaultIsolation(MainActor.self) is not set", facade: facade) == [])
    }

    private static func write(_ description: PackageGraphDescription, in package: URL) throws -> String {
        let file = package.appendingPathComponent("graph.json")
        try JSONEncoder().encode(description).write(to: file)
        return file.path
    }

    @Test("a declared contract left out of the list is what the check reports")
    func leftOut() throws {
        let listed = try #require(ContractListScanner.listed(in: facade))
        #expect(ContractListScanner.declarations(in: facade).filter { !listed.contains($0.name) }.map(\.name) == ["detail"])
    }
}
