import Foundation

/// A failure the tool reports in one line (or a usage text) and exits non-zero for.
struct ToolFailure: Error, CustomStringConvertible {
    /// What went wrong, and what to do.
    let description: String

    /// A failure with its message.
    init(_ description: String) { self.description = description }
}
