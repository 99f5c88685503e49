import Foundation
import Mediator
import MediatorTesting
import Testing

/// The route configuration document as the reference (URLRouting, "Route configuration") defines it:
/// read strictly, each value of its type, each key once, every problem one safe line.
@Suite("URL route configuration: the document")
struct ConfigurationDocumentTests {
    /// Reads a document and returns its problems; a document that reads is a failure here.
    private func problems(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let error = expectMediatorError(.invalidRouteConfiguration, sourceLocation: sourceLocation) {
            try Mediator.RouteConfiguration(json: Data(json.utf8))
        }
        return error?.problems ?? []
    }

    @Test(
        "every value of the wrong type is refused, naming the key and the type found",
        arguments: [
            (#"{"version": true}"#, "\"version\" must be the number 1, not a boolean"),
            (#"{"version": "1"}"#, "\"version\" must be the number 1, not a string"),
            (#"{"version": null}"#, "\"version\" must be the number 1, not null"),
            (#"{"version": 1.0}"#, "version 1.0 is not supported; use 1"),
            (#"{"version": 1, "rules": {}}"#, "\"rules\" must be an array, not an object"),
            (#"{"version": 1, "rules": [true]}"#, "rules[0] must be an object, not a boolean"),
            (#"{"version": 1, "webFallback": ["Web", "open"]}"#, "webFallback must be an object"),
            (
                #"{"version": 1, "webFallback": {"target": "Web", "action": 1}}"#,
                "webFallback needs string \"target\" and \"action\""
            ),
            (#"{"version": 1, "rules": [{"pattern": "/a", "disabled": 1}]}"#, "rules[0].disabled must be true, not a number"),
            (#"{"version": 1, "rules": [{"pattern": "/a", "disabled": 2}]}"#, "rules[0].disabled must be true, not a number"),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "disabled": "true"}]}"#,
                "rules[0].disabled must be true, not a string"
            ),
            (#"{"version": 1, "rules": [{"pattern": "/a", "disabled": false}]}"#, "rules[0].disabled must be true, not false"),
            (#"{"version": 1, "rules": [{"pattern": "/a", "disabled": null}]}"#, "rules[0].disabled must be true, not null"),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "disabled": true, "reason": 5}]}"#,
                "rules[0].reason must be a string, not a number"
            ),
            (#"{"version": 1, "rules": [{"pattern": 5, "disabled": true}]}"#, "rules[0] must match either a string \"pattern\""),
            (#"{"version": 1, "rules": [{"target": "T", "action": false, "disabled": true}]}"#, "rules[0] must match either"),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "redirectTo": 3}]}"#,
                "rules[0].redirectTo must be a path string or an action object, not a number"
            ),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "redirectTo": {"target": "T", "action": []}}]}"#,
                "rules[0].redirectTo needs string"
            ),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "degradeTo": true}]}"#,
                "rules[0].degradeTo must be a URL string, not a boolean"
            ),
        ])
    func wrongTypesAreRefused(json: String, problem: String) {
        let found = problems(json)
        #expect(found.contains { $0.contains(problem) }, "\(problem) not in \(found)")
    }

    @Test(
        "a key given twice is refused and named, at any level, even spelled with escapes",
        arguments: [
            (#"{"version": 1, "rules": [], "rules": []}"#, "the key \"rules\" appears twice"),
            (#"{"version": 1, "version": 1, "rules": []}"#, "the key \"version\" appears twice"),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "disabled": true, "pattern": "/b"}]}"#,
                "rules[0] has the key \"pattern\" twice"
            ),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "redirectTo": {"target": "T", "target": "U", "action": "a"}}]}"#,
                "rules[0].redirectTo has the key \"target\" twice"
            ),
            (
                #"{"version": 1, "webFallback": {"target": "W", "action": "o", "action": "p"}}"#,
                "webFallback has the key \"action\" twice"
            ),
            (#"{"version": 1, "rul\u0065s": [], "rules": []}"#, "the key \"rules\" appears twice"),
        ])
    func duplicateKeysAreRefused(json: String, problem: String) {
        #expect(problems(json) == [problem])
    }

    @Test(
        "text that is not JSON is refused with where it stops being JSON",
        arguments: [
            ("", "expected a value at byte 0"),
            ("{\"version\": 1,}", "expected a key in quotes at byte 14"),
            ("{\"version\": 01}", "expected \",\" or \"}\" at byte 13"),
            ("{\"version\": 1} x", "unexpected text after the value at byte 15"),
            ("{\"version\": 1, \"rules\": [\"a\u{1}\"]}", "a string holds a raw control character"),
            (#"{"version": 1, "rules": ["\ud800"]}"#, "high surrogate without its low one"),
            (#"{"version": 1, "rules": ["\q"]}"#, "unknown escape"),
            ("{\"version\": NaN}", "expected a value"),
            (String(repeating: "[", count: 100), "nested deeper than 64 levels"),
        ])
    func invalidJSONIsRefused(json: String, problem: String) {
        let found = problems(json)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("the document is not valid JSON") == true, "\(found)")
        #expect(found.first?.contains(problem) == true, "\(problem) not in \(found)")
    }

    @Test("a document that is not UTF-8 is refused")
    func nonUTF8IsRefused() {
        let error = expectMediatorError(.invalidRouteConfiguration) {
            try Mediator.RouteConfiguration(json: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
        }
        #expect(error?.problems == ["the document is not valid UTF-8"])
    }

    @Test("what JSON allows still reads: escapes, a byte order mark, whitespace, an empty rule list")
    func validJSONStillReads() throws {
        let json =
            "\u{FEFF}\r\n\t{ \"version\" : 1 , \"rules\" : [ { \"pattern\" : \"\\/caf\\u00E9\\ud83d\\ude00\", \"disabled\" : true ,"
            + " \"reason\": \"a \\\"quoted\\\" \\\\ reason\" } ] }"
        let configuration = try Mediator.RouteConfiguration(json: Data(json.utf8))
        #expect(
            configuration.rules == [.init(match: .pattern("/café😀"), effect: .disable(reason: "a \"quoted\" \\ reason"))])
    }

    @Test(
        "every problem is one line with controls escaped, as in the description",
        arguments: ["\n", "\r", "\u{1B}[31m", "\u{202E}"])
    func problemsAreEscaped(control: String) throws {
        let escapedInJSON = control.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
        // One problem found reading the shape (a key), one checking against the targets (a pattern).
        let documents = [
            #"{"version": 1, "rules": [{"pattern": "/a", "disabled": true, "t\#(escapedInJSON)": 1}]}"#,
            #"{"version": 1, "rules": [{"pattern": "/a\#(escapedInJSON)b", "disabled": true}]}"#,
        ]
        let raw = control.unicodeScalars.filter { $0.value < 0x20 || $0.value == 0x202E }
        let mediator = try makeConfiguredMediator()
        for json in documents {
            let error = expectMediatorError(.invalidRouteConfiguration) {
                try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
            }
            let problems = error?.problems ?? []
            #expect(problems.count == 1, "\(problems)")
            for problem in problems + [error?.description ?? ""] {
                #expect(!problem.unicodeScalars.contains { raw.contains($0) }, "\(problem)")
                #expect(problem.contains("\\u{"), "\(problem)")
            }
        }
        #expect(mediator.settings.routeConfiguration == nil)
    }

    @Test("a refused document changes nothing: the configuration in force stays")
    func refusedDocumentChangesNothing() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(
            Mediator.RouteConfiguration(
                json: Data(#"{"version": 1, "rules": [{"target": "Shop", "action": "newProduct", "disabled": true}]}"#.utf8)))
        let inForce = mediator.settings.routeConfiguration
        for json in [
            #"{"version": 1, "rules": [], "rules": [{"target": "Shop", "action": "newProduct", "disabled": true}]}"#,
            #"{"version": true, "rules": []}"#,
            #"{"version": 1, "rules": [{"target": "Shop", "action": "price", "disabled": 1}]}"#,
        ] {
            expectMediatorError(.invalidRouteConfiguration) {
                try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
            }
            #expect(mediator.settings.routeConfiguration == inForce)
        }
        expectMediatorError(.routeDisabled) { try mediator.open("shop://Shop/newProduct") }
    }
}
