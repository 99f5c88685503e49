import Foundation
import MediatorTestSupport
import Testing

/// `--config`: route configuration applied by the App before its command runs.
@Suite struct AppConfigurationTests {
    /// The example configuration shipped with the App.
    static let example: String = PackageFiles.url("App/Examples/route-config.json").path

    @Test func theExampleRedirectsDegradesAndDisables() async throws {
        let redirected = try await AppRunner.run(["--config", Self.example, "open", "shop://item/42"])
        #expect(redirected.status == 0)
        #expect(redirected.output.contains("screen: Gyokuro"))

        let degraded = try await AppRunner.run(["--config", Self.example, "open", "shop://product/42/reviews"])
        #expect(degraded.status == 0)
        #expect(degraded.output.contains("https://shop.example.com/reviews/42"))

        let disabled = try await AppRunner.run(["--config", Self.example, "open", "shop://checkout"])
        #expect(disabled.status == 1)
        #expect(disabled.errors.contains("checkout is down for maintenance"))
    }

    @Test func anInvalidConfigurationIsRejectedWithEveryProblem() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-config-\(UUID()).json")
        try Data(#"{"version": 2, "rules": [{"pattern": "/x", "redirectTo": "/y", "colour": 1}]}"#.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let run = try await AppRunner.run(["--config", path.path, "open", "shop://product/42"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: --config \(path.path): "))
        #expect(run.errors.contains("version 2"))
        #expect(run.errors.contains("colour"))
        #expect(!run.output.contains("screen: Gyokuro"))
    }

    @Test func aMissingConfigurationFileIsAOneLineErrorNamingIt() async throws {
        let run = try await AppRunner.run(["--config", "/nonexistent/routes.json"])
        #expect(run.status == 1)
        #expect(run.errors == "error: --config /nonexistent/routes.json: no such file\n")
        let directory = try await AppRunner.run(["--config", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == 1)
        #expect(directory.errors.contains("it is a directory, not a file"))
    }

    @Test func aFileThatIsNotJSONNamesTheFileAndTheProblem() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-json-\(UUID()).json")
        try Data("routes: none".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let run = try await AppRunner.run(["--config", path.path, "routes"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: --config \(path.path): it is not a route configuration the shop can use: "))
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    @Test func theWebFallbackOpensOnlyTheShopsOwnPages() async throws {
        let run = try await AppRunner.run(["open", "shop://Web/open?url=https://evil.example.org/"])
        #expect(run.status == 1)
        #expect(run.errors.contains("only https pages on shop.example.com"))
    }
}
