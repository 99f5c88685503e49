public import Foundation

/// Files committed with the package (the App's links snapshot, its example configuration), found from
/// this file's own path, so a test reads them wherever its own file sits in the test folders.
public enum PackageFiles {
    /// The package's root directory: this file is `Tests/MediatorTestSupport/PackageFiles.swift`.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The committed file at `path`, relative to the package's root (`"App/links.json"`).
    public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
