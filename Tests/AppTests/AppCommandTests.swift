import Foundation
import Testing

/// The command-line App, end to end: every command as a user runs it.
@Suite struct AppCommandTests {
    @Test func helpListsEveryCommandAndOption() async throws {
        let run = try await AppRunner.run(["--help"])
        #expect(run.status == 0)
        for word in ["open URL", "routes [--json]", "shell", "--config FILE", "--help"] {
            #expect(run.output.contains(word), "help should mention \(word)")
        }
    }

    @Test func theTourShowsScreensStacksAnalyticsAndRefusals() async throws {
        let run = try await AppRunner.run([])
        #expect(run.status == 0)
        #expect(run.output.contains("root Products → stack: Products"))
        #expect(run.output.contains("push Gyokuro → stack: Products › Gyokuro"))
        #expect(run.output.contains("push Reviews → stack: Products › Gyokuro › Reviews"))
        #expect(run.output.contains("duplicate: the same link just arrived, so it opens once"))
        #expect(run.output.contains("push Cart → stack: Products › Gyokuro › Reviews › Cart"))
        #expect(run.output.contains("present Order #1001 confirmed"))
        #expect(run.output.contains("back from Order #1001 confirmed → stack: Products › Gyokuro › Reviews › Cart"))
        #expect(!run.output.contains("this step was meant to"), "every step did what its note says")
        #expect(run.output.contains("held until login: log in to continue (open shop://login)"))
        #expect(run.output.contains("▶ continued shop://checkout (hold 1, held until login)"))
        #expect(run.output.components(separatedBy: "present Order #1001 confirmed →").count == 2, "confirmed once")
        let checkouts = run.lines.filter { $0.hasPrefix("  Cart.checkout ") }
        #expect(checkouts.count == 2 && checkouts[0].hasSuffix("µs  held") && checkouts[1].hasSuffix("µs  ok (continued)"))
        #expect(run.output.contains("refused: Products.reprice is local-only"))
        #expect(run.output.contains("result: cart: 2 items, total $64.00"))
        #expect(run.output.contains("Analytics: "))
        #expect(run.output.contains("Cart.checkout"))
        #expect(run.output.contains("remote"))
    }

    @Test func openPrintsTheScreenAndTheStack() async throws {
        let run = try await AppRunner.run(["open", "shop://product/42", "shop://cart/add/42?quantity=2", "shop://cart"])
        #expect(run.status == 0)
        #expect(run.output.contains("screen: Gyokuro"))
        #expect(run.output.contains("result: cart: 2 items"))
        #expect(run.output.contains("stack: Products › Gyokuro › Cart"), "a product's link lands on the product list")
    }

    @Test func aLinkFromAColdStartLandsWithTheScreensBeneathIt() async throws {
        let run = try await AppRunner.run(["open", "--cold-start", "shop://product/42/reviews"])
        #expect(run.status == 0)
        let steps = run.lines.filter { $0.contains("→ stack:") }
        #expect(
            steps == [
                "  root Products → stack: Products", "  push Gyokuro → stack: Products › Gyokuro",
                "  push Reviews → stack: Products › Gyokuro › Reviews",
            ])
    }

    @Test func aLinkDeliveredTwiceAtAColdStartOpensOnce() async throws {
        let run = try await AppRunner.run(["open", "--cold-start", "shop://product/42", "shop://product/42"])
        #expect(run.status == 0, "a duplicate is not a failure")
        #expect(run.errors == "")
        #expect(run.output.components(separatedBy: "push Gyokuro").count == 2, "landed once")
        #expect(run.output.contains("duplicate: the same link just arrived, so it opens once"))
    }

    @Test func aLinkLandsAsTheDifferenceFromTheStack() async throws {
        let run = try await AppRunner.run(["open", "shop://product/42/reviews", "shop://product/1", "shop://products"])
        #expect(run.status == 0)
        let steps = run.lines.filter { $0.contains("→ stack:") }
        #expect(
            steps == [
                "  root Products → stack: Products", "  push Gyokuro → stack: Products › Gyokuro",
                "  push Reviews → stack: Products › Gyokuro › Reviews",
                // Shallower, another product: popped to the common root, then pushed.
                "  back from Reviews → stack: Products › Gyokuro", "  back from Gyokuro → stack: Products",
                "  push Sencha → stack: Products › Sencha",
                // The list replaces the root (its back stack says so), rebuilt even where it matched.
                "  root Products → stack: Products",
            ])
    }

    @Test(arguments: [
        "shop://product/", "ftp://product/42", "shop://product/abc", "shop://Products/reprice?id=1&cents=1",
        "shop://nowhere/at/all", "shop://product/%zz", "",
    ])
    func openFailsWithANonZeroStatusAndOneLineError(url: String) async throws {
        let run = try await AppRunner.run(["open", url])
        #expect(run.status == 1)
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(run.errors.hasPrefix("error: can't open "))
        #expect(!run.output.contains("refused"), "the error is printed once, on standard error")
    }

    @Test func openReportsEveryURLAndFailsIfAnyFailed() async throws {
        let run = try await AppRunner.run(["open", "shop://product/42", "shop://nowhere", "shop://cart"], mergingErrors: true)
        #expect(run.status == 1)
        let lines = run.lines.filter { $0.hasPrefix("▶") || $0.hasPrefix("error") }
        #expect(
            lines == [
                "▶ open shop://product/42", "▶ open shop://nowhere",
                #"error: can't open shop://nowhere: the shop has no such page (No route matches the path "/nowhere" of "shop://nowhere"; "#
                    + "declare a urlPattern on a remote action or set an unmatched-URL handler.)",
                "▶ open shop://cart", "error: 1 of 3 links failed",
            ])
        #expect(run.output.contains("push Cart → stack: Products › Gyokuro › Cart"), "the URL after the failed one was opened")
    }

    @Test func errorsSayWhatTheUserSeesBeforeTheDeveloperDetail() async throws {
        let disabled = try await AppRunner.run(["--config", AppConfigurationTests.example, "open", "shop://checkout"])
        #expect(
            disabled.errors.hasPrefix("error: can't open shop://checkout: this page is unavailable right now: checkout is down"))
        let local = try await AppRunner.run(["open", "shop://Products/reprice?id=1&cents=1"])
        #expect(
            local.errors.hasPrefix(
                "error: can't open shop://Products/reprice?id=1&cents=1: this page cannot be opened by a link ("))
        let typo = try await AppRunner.run(["open", "shop://Prodcts/detail?id=42"])
        #expect(
            typo.errors.hasPrefix(#"error: can't open shop://Prodcts/detail?id=42: the shop has no such page; did you mean "#))
    }

    @Test func controlCharactersAreEscapedInEverythingPrinted() async throws {
        let run = try await AppRunner.run(["open", "shop://product/\u{1B}[2J\u{202E}x\nmore"], mergingErrors: true)
        #expect(run.status == 1)
        #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(run.output.contains(#"▶ open shop://product/\u{1B}[2J\u{202E}x"#))
    }

    @Test func routesShowSchemesHostsConventionRoutesAndEnumValues() async throws {
        let run = try await AppRunner.run(["routes"])
        #expect(run.status == 0)
        #expect(run.output.contains("App schemes: shop://"))
        #expect(run.output.contains("Web hosts:   https://shop.example.com"))
        #expect(run.output.contains("Route configuration: none"))
        #expect(run.output.contains("detail(id: Int) -> Screen  [remote, mainActor]  /product/:id  shop://Products/detail"))
        #expect(run.output.contains("reprice(id: Int, cents: Int) -> ProductSummary  [local, synchronous]\n"))
        #expect(run.output.contains("add(id: Int, quantity: Int = 1, completion: ((CartSummary) -> Void)?) -> CartSummary"))
        #expect(run.output.contains("category is one of: tea, teaware"))
    }

    @Test func routesShowTheConfigurationInForce() async throws {
        let run = try await AppRunner.run(["--config", AppConfigurationTests.example, "routes"])
        #expect(run.status == 0)
        #expect(run.output.contains("Route configuration: 3 rule(s)"))
        #expect(run.output.contains("/item/:id redirects to /product/:id"))
        #expect(run.output.contains("Cart.checkout disabled: checkout is down for maintenance"))
    }

    @Test func routesJSONIsTheCatalog() async throws {
        let run = try await AppRunner.run(["routes", "--json"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        let names = targets.compactMap { $0["name"] as? String }
        // Every module the App registers is listed, once, in order; a new module only adds a name.
        #expect(names == names.sorted() && Set(names).count == names.count)
        #expect(Set(["Cart", "Products", "Session", "Web"]).isSubset(of: names))
        for target in targets { #expect((target["actions"] as? [Any])?.isEmpty == false) }
        // The table lists the same targets.
        let table = try await AppRunner.run(["routes"])
        for name in names { #expect(table.output.contains("\n\(name)  ")) }
    }

    @Test func theShellOpensNumberedLinksGoesBackAndQuits() async throws {
        let run = try await AppRunner.run(["shell"], input: "1\n2\nback\nstack\nquit\n")
        #expect(run.status == 0)
        #expect(run.output.contains("links: 1 Products · 2 Cart · 3 Log in · 4 Check out"))
        #expect(run.output.contains("links: 1 Sencha · 2 Darjeeling"))
        #expect(run.output.contains("root Products"))
        #expect(run.output.contains("push Darjeeling"))
        #expect(run.output.contains("back from Darjeeling"))
        #expect(run.output.contains("stack: Products"))
    }

    @Test func theShellExplainsItselfRefusesUnknownWordsAndEndsCleanly() async throws {
        let run = try await AppRunner.run(["shell"], input: "help\nfrobnicate\nshop://cart", mergingErrors: true)
        #expect(run.status == 1, "a piped session with a failed line exits non-zero")
        #expect(run.output.contains("back      go back one screen"))
        #expect(run.output.contains("error: unknown command frobnicate; type help"))
        #expect(run.output.contains("push Cart"), "the line after the unknown word still ran")
        #expect(run.output.hasSuffix("> \n"), "the end of input ends the prompt line")
    }

    @Test func aPipedShellSessionFailsIfALinkFailed() async throws {
        let failed = try await AppRunner.run(["shell"], input: "shop://nowhere\nquit\n")
        #expect(failed.status == 1)
        #expect(
            failed.errors
                == "error: can't open shop://nowhere: the shop has no such page (No route matches the path \"/nowhere\" of \"shop://nowhere\"; declare a urlPattern on a remote action or set an unmatched-URL handler.)\n"
        )
        let succeeded = try await AppRunner.run(["shell"], input: "shop://cart\nquit\n")
        #expect(succeeded.status == 0)
        #expect(succeeded.errors == "")
    }

    @Test func theTourMarksWhatARouteConfigurationChanged() async throws {
        let plain = try await AppRunner.run([])
        #expect(!plain.output.contains("! this step"))
        #expect(!plain.output.contains("turned out differently"))

        let configured = try await AppRunner.run(["--config", AppConfigurationTests.example])
        #expect(configured.status == 0)
        #expect(configured.output.contains("is in force: steps whose outcome it changed are marked"))
        #expect(
            configured.output.contains(
                "! this step was meant to reach Products.reviews; it reached Web.open, changed by the route configuration"))
        #expect(
            configured.output.contains(
                "! this step was meant to be held until login; it was refused (routeDisabled), changed by the route configuration"
            ))
        #expect(configured.output.contains("2 step(s) turned out differently from the tour's notes."))
    }

    @Test(arguments: [
        ["frobnicate"], ["open"], ["--config"], ["--config="], ["routes", "extra"], ["--bogus"], ["-x"], ["--json"],
        ["open", "shop://cart", "--json"], ["--cold-start"], ["--cold-start", "routes"],
    ])
    func badArgumentsFailWithAUsageError(arguments: [String]) async throws {
        let run = try await AppRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: "))
    }

    @Test func aHeldLinkContinuesWhenALaterLinkOpensItsGate() async throws {
        let run = try await AppRunner.run(["open", "shop://cart/add/42", "shop://checkout", "shop://login"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let lines = run.lines.filter { $0.hasPrefix("▶") || $0.contains("held until") || $0.contains("Order #") }
        #expect(
            lines == [
                "▶ open shop://cart/add/42", "▶ open shop://checkout",
                "  held until login: log in to continue (open shop://login); the link goes on from there (hold 1)",
                "▶ open shop://login", "▶ continued shop://checkout (hold 1, held until login)",
                "  screen: Order #1001 confirmed", "  present Order #1001 confirmed → stack: Order #1001 confirmed",
            ])
    }

    @Test func aLinkStillHeldWhenTheAppExitsIsAnError() async throws {
        let run = try await AppRunner.run(["open", "shop://checkout"])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: can't open shop://checkout: it is still waiting when the App exits: log in to continue "
                + "(open shop://login); the link goes on from there\n")
    }

    @Test func coldStartHoldsLinksUntilTheModulesAreRegisteredThenContinuesThemInOrderOnce() async throws {
        let run = try await AppRunner.run([
            "--cold-start", "open", "shop://product/42", "shop://product/42", "shop://cart/add/42",
        ])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let lines = run.lines.filter {
            $0.hasPrefix("▶") || $0.hasPrefix("Ready") || $0.contains("held until") || $0.contains("duplicate")
        }
        #expect(
            lines == [
                "▶ open shop://product/42",
                "  held until ready: the shop is starting; the link goes on once it is ready (hold 1)",
                // Delivered again at once (launch options, then open): a duplicate, so it lands once.
                "▶ open shop://product/42",
                "  duplicate: the same link just arrived, so it opens once (URLOptions.duplicateWindow)",
                "▶ open shop://cart/add/42",
                "  held until ready: the shop is starting; the link goes on once it is ready (hold 2)",
                "Ready: the modules are registered; the held links continue.",
                "▶ continued shop://product/42 (hold 1, held until ready)",
                "▶ continued shop://cart/add/42 (hold 2, held until ready)",
            ])
        #expect(run.output.contains("result: cart: 1 items, total $32.00"))

        let failing = try await AppRunner.run(["--cold-start", "open", "shop://nowhere"])
        #expect(failing.status == 1)
        #expect(failing.errors.hasPrefix("error: can't open shop://nowhere: the shop has no such page"))
    }

    @Test func theShellContinuesAHeldCheckoutAfterLogin() async throws {
        let run = try await AppRunner.run(["shell"], input: "shop://cart/add/42\nshop://checkout\nshop://login\nquit\n")
        #expect(run.status == 0)
        #expect(run.output.contains("held until login"))
        #expect(run.output.contains("▶ continued shop://checkout (hold 1, held until login)"))
        #expect(run.output.contains("present Order #1001 confirmed"))
    }
}
