import Foundation
import Testing

/// Fails the running test, in whichever framework runs it, at the helper's call site.
///
/// Swift Testing when a Swift Testing test is running on this task (`Test.current`); otherwise
/// XCTest, found at run time (`XCTFail` by its symbol, the way swift-issue-reporting does it) so
/// that MediatorTesting needs no XCTest import and a consumer's XCTest-only target can use it, and
/// Swift Testing too (for its code off the test's task); with no XCTest loaded (a debug build of an
/// app), standard error.
enum TestFailure {
    static func report(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
            return
        }
        // No Swift Testing test on this task: an XCTest case, or a Swift Testing test whose code runs
        // off its task (a plain thread). XCTFail does nothing outside an XCTest case, so the failure
        // is also recorded for Swift Testing, which reports an issue outside any test instead of
        // dropping it; outside a Swift Testing run that record goes nowhere.
        if let fail = xctFail {
            fail(message, site.filePath, site.line)
        } else {
            FileHandle.standardError.write(Data("\(site.filePath):\(site.line): MediatorTesting: \(message)\n".utf8))
        }
        Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
    }

    /// `XCTest.XCTFail(_:file:line:)`, when XCTest is loaded in this process.
    private typealias XCTFail = @convention(thin) (String, StaticString, UInt) -> Void

    /// Looked up once: the mangled name of `XCTFail(_ message: String, file: StaticString, line: UInt)`,
    /// the same in Apple's XCTest and swift-corelibs-xctest.
    private static let xctFail: XCTFail? = {
        guard let process = dlopen(nil, RTLD_LAZY),
            let symbol = dlsym(process, "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
        else { return nil }
        return unsafeBitCast(symbol, to: XCTFail.self)
    }()
}
