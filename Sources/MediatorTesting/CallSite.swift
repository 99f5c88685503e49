import Testing

/// Where a test helper was called, as the compiler fills it in: what both test frameworks need to
/// put a failure on the caller's line (XCTest takes the path as a `StaticString`).
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// The location as Swift Testing takes it.
    var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column))
    }
}
