import Foundation
import MediatorPublishing
import MediatorTestSupport
import Testing

/// The QR encoder, checked by what a phone would read: each code is drawn as a picture and decoded by
/// zbar (`zbarimg`, Debian's zbar-tools), byte for byte. CI installs zbar and sets
/// `MEDIATOR_REQUIRE_ZBAR=1`, so there a missing decoder fails instead of skipping.
@Suite("QR codes")
struct QRCodeTests {
    /// The decoder, if installed.
    static let zbarimg: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg", "/opt/homebrew/bin/zbarimg"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let decoderRequired = ProcessInfo.processInfo.environment["MEDIATOR_REQUIRE_ZBAR"] == "1"

    @Test("CI has the decoder when it says it does")
    func decoderPresent() {
        if Self.decoderRequired { #expect(Self.zbarimg != nil, "MEDIATOR_REQUIRE_ZBAR=1 but zbarimg is not installed") }
    }

    /// Links of every length class (versions 1 to 40, so both count widths, the version blocks from
    /// version 7 and many blocks per level), non-ASCII text, and characters links escape.
    static let texts: [String] = [
        "a",
        "shop://product/42",
        "https://shop.example.com/product/1/reviews?tab=info&ref=qr",
        "shop://search?q=caf\u{E9} \u{8336} \u{1F375} \u{0410}\u{0301}",
        "shop://web/open?url=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2#frag",
        "https://shop.example.com/" + String(repeating: "segment/", count: 40),
        "shop://long?" + (0..<120).map { "k\($0)=v\($0)" }.joined(separator: "&"),
        String(repeating: "\u{00FC}\u{4E2D}", count: 200),
    ]

    @Test(
        "every text decodes to its exact bytes at every error-correction level",
        .enabled(if: zbarimg != nil || decoderRequired),
        arguments: MediatorQRCode.ErrorCorrection.allCases)
    func decodes(level: MediatorQRCode.ErrorCorrection) async throws {
        for text in Self.texts {
            let code = try MediatorQRCode(text, errorCorrection: level)
            #expect(
                try await Self.decode(code) == Data(text.utf8), "level \(level), version \(code.version): \(text.prefix(40))…")
        }
    }

    @Test("the largest code at each level holds its full capacity and decodes", .enabled(if: zbarimg != nil || decoderRequired))
    func largest() async throws {
        for (level, capacity) in [(MediatorQRCode.ErrorCorrection.low, 2953), (.high, 1273)] {
            let text = String(repeating: "x", count: capacity)
            let code = try MediatorQRCode(text, errorCorrection: level)
            #expect(code.version == 40)
            #expect(try await Self.decode(code) == Data(text.utf8))
        }
    }

    @Test("the smallest version that holds the text is chosen; more correction costs a larger code")
    func versions() throws {
        #expect(try MediatorQRCode("a", errorCorrection: .low).version == 1)
        #expect(try MediatorQRCode(String(repeating: "a", count: 17), errorCorrection: .low).version == 1)
        #expect(try MediatorQRCode(String(repeating: "a", count: 18), errorCorrection: .low).version == 2)
        #expect(try MediatorQRCode("shop://product/42", errorCorrection: .high).version == 3)
        #expect(try MediatorQRCode("shop://product/42").size == 25)
    }

    @Test("a text over the largest code's capacity is refused, naming both numbers")
    func tooLong() {
        for (level, capacity) in [(MediatorQRCode.ErrorCorrection.low, 2953), (.high, 1273)] {
            let error = #expect(throws: MediatorQRCode.TooLong.self) {
                try MediatorQRCode(String(repeating: "x", count: capacity + 1), errorCorrection: level)
            }
            #expect(error?.bytes == capacity + 1)
            #expect(error?.capacity == capacity)
        }
    }

    @Test("the SVG is one path, with its label escaped and no external reference")
    func svg() throws {
        let svg = try MediatorQRCode("shop://a?b=<c>&d=\"e\"").svg(label: "<script>\"x\"")
        #expect(svg.hasPrefix("<svg "))
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("aria-label=\"&lt;script&gt;&quot;x&quot;\""))
        #expect(!svg.contains("href"))
    }

    /// Draws the code as a PGM picture (4 pixels a module, the quiet zone) and returns the bytes zbar reads from it.
    /// The decoder runs off the cooperative pool: waiting for it there would stall other tests' tasks.
    static func decode(_ code: MediatorQRCode) async throws -> Data {
        try await offThePool { try decodeWaiting(code) }
    }

    /// `decode(_:)`'s work, which blocks its thread until zbarimg exits.
    private static func decodeWaiting(_ code: MediatorQRCode) throws -> Data {
        // Thrown, not `#require`d: this runs on a thread of its own, outside the test's task.
        guard let zbarimg else { throw DecoderFailed(reason: "zbarimg (zbar-tools) is not installed") }
        let scale = 4
        let side = (code.size + 8) * scale
        var pixels = Data("P5\n\(side) \(side)\n255\n".utf8)
        for y in 0..<side {
            for x in 0..<side {
                pixels.append(code.isDark(x: x / scale - 4, y: y / scale - 4) ? 0 : 255)
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm")
        try pixels.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DecoderFailed(reason: "zbarimg found no code (status \(process.terminationStatus))")
        }
        // zbarimg ends the symbol's bytes with a line feed of its own.
        return data.last == 0x0A ? data.dropLast() : data
    }
}

/// Why the decoder gave no bytes back.
private struct DecoderFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
