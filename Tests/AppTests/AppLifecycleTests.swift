import Foundation
import Testing

/// The App's lifecycle events, end to end: the tour and the shell broadcast them, and `routes` lists them.
@Suite("App lifecycle events")
struct AppLifecycleTests {
    @Test("the tour broadcasts entering the background and logging out, and analytics sees each broadcast")
    func tourBroadcastsLifecycleEvents() throws {
        let run = try AppRunner.run([])
        #expect(run.status == 0)
        #expect(run.output.contains("▶ broadcast background\n  event didEnterBackground told Cart\n"))
        #expect(run.output.contains("result: Logged out; event userDidLogOut told Products, Cart"))
        #expect(run.output.contains("Analytics: 13 events"))
        #expect(run.output.contains("  *.userDidLogOut "))
    }

    @Test("routes lists every event with its subscribers in delivery order, as text and as JSON")
    func routesListEvents() throws {
        let text = try AppRunner.run(["routes"])
        #expect(text.output.contains("  userDidLogOut(SessionEnded)  [local]  -> Products, Cart"))
        #expect(text.output.contains("  didEnterBackground(Void)  [local]  -> Cart"))

        let json = try AppRunner.run(["routes", "--json"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let events = try #require(catalog["events"] as? [[String: Any]])
        let subscribers = Dictionary(
            uniqueKeysWithValues: events.compactMap { event in
                (event["name"] as? String).map { ($0, event["subscribers"] as? [String] ?? []) }
            })
        #expect(subscribers == ["didEnterBackground": ["Cart"], "userDidLogOut": ["Products", "Cart"]])
    }

    @Test("the shell's broadcast command tells running modules only, and rejects an unknown event")
    func shellBroadcasts() throws {
        let run = try AppRunner.run(
            ["shell"],
            input: "broadcast background\nshop://cart/add/1\nbroadcast background\nshop://login\nbroadcast logout\nquit\n")
        #expect(run.status == 0)
        #expect(run.output.contains("event didEnterBackground told no module (not running, so not started: Cart)"))
        #expect(run.output.contains("event didEnterBackground told Cart\n"))
        #expect(run.output.contains("event userDidLogOut told Products, Cart\n"))

        let unknown = try AppRunner.run(["shell"], input: "broadcast launch\n", mergingErrors: true)
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("error: no app event named launch; pick one of: background, logout"))
    }
}
