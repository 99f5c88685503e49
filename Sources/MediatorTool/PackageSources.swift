import Foundation

/// The Swift files of a package, read once: everything outside hidden (and so build) directories
/// but the manifest.
struct PackageSources {
    /// A file by its path relative to the package, with its text and the text without comment lines.
    struct File {
        let path: String
        let text: String
        let code: String
    }

    let files: [File]
    /// Each file's path and its text without comment lines.
    var code: [(path: String, text: String)] { files.map { ($0.path, $0.code) } }

    init(root: URL) throws {
        var files: [File] = []
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            throw ToolFailure("cannot read the package directory \(EscapedText.quoted(root.path, limit: 200))")
        }
        for case let relative as String in walker {
            let parts = relative.split(separator: "/")
            if parts.last?.hasPrefix(".") == true {
                walker.skipDescendants()
                continue
            }
            // Package.swift (and any manifest at the top) is not code the new module could clash with.
            guard relative.hasSuffix(".swift"), parts.count > 1 else { continue }
            guard let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8) else { continue }
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            files.append(File(path: relative, text: text, code: code))
        }
        self.files = files.sorted { $0.path < $1.path }
    }
}
