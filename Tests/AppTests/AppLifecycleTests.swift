import Foundation
import Testing

/// The App's lifecycle events, end to end: the tour and the shell broadcast them, and `routes` lists them.
@Suite("App lifecycle events")
struct AppLifecycleTests {
    @Test("the tour broadcasts entering the background and logging out, and analytics sees each broadcast")
    func tourBroadcastsLifecycleEvents() async throws {
        let run = try await AppRunner.run([])
        #expect(run.status == 0)
        #expect(run.output.contains("▶ broadcast background\n  event didEnterBackground told Cart\n"))
        #expect(run.output.contains("result: Logged out; event userDidLogOut told Products, Cart"))
        // 14 calls and broadcasts, and the reviews link delivered twice, observed once as a duplicate.
        #expect(run.output.contains("Analytics: 15 events"))
        #expect(run.output.contains("  *.userDidLogOut "))
    }

    @Test("routes lists every event with its subscribers in delivery order, as text and as JSON")
    func routesListEvents() async throws {
        let text = try await AppRunner.run(["routes"])
        #expect(text.output.contains("  userDidLogOut(SessionEnded)  [local]  -> Products, Cart"))
        #expect(text.output.contains("  didEnterBackground(Void)  [local]  -> Cart"))

        let json = try await AppRunner.run(["routes", "--json"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let events = try #require(catalog["events"] as? [[String: Any]])
        let subscribers = Dictionary(
            uniqueKeysWithValues: events.compactMap { event in
                (event["name"] as? String).map { ($0, event["subscribers"] as? [String] ?? []) }
            })
        #expect(subscribers["userDidLogOut"] == ["Products", "Cart"])
        #expect(subscribers["didEnterBackground"] == ["Cart"])
        // A module added with scripts/new-module.swift subscribes to the launch too, after Cart.
        #expect(subscribers["didFinishLaunching"]?.first == "Cart")
    }

    @Test("the shell's broadcast command tells running modules only, and rejects an unknown event")
    func shellBroadcasts() async throws {
        let input = [
            // Another user logs in the second time: the same link again within 2 seconds would be a duplicate.
            "broadcast background", "broadcast logout", "shop://login", "broadcast logout", "shop://product/1",
            "shop://login?user=bob", "broadcast logout", "quit",
        ]
        let run = try await AppRunner.run(["shell"], input: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        // Launching started Cart (it restores the saved cart); Products starts on its first call.
        #expect(run.output.contains("event didEnterBackground told Cart\n"))
        #expect(run.output.contains("nothing to tell: nobody is logged in"))
        #expect(run.output.contains("event userDidLogOut told Cart (not running, so not started: Products)"))
        #expect(run.output.contains("event userDidLogOut told Products, Cart\n"))

        let unknown = try await AppRunner.run(["shell"], input: "broadcast launch\n", mergingErrors: true)
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("error: no app event named launch; pick one of: background, logout"))
    }

    @Test("the commands that run the shop launch it first; listing routes starts nothing")
    func launchReachesEveryModuleThatSubscribes() async throws {
        let run = try await AppRunner.run(["open", "shop://cart"])
        #expect(run.status == 0 && run.errors.isEmpty)
        let routes = try await AppRunner.run(["routes"])
        #expect(routes.output.contains("  didFinishLaunching(Void)  [local]  -> Cart"))
    }
}
