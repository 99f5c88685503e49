// The documents the mediator reads and writes besides URLs, fuzzed with the same inputs:
//
// - Route configuration: every input that could be JSON is also read as a configuration document. Reading throws
//   nothing but .invalidRouteConfiguration, whose problems and description are each one safe line
//   of bounded length; a document that reads either applies (and is the configuration in force) or
//   is refused with the same guarantees and changes nothing.
// - Association export: an input that starts with "/" (one in 64) is also declared as the
//   URL pattern of a remote action. Publishing refuses a bad pattern with a safe description; a good one exports an
//   apple-app-site-association document and Android intent filters that, read with the ports of the
//   platforms' matching rules (Sources/MediatorPublishing/Association/AndroidIntentMatching.swift and
//   AppleComponentMatching.swift, read through `@testable import`), claim the example URL of every web
//   shape the router opens, and nothing on another host.

import Foundation
import Mediator

@testable import MediatorCore
@testable import MediatorPublishing

/// The documents one input is read as.
struct FuzzDocuments {
    let input: String
    let data: Data

    func run() {
        // A document is read only when it could be JSON (an object, an array, whitespace or a byte
        // order mark first): copying and validating every URL input as one cost more than the rest.
        if let first = data.first, [0x7B, 0x5B, 0x20, 0x09, 0x0A, 0x0D, 0xEF].contains(first) { readConfiguration() }
        // Publishing and exporting costs a registration, a route build and both files per input, some
        // thirty times a URL's run under AddressSanitizer, and libFuzzer soon favours inputs that reach
        // it: one pattern-like input in 64 (by length, so an input always takes the same way) keeps
        // CI's million runs to about a minute more than the URL steps alone.
        let bytes = input.utf8
        if bytes.first == UInt8(ascii: "/"), bytes.count <= 256, bytes.count % 64 == 1 { exportAssociationFiles() }
    }

    // MARK: Route configuration

    func readConfiguration() {
        let configuration: Mediator.RouteConfiguration
        do {
            configuration = try Mediator.RouteConfiguration(json: data)
            fuzzStats.count("configuration read")
        } catch let error as MediatorError {
            checkConfigurationError(error, step: "reading a configuration")
            return
        } catch {
            fail("reading a configuration threw a non-MediatorError: \(error)", url: input)
        }
        let mediator = fuzzConfigurationMediator
        do {
            try mediator.applyRouteConfiguration(configuration)
            guard mediator.settings.routeConfiguration == configuration else {
                fail("an applied configuration is not the one in force", url: input)
            }
            fuzzStats.count("configuration applied")
            try mediator.applyRouteConfiguration(nil)
        } catch let error as MediatorError {
            checkConfigurationError(error, step: "applying a configuration")
            guard mediator.settings.routeConfiguration == nil else {
                fail("a refused configuration changed the one in force", url: input)
            }
        } catch {
            fail("applying a configuration threw a non-MediatorError: \(error)", url: input)
        }
    }

    func checkConfigurationError(_ error: MediatorError, step: String) {
        guard error.code == .invalidRouteConfiguration, !error.problems.isEmpty else {
            fail("\(step) failed with .\(error.code) and \(error.problems.count) problem(s)", url: input)
        }
        FuzzCase(url: input).checkDescription(of: error, step: step)
        for problem in error.problems {
            if let unsafe = problem.unicodeScalars.first(where: isUnsafeInLogLine) {
                fail("\(step): a problem holds U+\(String(unsafe.value, radix: 16)) raw: \(shown(problem))", url: input)
            }
            // 400 scalars kept, and the cut's "…(N bytes)"; an escape takes at most 8 bytes.
            if problem.utf8.count > 8 * 420 { fail("\(step): a problem is \(problem.utf8.count) bytes", url: input) }
        }
    }

    // MARK: Association export

    func exportAssociationFiles() {
        let mediator = fuzzLinksMediator
        let links: MediatorLinks
        do {
            try mediator.register(
                targetNamed: "Fuzzed",
                actions: [MediatorAction("linked", exposure: .remote, urlPatterns: [input]) { _, _ in "linked" }],
                replacingExisting: true)
            links = try mediator.publishedLinks()
        } catch let error as MediatorError {
            FuzzCase(url: input).checkDescription(of: error, step: "publishing links for the pattern")
            return
        } catch {
            fail("publishing links threw a non-MediatorError: \(error)", url: input)
        }
        fuzzStats.count("links published")
        let filters = AndroidIntentMatching.filters(inXML: links.androidIntentFilters())
        let appID = "ABCDE12345.com.example.fuzz"
        let components: [AppleComponentMatching.Component]
        do {
            components = try AppleComponentMatching.components(
                inAASA: links.appleAppSiteAssociation(appIDs: [appID]), appID: appID)
        } catch {
            fail("the apple-app-site-association document is not JSON: \(error)", url: input)
        }
        guard filters.count == links.webHosts.count, filters.allSatisfy({ $0.hosts.count == 1 && !$0.paths.isEmpty }) else {
            fail("the intent filters are not one per host, each with paths: \(filters.map(\.hosts))", url: input)
        }
        for route in links.actions.flatMap(\.routes) where route.isWebLink {
            let path =
                "/"
                + route.path.split(separator: "/").compactMap { $0.hasPrefix(":") ? "1" : $0.hasPrefix("*") ? nil : String($0) }
                .joined(separator: "/")
            for host in links.webHosts {
                let url = "https://\(host)\(path)"
                guard mediator.canOpen(url) else { continue }
                fuzzStats.count("association example opens")
                if !AndroidIntentMatching.claims(filters, url: url) {
                    fail("the intent filters do not claim \(shown(url))", url: input)
                }
                if !AppleComponentMatching.claims(components, hosts: links.webHosts, url: url) {
                    fail("the apple-app-site-association document does not claim \(shown(url))", url: input)
                }
            }
            let elsewhere = "https://elsewhere.example\(path)"
            if AndroidIntentMatching.claims(filters, url: elsewhere) { fail("the intent filters claim another host", url: input) }
        }
    }
}

/// A mediator with the fixture's targets and no configuration, for configurations read from inputs.
let fuzzConfigurationMediator: Mediator = {
    let mediator = Mediator()
    do {
        try mediator.register(FuzzShopTarget())
        try mediator.register(FuzzWebTarget())
        try mediator.register(FuzzTypedTarget())
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
    } catch {
        FileHandle.standardError.write(Data("MediatorFuzz setup failed: \(error)\n".utf8))
        exit(2)
    }
    return mediator
}()

/// A mediator whose one target is replaced by each pattern-like input, for the association export.
let fuzzLinksMediator: Mediator = {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    mediator.registerWebHost("shop.example")
    mediator.registerWebHost("www.shop.example")
    return mediator
}()
