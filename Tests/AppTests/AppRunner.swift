import Foundation
import MediatorTestSupport
import Testing

/// Runs the built App executable as a user would, and captures what it prints.
struct AppRun {
    let status: Int32
    let output: String
    let errors: String

    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}

enum AppRunner {
    /// The App binary sits in the build products directory, next to the test bundle.
    static func executable() throws -> URL {
        var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
        candidates += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for start in candidates {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let app = directory.appendingPathComponent("App")
                if FileManager.default.isExecutableFile(atPath: app.path) { return app }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw AppNotBuilt()
    }

    struct AppNotBuilt: Error, CustomStringConvertible {
        var description: String { "the App executable was not found next to the test bundle; run `swift build` first" }
    }

    /// Runs the App with arguments and standard input; returns its status and output.
    /// - Parameter mergingErrors: Send standard error to the same pipe as standard output (as a
    ///   terminal shows them), so `output` has both in the order they were written.
    ///
    /// The wait for the App runs off the cooperative pool, which would otherwise lose a thread to it.
    static func run(_ arguments: [String], input: String = "", mergingErrors: Bool = false) async throws -> AppRun {
        try await offThePool { try runWaiting(arguments, input: input, mergingErrors: mergingErrors) }
    }

    /// `run(_:input:mergingErrors:)`'s work, which blocks its thread until the App exits.
    private static func runWaiting(_ arguments: [String], input: String, mergingErrors: Bool) throws -> AppRun {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = mergingErrors ? stdout : Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = mergingErrors ? Data() : stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return AppRun(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }
}
