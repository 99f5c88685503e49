import Foundation
import Testing

@testable import MediatorCore

/// Random parameter values for property tests, drawn from a seeded generator so every case can be
/// replayed from the seed printed with a failure.
struct ValueGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Characters and sequences that URLs treat specially, or that decoding tends to get wrong.
    static let awkward: [String] =
        ":/?#[]@!$&'()*+,;=%\"<>\\^`{|} -._~".map(String.init) + [
            "\u{1}", "\u{7}", "\t", "\n", "\r", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{AD}", "\u{FEFF}", "\u{200B}",
            "\u{200D}",
            "\u{202E}", "\u{2028}", "\u{FFFD}", "\u{FFFF}", "é", "ü", "ß", "ø", "中", "文", "한", "ع", "א", "😀", "🛒", "👩‍👩‍👧", "🇯🇵",
            "e\u{301}", "%2F", "%25", "%00", "+", "%2B", "..", ".",
        ]

    /// A random string of up to `maximum` characters: awkward characters, ASCII, and any Unicode scalar but NUL.
    mutating func string(maximum: Int = 12, allowEmpty: Bool = true) -> String {
        let count = Int.random(in: (allowEmpty ? 0 : 1)...maximum, using: &random)
        var text = ""
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                text += Self.awkward.randomElement(using: &random) ?? "x"
            case 4..<7:
                text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            default:
                text.unicodeScalars.append(anyScalar())
            }
        }
        return text
    }

    /// Any Unicode scalar except NUL (which URLs refuse by design) and the surrogate range.
    mutating func anyScalar() -> Unicode.Scalar {
        while true {
            let value = UInt32.random(in: 1...0x10FFFF, using: &random)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
}

/// The seed of one case: the suite's fixed seed mixed with the case number, so one case can be replayed alone.
private func caseSeed(_ base: UInt64, _ index: Int) -> UInt64 {
    var mixer = SeededGenerator(seed: base ^ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    return mixer.next()
}

/// Collects failures and stops recording after a few, so one bug does not flood the log.
private struct Failures {
    var count = 0
    mutating func record(_ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        count += 1
        if count <= 5 { Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation) }
    }
}

@Suite("Round trips hold for random values")
struct PropertyTests {
    static let seed: UInt64 = 0x6D65_6469_6174_6F72
    static let cases = 4_000

    @Test("decode(encode(x)) == x for any string without NUL, however it travels in a URL")
    func percentEncodingRoundTrips() throws {
        var failures = Failures()
        let plain = Mediator.URLOptions()
        let forms = Mediator.URLOptions(decodesPlusAsSpace: true, mergesFragmentParameters: true)
        for index in 0..<Self.cases {
            let seed = caseSeed(Self.seed, index)
            var generator = ValueGenerator(seed: seed)
            let value = generator.string(maximum: 16)
            let replay = "case \(index), seed 0x\(String(seed, radix: 16)), value \(value.debugDescription)"
            let encoded = PercentEncoding.encode(value)

            if PercentEncoding.decode(Substring(encoded)) != value {
                failures.record("decode(encode(x)) != x: \(replay), encoded \(encoded)")
                continue
            }
            if !encoded.utf8.allSatisfy({ PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "%") }) {
                failures.record("the encoding left a reserved byte: \(replay), encoded \(encoded)")
            }
            // As a query key and value, read with and without plus-as-space, and as a fragment item.
            for options in [plain, forms] {
                let parsed = try URLParser.parse("shop://x?\(encoded)=\(encoded)#f\(encoded)=1", options: options)
                if !value.isEmpty, parsed.values.materialized()[value] as? String != value {
                    failures.record("query item did not round-trip (plus as space: \(options.decodesPlusAsSpace)): \(replay)")
                }
            }
            // As a path segment (the dot segments are the generator's job to escape; see URL generation).
            if !value.isEmpty, value != ".", value != ".." {
                let parsed = try URLParser.parse("shop://x/\(encoded)/end", options: plain)
                if parsed.segments != [value, "end"] {
                    failures.record("path segment did not round-trip: \(replay), segments \(parsed.segments)")
                }
            }
        }
        #expect(failures.count == 0, "\(failures.count) of \(Self.cases) cases failed")
    }

    typealias Values = URLRoundTripTarget.Values

    /// Random values for the round-trip target; `path` only for the wildcard action, `name` non-empty in a path.
    static func values(_ generator: inout ValueGenerator, action: String) -> Values {
        var values = Values(id: Int.random(in: Int.min...Int.max, using: &generator.random))
        if generator.chance(70) || action == "item" && generator.chance(50) {
            values.name = generator.string(maximum: 14, allowEmpty: action != "item")
        }
        if generator.chance(40) { values.flag = generator.chance(50) }
        if generator.chance(40) {
            let price = Double(bitPattern: generator.random.next())
            values.price = price.isFinite ? price : Double.random(in: -1e9...1e9, using: &generator.random)
        }
        if generator.chance(50) {
            values.tags = (0..<Int.random(in: 1...4, using: &generator.random)).map { _ in generator.string(maximum: 6) }
        }
        if generator.chance(30) { values.tab = generator.chance(50) ? .home : .cart }
        if generator.chance(20) {
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator.random) }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            values.uuid = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
        if action == "files" {
            let segments = (0..<Int.random(in: 1...5, using: &generator.random)).map { _ in
                generator.string(maximum: 6, allowEmpty: false).replacingOccurrences(of: "/", with: "_")
            }
            values.path = segments.joined(separator: "/")
        }
        return values
    }

    @Test("generated URLs open back to the same values: pattern, optional, wildcard, convention and web routes")
    func generateThenOpenRoundTrips() throws {
        let mediator = try URLGenerationTests.mediator()
        let plusAsSpace = try URLGenerationTests.mediator()
        plusAsSpace.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true, mergesFragmentParameters: true) }
        let actions = ["item", "files", "plain", "web"]
        var failures = Failures()
        for index in 0..<Self.cases {
            let seed = caseSeed(Self.seed &+ 1, index)
            var generator = ValueGenerator(seed: seed)
            let action = actions[index % actions.count]
            let values = Self.values(&generator, action: action)
            let replay = "case \(index), seed 0x\(String(seed, radix: 16)), \(action) \(values)"
            let url: String
            do {
                url = try mediator.url(for: action, on: "Trip", with: values.parameters, scheme: action == "web" ? "https" : nil)
            } catch {
                failures.record("generation failed: \(replay): \(error)")
                continue
            }
            for reader in [mediator, plusAsSpace] {
                do {
                    let opened = try reader.open(url, as: Values.self)
                    if opened != values { failures.record("opened \(opened): \(replay), url \(url)") }
                } catch {
                    failures.record("open failed: \(replay), url \(url): \(error)")
                }
            }
            if !mediator.canOpen(url) { failures.record("canOpen refused: \(replay), url \(url)") }
        }
        #expect(failures.count == 0, "\(failures.count) of \(Self.cases) cases failed")
    }
}
