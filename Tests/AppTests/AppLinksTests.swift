import Foundation
import MediatorTestSupport
import Testing

/// `links`: the shop's deep links as a published API, checked against the committed snapshot.
@Suite struct AppLinksTests {
    /// The snapshot committed with the App, which CI checks the App against.
    static let snapshot: String = PackageFiles.url("App/links.json").path

    /// The committed snapshot edited as a JSON object, written to a temporary file.
    private func editedSnapshot(_ edit: (inout [String: Any]) throws -> Void) throws -> URL {
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.snapshot))) as? [String: Any])
        try edit(&document)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }

    @Test func theAppMatchesItsCommittedSnapshot() async throws {
        let run = try await AppRunner.run(["links", "check", "--snapshot", Self.snapshot])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("links: "))
        // The export reads back as links: what `links check` compares is what `links export` writes.
        let export = try await AppRunner.run(["links", "export", "--json"])
        #expect(export.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(export.output.utf8)) is [String: Any])
    }

    @Test func aSnapshotWithALinkTheAppNoLongerOpensFailsTheCheckNamingIt() async throws {
        let url = try editedSnapshot { document in
            var actions = try #require(document["actions"] as? [[String: Any]])
            actions.append([
                "target": "Products", "action": "gift", "summary": "", "parameters": [],
                "routes": [["path": "/gift", "kind": "pattern"]],
            ])
            document["actions"] = actions
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try await AppRunner.run(["links", "check", "--snapshot", url.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("1 change(s) would break links already published"))
        #expect(run.errors.contains("Products.gift is no longer reachable by links"))
    }

    @Test func additionsPassAndSayHowToUpdateTheSnapshot() async throws {
        let url = try editedSnapshot { document in
            let actions = try #require(document["actions"] as? [[String: Any]])
            document["actions"] = actions.filter { $0["action"] as? String != "logout" }
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try await AppRunner.run(["links", "check", "--snapshot", url.path])
        #expect(run.status == 0)
        #expect(run.output.contains("Session.logout is new"))
        #expect(run.output.contains("swift run App links export --json > \(url.path)"))
    }

    @Test func aMissingSnapshotSaysHowToWriteIt() async throws {
        let run = try await AppRunner.run(["links", "check", "--snapshot", "/nonexistent/links.json"])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot read the links snapshot /nonexistent/links.json; write it with"))
    }

    @Test func exportsTheAssociationFilesAndTheReference() async throws {
        let aasa = try await AppRunner.run(["links", "export", "--aasa", "ABCDE12345.com.example.shop"])
        #expect(aasa.status == 0)
        #expect(aasa.output.contains(#""/" : "/product/?*""#))
        #expect(aasa.output.contains("ABCDE12345.com.example.shop"))
        #expect(!aasa.output.contains("Web.open"), "an action without patterns has no web link")

        let android = try await AppRunner.run(["links", "export", "--android"])
        #expect(android.output.contains(#"<data android:host="shop.example.com" />"#))
        #expect(android.output.contains(#"<data android:pathPattern="//*product//*..*//*reviews" />"#))

        let markdown = try await AppRunner.run(["links", "export", "--markdown"])
        #expect(markdown.output.hasPrefix("# Shop deep links"))
        #expect(markdown.output.contains("Example: `shop://product/1`"))
    }

    @Test(arguments: [
        ["links"], ["links", "export"], ["links", "export", "--json", "--android"], ["links", "check", "--aasa", "x"],
        ["--snapshot", "x"],
    ])
    func badLinksArgumentsAreUsageErrors(arguments: [String]) async throws {
        let run = try await AppRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: "))
    }
}

/// `links page`, `links schema` and `links vectors`: the link surface for testers and other platforms.
@Suite struct AppLinkSurfaceTests {
    @Test func thePageListsEveryLinkOfflineWithAQRCodeEach() async throws {
        let run = try await AppRunner.run(["links", "page"])
        #expect(run.status == 0, "\(run.errors)")
        let page = run.output
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none';"))
        // Nothing outside the page: no src, no stylesheet link, no external URL in an attribute.
        #expect(!page.contains(" src="))
        #expect(!page.contains("<link"))
        #expect(page.components(separatedBy: "<article class=\"action\"").count - 1 == 9)
        let links = page.components(separatedBy: "<code class=\"link\">").count - 1
        #expect(links == page.components(separatedBy: "<figure class=\"qr\"><svg").count - 1)
        #expect(page.contains("<code class=\"link\">https://shop.example.com/product/1/reviews</code>"))
        #expect(page.contains("claimed by apple-app-site-association and Android App Links"))
        #expect(page.contains("0 with problems"))
    }

    @Test func aLinkMissingFromTheSnapshotShowsAsAdded() async throws {
        let snapshot =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: PackageFiles.url("App/links.json"))) as? [String: Any]
        var document = try #require(snapshot)
        let actions = try #require(document["actions"] as? [[String: Any]])
        document["actions"] = actions.filter { $0["action"] as? String != "logout" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try await AppRunner.run(["links", "page", "--snapshot", url.path])
        #expect(run.status == 0)
        #expect(run.output.contains("id=\"Session.logout\" data-module=\"Session\" data-status=\"ok\" data-state=\"added\""))
        #expect(run.output.contains("id=\"Session.login\" data-module=\"Session\" data-status=\"ok\" data-state=\"unchanged\""))
    }

    @Test func theSchemasAndVectorsPrintedAreTheCommittedOnes() async throws {
        for name in ["links", "route-configuration", "link-vectors"] {
            let run = try await AppRunner.run(["links", "schema", name])
            #expect(run.status == 0)
            #expect(run.output == (try String(contentsOf: PackageFiles.url("schemas/\(name).schema.json"), encoding: .utf8)))
        }
        let vectors = try await AppRunner.run(["links", "vectors"])
        #expect(vectors.status == 0)
        #expect(
            vectors.output == (try String(contentsOf: PackageFiles.url("App/link-vectors.json"), encoding: .utf8)),
            "the App's links changed: if that is intended, write the vectors with `swift run App links vectors > App/link-vectors.json`"
        )
        let unknown = try await AppRunner.run(["links", "schema", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("links schema needs one of links, route-configuration, link-vectors"))
    }
}
