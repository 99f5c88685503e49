import Foundation

/// The Swift files of a package's own targets, read once: the files under each target's directory
/// that lies inside the package, hidden directories skipped. Nothing else is read, and so nothing
/// else can be edited: not a dependency's copy vendored in the package (`Vendor/Mediator`), not
/// `.build` or its checkouts, not a directory no target of the package builds.
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

    /// Reads the files under `directories` (the package's targets' directories, relative to `root`
    /// or absolute); a directory outside `root` is skipped.
    init(root: URL, directories: [String]) throws {
        var files: [String: File] = [:]
        let rootPath = root.standardizedFileURL.path
        for directory in directories {
            let url = directory.hasPrefix("/") ? URL(fileURLWithPath: directory) : root.appendingPathComponent(directory)
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            let prefix = String(path.dropFirst(rootPath.count + 1))
            guard !prefix.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                let walker = FileManager.default.enumerator(atPath: path)
            else { continue }
            for case let relative as String in walker {
                if relative.split(separator: "/").last?.hasPrefix(".") == true {
                    walker.skipDescendants()
                    continue
                }
                let file = prefix + "/" + relative
                guard relative.hasSuffix(".swift"), files[file] == nil,
                    let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                else { continue }
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                files[file] = File(path: file, text: text, code: code)
            }
        }
        self.files = files.values.sorted { $0.path < $1.path }
    }
}
