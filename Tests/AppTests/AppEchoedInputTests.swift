import Foundation
import Testing

/// One way to get text of the user's choosing printed back: the arguments (or standard input) that
/// carry it, and whether the run fails with one error line.
struct EchoPosition: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The arguments with `payload` placed; files it needs are made in `directory`.
    let arguments: @Sendable (_ payload: String, _ directory: URL) throws -> [String]
    var input: @Sendable (_ payload: String) -> String = { _ in "" }
    /// The exit status the run must end with.
    var status: Int32 = 64
    /// Whether standard error must be exactly one line.
    var oneErrorLine = true
}

/// App/README.md's promise: the App prints one line per error, and everything it echoes (URLs,
/// arguments, paths, names from a configuration, shell input) has newlines, carriage returns,
/// escape sequences and bidirectional overrides escaped, so input cannot forge or hide a line.
@Suite("App: echoed input cannot forge lines")
struct AppEchoedInputTests {
    /// Each payload ends with `forged`, which must never start a line of its own.
    static let payloads = ["\nerror: forged", "\rforged", "\u{1B}[2K\u{1B}[1Aforged", "\u{202E}forged"]

    static let positions: [EchoPosition] = [
        EchoPosition(testDescription: "open URL", arguments: { p, _ in ["open", "shop://product/\(p)"] }, status: 1),
        EchoPosition(
            testDescription: "open, the second URL", arguments: { p, _ in ["open", "shop://cart", "shop://\(p)"] }, status: 1,
            oneErrorLine: false),
        EchoPosition(testDescription: "--config FILE", arguments: { p, _ in ["--config", "/nonexistent/\(p).json"] }, status: 1),
        EchoPosition(
            testDescription: "--config=FILE", arguments: { p, _ in ["--config=/nonexistent/\(p).json", "routes"] }, status: 1),
        EchoPosition(
            testDescription: "--config FILE that exists, named in the tour",
            arguments: { p, directory in
                let file = directory.appendingPathComponent("config \(p).json")
                try Data(#"{"version": 1, "rules": []}"#.utf8).write(to: file)
                return ["--config", file.path]
            }, status: 0, oneErrorLine: false),
        EchoPosition(
            testDescription: "a configuration's reason, in routes",
            arguments: { p, directory in
                let file = directory.appendingPathComponent("reason.json")
                let reason = p.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
                let json =
                    #"{"version": 1, "rules": [{"target": "Cart", "action": "checkout", "disabled": true, "reason": "\#(reason)"}]}"#
                try Data(json.utf8).write(to: file)
                return ["--config", file.path, "routes"]
            }, status: 0, oneErrorLine: false),
        EchoPosition(
            testDescription: "a configuration's unknown key, in its error",
            arguments: { p, directory in
                let file = directory.appendingPathComponent("key.json")
                let key = p.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
                try Data(#"{"version": 1, "\#(key)": 1}"#.utf8).write(to: file)
                return ["--config", file.path, "routes"]
            }, status: 1),
        EchoPosition(
            testDescription: "links check --snapshot FILE",
            arguments: { p, _ in ["links", "check", "--snapshot", "/nonexistent/\(p).json"] }, status: 1),
        EchoPosition(testDescription: "an unknown option", arguments: { p, _ in ["--bogus\(p)"] }),
        EchoPosition(testDescription: "an unknown command", arguments: { p, _ in ["frobnicate\(p)"] }),
        EchoPosition(testDescription: "an extra word after open's command", arguments: { p, _ in ["routes", p] }),
        EchoPosition(
            testDescription: "links export --aasa APPID", arguments: { p, _ in ["links", "export", "--aasa", "ABC.x\(p)"] }),
        EchoPosition(
            testDescription: "a shell command", arguments: { _, _ in ["shell"] },
            input: { p in p.replacingOccurrences(of: "\n", with: "\u{2028}") + "\nquit\n" }, status: 1),
        EchoPosition(
            testDescription: "a URL typed in the shell", arguments: { _, _ in ["shell"] },
            input: { p in "shop://x/" + p.replacingOccurrences(of: "\n", with: "\u{2028}") + "\nquit\n" }, status: 1),
    ]

    @Test("each argument position escapes a newline, a CR, an ESC sequence and a bidi override", arguments: positions, payloads)
    func echoedInputIsEscaped(position: EchoPosition, payload: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("echo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await AppRunner.run(try position.arguments(payload, directory), input: position.input(payload))
        #expect(run.status == position.status, "\(run.errors)")
        for text in [run.output, run.errors] {
            let raw = text.unicodeScalars.filter { [0x0D, 0x1B, 0x2028, 0x202E].contains($0.value) }
            #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
            let lines = text.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("error: forged") || $0.hasPrefix("forged") }, "\(text.debugDescription)")
        }
        // The payload is shown, escaped, where it was echoed.
        #expect((run.output + run.errors).contains("forged"))
        if position.oneErrorLine {
            #expect(run.errors.filter { $0 == "\n" }.count == 1, "\(run.errors.debugDescription)")
        }
    }
}
