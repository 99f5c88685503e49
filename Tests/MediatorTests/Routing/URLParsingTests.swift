import Foundation
import MediatorTesting
import Testing

@testable import MediatorCore

/// One decoding case: a URL, the options, and the components it must decode to.
struct DecodingCase: CustomTestStringConvertible, Sendable {
    let url: String
    var options = Mediator.URLOptions()
    var host: String?
    var segments: [String] = []
    var query: [String: [String]] = [:]
    var testDescription: String { url }
}

/// One refusal case: a URL and words the error's problem must contain.
struct RefusalCase: CustomTestStringConvertible, Sendable {
    let url: String
    let mentions: [String]
    var testDescription: String { String(url.prefix(60)) }
}

@Suite("URL parsing")
struct URLParsingTests {
    static let plus = Mediator.URLOptions(decodesPlusAsSpace: true)
    static let fragments = Mediator.URLOptions(mergesFragmentParameters: true)

    static let decoding: [DecodingCase] = [
        DecodingCase(url: "shop://product/42", host: "product", segments: ["42"]),
        DecodingCase(url: "SHOP://Product/42", host: "Product", segments: ["42"]),
        DecodingCase(url: "shop:product/42", host: nil, segments: ["product", "42"]),
        DecodingCase(url: "shop:///product//42//", host: "", segments: ["product", "42"]),
        DecodingCase(url: "shop://a/b%2Fc/d", host: "a", segments: ["b/c", "d"]),
        DecodingCase(url: "shop://a/caf%C3%A9", host: "a", segments: ["café"]),
        DecodingCase(url: "shop://a/café", host: "a", segments: ["café"]),
        DecodingCase(url: "shop://a/x+y", host: "a", segments: ["x+y"]),
        DecodingCase(url: "shop://a/x+y", options: plus, host: "a", segments: ["x+y"]),
        DecodingCase(url: "shop://a/./b/../c", host: "a", segments: ["c"]),
        DecodingCase(url: "shop://a/../../b", host: "a", segments: ["b"]),
        DecodingCase(url: "shop://a/%2E%2E/b", host: "a", segments: ["..", "b"]),
        DecodingCase(url: "shop://a?q=a+b", host: "a", query: ["q": ["a+b"]]),
        DecodingCase(url: "shop://a?q=a+b", options: plus, host: "a", query: ["q": ["a b"]]),
        DecodingCase(url: "shop://a?a+b=1", options: plus, host: "a", query: ["a+b": ["1"]]),
        DecodingCase(url: "shop://a?q=%2B1", options: plus, host: "a", query: ["q": ["+1"]]),
        DecodingCase(url: "shop://a?q=%E2%9C%93", host: "a", query: ["q": ["✓"]]),
        DecodingCase(url: "shop://a?q=%26%3D%23", host: "a", query: ["q": ["&=#"]]),
        DecodingCase(url: "shop://a?flag", host: "a", query: ["flag": [""]]),
        DecodingCase(url: "shop://a?flag=", host: "a", query: ["flag": [""]]),
        DecodingCase(url: "shop://a?=x&&y=1&", host: "a", query: ["y": ["1"]]),
        DecodingCase(url: "shop://a?x=b=c", host: "a", query: ["x": ["b=c"]]),
        DecodingCase(url: "shop://a?t=1&t=2&t=3", host: "a", query: ["t": ["1", "2", "3"]]),
        DecodingCase(url: "shop://a?x=1#y=2", host: "a", query: ["x": ["1"]]),
        DecodingCase(url: "shop://a?x=1#y=2&x=3", options: fragments, host: "a", query: ["x": ["1"], "y": ["2"]]),
        DecodingCase(url: "shop://a#y=%20", options: fragments, host: "a", query: ["y": [" "]]),
        DecodingCase(
            url: "https://Shop.Example.com:8443/p/1?x=1", host: "Shop.Example.com", segments: ["p", "1"], query: ["x": ["1"]]),
        DecodingCase(url: "https://[::1]:80/p", host: "[::1]", segments: ["p"]),
        DecodingCase(url: "shop://a/%F0%9F%9B%92?emoji=%F0%9F%9B%92", host: "a", segments: ["🛒"], query: ["emoji": ["🛒"]]),
    ]

    @Test("decodes each component on its own", arguments: decoding)
    func decodesEachComponentOnItsOwn(_ testCase: DecodingCase) throws {
        let parsed = try URLParser.parse(testCase.url, options: testCase.options)
        #expect(parsed.host == testCase.host)
        #expect(parsed.segments == testCase.segments)
        var query: [String: [String]] = [:]
        for (key, value) in parsed.values.materialized() {
            query[key] = (value as? [String]) ?? [(value as? String) ?? "<\(type(of: value))>"]
        }
        #expect(query == testCase.query)
    }

    @Test("the scheme is lowercased")
    func schemeIsLowercased() throws {
        #expect(try URLParser.parse("ShOp://a", options: .init()).scheme == "shop")
    }

    static let refusals: [RefusalCase] = [
        RefusalCase(url: "", mentions: ["empty"]),
        RefusalCase(url: "product/42", mentions: ["no scheme"]),
        RefusalCase(url: "1shop://a", mentions: ["no scheme", "byte 0"]),
        RefusalCase(url: "shop://a/%G1", mentions: ["malformed percent escape", "%G1", "byte 9", "path segment 1"]),
        RefusalCase(url: "shop://a/b%4", mentions: ["malformed percent escape", "byte 10"]),
        RefusalCase(url: "shop://a?x=%", mentions: ["malformed percent escape", "query value of \"x\""]),
        RefusalCase(url: "shop://a?%zz=1", mentions: ["malformed percent escape", "query key"]),
        RefusalCase(url: "shop://a#x\u{1}", mentions: ["control character 0x1", "fragment"]),
        RefusalCase(url: "shop://a/b c", mentions: ["a space", "byte 10"]),
        RefusalCase(url: "shop://a/b\u{0}", mentions: ["control character 0x0", "byte 10"]),
        RefusalCase(url: "shop://a/b\n", mentions: ["control character 0xA"]),
        RefusalCase(url: "shop://a?x=\u{7F}", mentions: ["control character 0x7F", "query"]),
        RefusalCase(url: "shop://a/%00", mentions: ["NUL"]),
        RefusalCase(url: "shop://a/%FF%FE", mentions: ["invalid UTF-8", "path segment 1"]),
        RefusalCase(url: "shop://a?x=%C3", mentions: ["invalid UTF-8", "value of \"x\""]),
        RefusalCase(url: "https://user:pw@shop.example.com/", mentions: ["user information"]),
        RefusalCase(url: "https://shop.example.com:8x/", mentions: ["port"]),
        RefusalCase(url: "https://[::1/", mentions: ["IPv6"]),
        RefusalCase(url: "https://sh{op}.example.com/", mentions: ["host"]),
    ]

    @Test("refuses malformed URLs, saying where", arguments: refusals)
    func refusesMalformedURLsSayingWhere(_ testCase: RefusalCase) {
        let error = expectMediatorError(.malformedURL) { try URLParser.parse(testCase.url, options: .init()) }
        let problem = error?.problems.first ?? ""
        for word in testCase.mentions {
            #expect(problem.contains(word), "\(problem)")
        }
    }

    @Test("refuses URLs over the length limit, naming the length and the limit")
    func refusesURLsOverTheLengthLimit() {
        let url = "shop://a/" + String(repeating: "x", count: 100_000)
        let error = expectMediatorError(.urlTooLong) { try URLParser.parse(url, options: .init()) }
        #expect(error?.description.contains("is \(url.utf8.count) bytes long") == true)
        #expect(error?.description.contains("limit of 16384") == true)
        let long = Mediator.URLOptions(maximumLength: 200_000)
        #expect((try? URLParser.parse(url, options: long))?.segments.first?.count == 100_000)
    }

    @Test("handles a thousand segments and ten thousand query items")
    func handlesManySegmentsAndItems() throws {
        let options = Mediator.URLOptions(maximumLength: 1_000_000)
        let deep = "shop://a/" + Array(repeating: "s", count: 1_000).joined(separator: "/")
        #expect(try URLParser.parse(deep, options: options).segments.count == 1_000)
        let items = "shop://a?" + (0..<10_000).map { "k\($0 % 10)=\($0)" }.joined(separator: "&")
        let parsed = try URLParser.parse(items, options: options)
        #expect((parsed.values.materialized()["k3"] as? [String])?.count == 1_000)
    }

    @Test("error descriptions stay short for huge URLs")
    func errorDescriptionsAreShortForHugeURLs() {
        let error = MediatorError.malformedURL(url: String(repeating: "x", count: 10_000), problem: "p")
        #expect(error.description.count < 300)
    }
}
