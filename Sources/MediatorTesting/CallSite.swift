import Testing

/// Where a test helper was called, as the compiler fills it in: what both test frameworks need to
/// put a failure on the caller's line (XCTest takes the path as a `StaticString`).
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
    /// A Swift Testing location a helper forwarded, used as is. Its path is not a `StaticString`, so
    /// under XCTest (where such helpers are not expected) the failure names this file instead.
    private var forwarded: SourceLocation?

    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    init(_ location: SourceLocation) {
        self.init(fileID: #fileID, filePath: #filePath, line: UInt(location.line), column: UInt(location.column))
        forwarded = location
    }

    /// The location as Swift Testing takes it.
    var sourceLocation: SourceLocation {
        if let forwarded { return forwarded }
        return SourceLocation(
            fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column))
    }
}
