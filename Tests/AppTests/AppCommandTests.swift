import Foundation
import Testing

/// The command-line App, end to end: every command as a user runs it.
@Suite struct AppCommandTests {
    @Test func helpListsEveryCommandAndOption() throws {
        let run = try AppRunner.run(["--help"])
        #expect(run.status == 0)
        for word in ["open URL", "routes [--json]", "shell", "--config FILE", "--help"] {
            #expect(run.output.contains(word), "help should mention \(word)")
        }
    }

    @Test func theTourShowsScreensStacksAnalyticsAndRefusals() throws {
        let run = try AppRunner.run([])
        #expect(run.status == 0)
        #expect(run.output.contains("root Products → stack: Products"))
        #expect(run.output.contains("push Gyokuro → stack: Products › Gyokuro"))
        #expect(run.output.contains("push Cart → stack: Products › Gyokuro › Cart"))
        #expect(run.output.contains("present Order #1001 confirmed"))
        #expect(run.output.contains("back from Order #1001 confirmed → stack: Products › Gyokuro › Cart"))
        #expect(run.output.contains("refused: Cart.checkout was rejected by LoginGate: log in first"))
        #expect(run.output.contains("refused: Products.reprice is local-only"))
        #expect(run.output.contains("result: cart: 2 items, total $64.00"))
        #expect(run.output.contains("Analytics: "))
        #expect(run.output.contains("Cart.checkout"))
        #expect(run.output.contains("remote"))
    }

    @Test func openPrintsTheScreenAndTheStack() throws {
        let run = try AppRunner.run(["open", "shop://product/42", "shop://cart/add/42?quantity=2", "shop://cart"])
        #expect(run.status == 0)
        #expect(run.output.contains("screen: Gyokuro"))
        #expect(run.output.contains("result: cart: 2 items"))
        #expect(run.output.contains("stack: Gyokuro › Cart"))
    }

    @Test(arguments: [
        "shop://product/", "ftp://product/42", "shop://product/abc", "shop://Products/reprice?id=1&cents=1",
        "shop://nowhere/at/all", "shop://product/%zz", "",
    ])
    func openFailsWithANonZeroStatusAndOneLineError(url: String) throws {
        let run = try AppRunner.run(["open", url])
        #expect(run.status != 0)
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(run.output.contains("refused: "))
    }

    @Test func routesListsEveryActionWithItsPatterns() throws {
        let run = try AppRunner.run(["routes"])
        #expect(run.status == 0)
        #expect(run.output.contains("detail(id: Int) -> Screen  [remote, mainActor]  /product/:id"))
        #expect(run.output.contains("reprice(id: Int, cents: Int) -> ProductSummary  [local, synchronous]"))
        #expect(run.output.contains("add(id: Int, quantity: Int = 1"))
    }

    @Test func routesJSONIsTheCatalog() throws {
        let run = try AppRunner.run(["routes", "--json"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.compactMap { $0["name"] as? String } == ["Cart", "Products", "Session", "Web"])
    }

    @Test func theShellOpensNumberedLinksGoesBackAndQuits() throws {
        let run = try AppRunner.run(["shell"], input: "1\n2\nback\nstack\nquit\n")
        #expect(run.status == 0)
        #expect(run.output.contains("links: 1 Products · 2 Cart · 3 Log in · 4 Check out"))
        #expect(run.output.contains("links: 1 Sencha · 2 Darjeeling"))
        #expect(run.output.contains("root Products"))
        #expect(run.output.contains("push Darjeeling"))
        #expect(run.output.contains("back from Darjeeling"))
        #expect(run.output.contains("stack: Products"))
    }

    @Test(arguments: [["frobnicate"], ["open"], ["--config"], ["routes", "extra"], ["--bogus"]])
    func badArgumentsFailWithAUsageError(arguments: [String]) throws {
        let run = try AppRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: "))
    }
}
