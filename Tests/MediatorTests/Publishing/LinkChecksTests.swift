import Foundation
import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// A type links cannot carry a sample of: the every-link check has no example for its route.
private struct Colour: MediatorParameterValue {
    var name: String
    static func mediatorValue(from raw: any Sendable) -> Colour? { (raw as? String).map(Colour.init) }
}

private struct Painted: MediatorInput {
    @Parameter("The colour") var colour: Colour
    init() {}
    init(colour: Colour) { self.colour = colour }
}

private struct Named: MediatorInput {
    @Parameter("A name") var name: String
    init() {}
    init(name: String) { self.name = name }
}

private struct Jump: MediatorInput {
    @Parameter("The action to run") var to: String
    init() {}
    init(to: String) { self.to = to }
}

private enum Planted {
    static let paint = ActionContract<Painted, String>("paint", on: "Planted")
    static let person = ActionContract<Named, String>("person", on: "Planted")
    static let go = ActionContract<Jump, String>("go", on: "Jumps")
}

/// Planted mistakes: a route whose parameter has no sample (no example), and a route whose example
/// is taken by a literal route of another action.
private struct PlantedTarget: MediatorTarget {
    static let targetName = "Planted"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Planted.paint, exposure: .remote, urlPatterns: ["/paint/:colour"]) { _, input in
            input.colour.name
        },
        MediatorAction(Planted.person, exposure: .remote, urlPatterns: ["/people/:name"]) { _, input in
            input.name
        },
        MediatorAction("example", exposure: .remote, urlPatterns: ["/people/example"]) { _, _ in "literal" },
    ]
}

/// A planted trampoline: a remote route whose handler runs whatever local action the URL names, the
/// classic way a link reaches what was never declared remote.
private struct TrampolineTarget: MediatorTarget {
    static let targetName = "Jumps"
    let mediator: Mediator
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Planted.go, exposure: .remote, urlPatterns: ["/go/:to"]) { target, input in
            _ = try target.mediator.perform(input.to, on: "Jumps")
            return "went"
        },
        MediatorAction("wipe", summary: "Deletes everything (local only)") { _, _ in "wiped" },
        MediatorAction("ping", exposure: .remote, urlPatterns: ["/ping"]) { _, _ in "pong" },
    ]
}

/// Links whose cost the hostile-link check bounds: one fans out into many calls, one never finishes.
private struct CostlyTarget: MediatorTarget {
    static let targetName = "Costly"
    let mediator: Mediator
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("fan", exposure: .remote, urlPatterns: ["/fan"]) { target, _ in
            for _ in 0..<20 { _ = try target.mediator.perform("leaf", on: "Costly") }
            return "fanned"
        },
        MediatorAction("leaf") { _, _ in "leaf" },
    ]
}

private struct HangingTarget: MediatorTarget {
    static let targetName = "Hanging"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("wait", exposure: .remote, urlPatterns: ["/wait"]) { _, _ async in
            // Never finishes within the check's deadline; the check must report it and go on.
            try? await Task.sleep(for: .seconds(3_600))
            return "late"
        }
    ]
}

@Suite("Link checks: every link and hostile links fail on planted mistakes")
struct LinkChecksTests {
    @Test("a route with no example, and an example another action takes, fail the every-link check")
    func plantedRoutesFailEveryLink() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(PlantedTarget())
        let problems = await EveryLink.problems(on: mediator)
        #expect(problems.contains { $0.hasPrefix("Planted.paint: no example") })
        #expect(problems.contains { $0.hasPrefix("Planted.paint: the route /paint/:colour has no example") })
        #expect(
            problems.contains { $0 == "Planted.person: shop://people/example opens Planted.example instead of Planted.person" })
        #expect(!problems.contains { $0.hasPrefix("Planted.example") })
    }

    @Test("the every-link check passes a sound table and runs no handler")
    func soundTablePasses() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        let recorder = CallRecorder()
        try mediator.register { TrampolineTarget(mediator: $0) }
        mediator.configure { $0.interceptors.append(recorder) }
        #expect(await EveryLink.problems(on: mediator) == [])
        // The probe refused every example before its handler: ping never ran, and the app's own
        // interceptor is back in place afterwards.
        #expect(mediator.settings.interceptors.count == 1)
        #expect(recorder.calls.isEmpty)
    }

    @Test("a route that lets a URL reach a local-only action fails the hostile-link check")
    func trampolineFailsHostileLinks() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register { TrampolineTarget(mediator: $0) }
        let problems = await HostileLinks.problems(on: mediator)
        #expect(problems.contains { $0.contains("shop://go/wipe") && $0.hasSuffix("reached the local-only action Jumps.wipe") })
        // The convention route to the local action itself is refused by the remote policy: no problem there.
        #expect(!problems.contains { $0.contains("shop://Jumps/wipe:") })
    }

    @Test("the pack covers every family for a string parameter, and refuses the local action's own route")
    func packCoversEveryFamily() throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register { TrampolineTarget(mediator: $0) }
        let pack = try HostileLinks.pack(for: mediator)
        let kinds = Set(pack.map(\.kind))
        #expect(kinds == Set(HostileLink.Kind.allCases).subtracting([.nativeParameter]))
        #expect(pack.contains { $0.url == "shop://Jumps/wipe" && $0.mustBeRefused })
        #expect(pack.contains { $0.url.hasPrefix("shop://go/") && $0.url.count > 1_000 })
    }

    @Test("the conformance vectors replay through the real pipeline, and a doctored vector is caught")
    func vectorsReplay() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        try mediator.register { TrampolineTarget(mediator: $0) }
        let vectors = try mediator.linkVectors()
        #expect(vectors.vectors.contains { $0.url == "shop://go/example" && $0.opens?.parameters == ["to": "example"] })
        #expect(vectors.vectors.contains { $0.url == "shop://Jumps/wipe" && $0.refused?.code == "remoteCallNotAllowed" })
        #expect(await EveryLink.problems(replaying: vectors, on: mediator) == [])
        // Read back from JSON, as another platform would read it.
        let decoded = try JSONDecoder().decode(MediatorLinkVectors.self, from: vectors.json())
        #expect(decoded == vectors)

        var doctored = vectors
        let index = try #require(doctored.vectors.firstIndex { $0.url == "shop://Jumps/wipe" })
        doctored.vectors[index].refused = .init(code: "noRouteMatched")
        let problems = await EveryLink.problems(replaying: doctored, on: mediator)
        #expect(problems == ["shop://Jumps/wipe should be refused with noRouteMatched, got remoteCallNotAllowed"])
    }

    @Test("a link that fans out into more calls than the limit is reported, counted in calls, not time")
    func callLimit() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register { CostlyTarget(mediator: $0) }
        let problems = await HostileLinks.problems(on: mediator, callLimit: 16)
        #expect(problems.contains { $0.hasSuffix("made 21 calls through the mediator, over the limit of 16") })
        #expect(await HostileLinks.problems(on: mediator, callLimit: 21).isEmpty)
    }

    @Test("a link that never finishes is reported at the deadline, and the check goes on")
    func hang() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(HangingTarget())
        let problems = await HostileLinks.problems(on: mediator, timeLimit: .milliseconds(50))
        #expect(problems.contains { $0.contains("shop://wait") && $0.hasSuffix("did not finish within 0.05 seconds") })
    }
}
