import Foundation
internal import MediatorText

/// Every change adding a module makes, computed before anything is written: the new files, and the
/// new text of each edited file.
struct ModulePlan {
    /// The anchor comments the generator inserts above, each optional; it matches a comment line
    /// ending with the text.
    enum Anchor {
        static let targets = "adds each new module's targets above this line."
        static let appDependencies = "adds each new module to the App's dependencies above this line."
        static let registration = "registers each new module above this line."
    }

    let names: ModuleNames
    /// New files, by path relative to the package.
    let files: [(path: String, text: String)]
    /// Edited files, by path relative to the package: old and new text, and the lines added.
    let edits: [(path: String, old: String, new: String, added: [String])]
    /// The file that registers targets, when the package has the registration anchor.
    let registrationFile: String?
    /// The modules whose facades the new module depends on (`--uses`).
    let uses: [ModuleNames]

    init(
        names: ModuleNames, template: URL, package: URL, sources: PackageSources,
        mediator: (core: String, testing: String), uses: [ModuleNames] = []
    ) throws {
        self.names = names
        self.uses = uses
        files = try Self.templateFiles(names, template).map { file in
            (file.path, try Self.wiring(uses, into: file.text, of: file.path, names: names))
        }

        let manifestURL = package.appendingPathComponent("Package.swift")
        guard let manifest = try? String(contentsOf: manifestURL, encoding: .utf8) else {
            throw ToolFailure("there is no readable Package.swift in \(LogSafeText.quoted(package.path))")
        }
        let stanzas = Self.stanzas(names, mediator, uses: uses)
        var edited: String
        if let withAnchor = try Self.inserting(stanzas, aboveAnchor: Anchor.targets, in: manifest, of: "Package.swift") {
            edited = withAnchor
        } else {
            edited = try Self.insertingIntoTargets(stanzas, in: manifest)
        }
        var added = stanzas
        let dependency = "\"\(names.module)\", \"\(names.facadeTarget)\","
        if let withApp = try Self.inserting([dependency], aboveAnchor: Anchor.appDependencies, in: edited, of: "Package.swift") {
            edited = withApp
            added.append(dependency)
        }
        var edits = [(path: "Package.swift", old: manifest, new: edited, added: added)]

        let anchored = sources.files.filter { file in
            file.text.split(whereSeparator: \.isNewline).contains { Self.isAnchor($0, Anchor.registration) }
        }
        guard anchored.count <= 1 else {
            throw ToolFailure(
                "the registration anchor (a comment ending \"\(Anchor.registration)\") is in more than one file of the "
                    + "package's targets: " + anchored.map { LogSafeText.quoted($0.path) }.joined(separator: ", "))
        }
        registrationFile = anchored.first?.path
        if let file = anchored.first {
            let line =
                uses.isEmpty
                ? "try mediator.register(\(names.targetType)())" : "try mediator.register { \(names.targetType)(mediator: $0) }"
            guard var text = try Self.inserting([line], aboveAnchor: Anchor.registration, in: file.text, of: file.path) else {
                throw ToolFailure("\(LogSafeText.quoted(file.path)) lost its registration anchor while being read")
            }
            text = try Self.addingImport(of: names.module, to: text, of: file.path)
            edits.append((file.path, file.text, text, ["import \(names.module)", line]))
        }
        self.edits = edits
    }

    // MARK: Writing

    /// Writes every file; on a failure, removes what it created and puts the edited files back.
    func apply(in package: URL) throws {
        let manager = FileManager.default
        do {
            for file in files {
                let url = package.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            }
            for edit in edits {
                try edit.new.write(to: package.appendingPathComponent(edit.path), atomically: true, encoding: .utf8)
            }
        } catch {
            // Leave nothing half made: the new directories did not exist before.
            for directory in [names.directory, names.testDirectory] {
                try? manager.removeItem(at: package.appendingPathComponent(directory))
            }
            for edit in edits {
                try? edit.old.write(to: package.appendingPathComponent(edit.path), atomically: true, encoding: .utf8)
            }
            throw ToolFailure("new-module: cannot add \(names.module): \(error); the package is as it was")
        }
    }

    // MARK: Reports

    /// What the plan creates and edits; `detailed` lists the added lines of each edit too.
    func summary(detailed: Bool) -> String {
        var lines = ["Create:"] + files.map { "  \($0.path)" } + ["Edit:"]
        for edit in edits {
            lines.append("  \(LogSafeText.inline(edit.path, limit: 300))")
            if detailed { lines += edit.added.map { "    + \($0)" } }
        }
        return lines.joined(separator: "\n")
    }

    /// What to do next, after the module was added.
    var nextSteps: String {
        let registration =
            uses.isEmpty
            ? "try mediator.register(\(names.targetType)())" : "try mediator.register { \(names.targetType)(mediator: $0) }"
        let register =
            registrationFile.map { "It is registered in \(LogSafeText.inline($0, limit: 300))." }
            ?? "Register it in your composition root: \(registration)"
        let calling =
            uses.isEmpty
            ? "To call another module, add its facade target to \(names.module)'s dependencies in Package.swift."
            : "Call " + uses.map { "\($0.module) (through \($0.facadeTarget))" }.joined(separator: ", ")
                + " from \(names.targetType)'s handlers, with the mediator it keeps."
        return """

            \(register)

            Next:
              1. Contracts: replace the example `greeting` in \(names.facadeDirectory)/\(names.module).swift
                 with the module's actions, and list each in `all`.
              2. Inputs: replace \(names.inputType) in \(names.module)Inputs.swift; one @Parameter property
                 per parameter states its name, type, default and description once.
              3. Facade (optional): a method in Mediator+\(names.module).swift for a contract callers use often.
              4. Handler: bind each contract in \(names.implementationDirectory)/\(names.targetType).swift.
              5. \(calling)
              6. Tests: \(names.testDirectory); then `swift package check-module-graph`.
            """
    }

    // MARK: The template

    /// The template's Swift files, renamed and with the module's names in place, by destination path.
    private static func templateFiles(_ names: ModuleNames, _ template: URL) throws -> [(path: String, text: String)] {
        let template0 = ModuleNames.template
        let places = [
            ("Sources/\(template0)Facade", names.facadeDirectory), ("Sources/\(template0)", names.implementationDirectory),
            ("Tests/\(template0)Tests", names.testDirectory),
        ]
        var files: [(path: String, text: String)] = []
        for (from, to) in places {
            let directory = template.appendingPathComponent(from)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
                throw ToolFailure("the module template is missing \(LogSafeText.quoted(directory.path))")
            }
            for entry in entries.sorted() where entry.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(entry), encoding: .utf8)
                files.append(("\(to)/\(names.substituted(entry))", sortingImports(names.substituted(text))))
            }
        }
        guard !files.isEmpty else { throw ToolFailure("the module template has no Swift files") }
        return files
    }

    /// The manifest stanzas for the module, in the layout of the example modules.
    private static func stanzas(
        _ names: ModuleNames, _ mediator: (core: String, testing: String), uses: [ModuleNames]
    ) -> [String] {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
        let facades = uses.map { "\"\($0.facadeTarget)\"" }
        // One line when it fits the lint's 120 columns (with the targets list's indentation), else one per line.
        let testItems = ["\"\(names.module)\"", "\"\(names.facadeTarget)\""] + facades + [mediator.core, mediator.testing]
        let testLine = "    dependencies: \(list(testItems))),"
        let testDependencies =
            testLine.count <= 108 ? [testLine] : ["    dependencies: ["] + testItems.map { "        \($0)," } + ["    ]),"]
        return [
            ".target(",
            "    name: \"\(names.facadeTarget)\", dependencies: \(list([mediator.core])),",
            "    path: \"\(names.facadeDirectory)\"),",
            ".target(",
            "    name: \"\(names.module)\", dependencies: \(list([mediator.core, "\"\(names.facadeTarget)\""] + facades)),",
            "    path: \"\(names.implementationDirectory)\"),",
            ".testTarget(",
            "    name: \"\(names.testTarget)\",",
        ] + testDependencies
    }

    /// A generated file wired to the facades of `uses`: the target keeps the mediator it calls them
    /// through (`init(mediator:)`), is registered with a factory, and imports their facades. A
    /// template that lost a line this edits is reported, not half-wired.
    static func wiring(_ uses: [ModuleNames], into text: String, of path: String, names: ModuleNames) throws -> String {
        guard !uses.isEmpty else { return text }
        var text = text.replacingOccurrences(
            of: "register(\(names.targetType)())", with: "register { \(names.targetType)(mediator: $0) }")
        guard path.hasSuffix("/\(names.targetType).swift") else { return text }
        let plain = """
                /// Creates the target; it keeps no state, so the mediator makes one per call.
                public init() {}
            """
        guard text.contains(plain) else {
            throw ToolFailure("the module template's \(names.targetType) no longer has `public init() {}` for --uses to replace")
        }
        let used = uses.map(\.module).joined(separator: ", ")
        text = text.replacingOccurrences(
            of: plain,
            with: """
                    /// The mediator the target calls \(used) through, for its handlers.
                    let mediator: Mediator

                    /// Creates the target with the mediator it calls other modules through.
                    public init(mediator: Mediator) { self.mediator = mediator }
                """)
        for facade in uses.map(\.facadeTarget) { text = try addingImport(of: facade, to: text, of: path) }
        return text
    }

    // MARK: Text edits

    static func isAnchor(_ line: Substring, _ anchor: String) -> Bool {
        // `\r` too: a CRLF file's lines, split at `\n`, keep it.
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("//") && trimmed.hasSuffix(anchor)
    }

    /// `text` with `lines` inserted above the anchor line, indented as it is; `nil` when there is no anchor.
    static func inserting(_ lines: [String], aboveAnchor anchor: String, in text: String, of file: String) throws -> String? {
        var all = text.components(separatedBy: "\n")
        let found = all.indices.filter { isAnchor(Substring(all[$0]), anchor) }
        guard let index = found.first else { return nil }
        guard found.count == 1 else {
            throw ToolFailure("\(LogSafeText.quoted(file)) has the comment ending \"\(anchor)\" \(found.count) times; keep one")
        }
        let indentation = String(all[index].prefix { $0 == " " })
        all.insert(contentsOf: lines.map { indentation + $0 }, at: index)
        return all.joined(separator: "\n")
    }

    /// A manifest with the stanzas first in its `targets: [` list, when it has no anchor.
    static func insertingIntoTargets(_ lines: [String], in manifest: String) throws -> String {
        var all = manifest.components(separatedBy: "\n")
        let found = all.indices.filter { all[$0].trimmingCharacters(in: .whitespaces) == "targets: [" }
        guard found.count == 1, let index = found.first else {
            throw ToolFailure(
                "Package.swift has \(found.count) lines reading `targets: [`, so where the targets go is unclear; "
                    + "add the comment `// swift package new-module \(Anchor.targets)` inside the targets list")
        }
        let indentation = String(all[index].prefix { $0 == " " }) + "    "
        all.insert(contentsOf: lines.map { indentation + $0 }, at: index + 1)
        return all.joined(separator: "\n")
    }

    /// The module an import line imports, if the line is one.
    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count,
            words[..<keyword].allSatisfy({ ["public", "package", "internal", "@preconcurrency", "@testable"].contains($0) })
        else { return nil }
        return String(words[keyword + 1])
    }

    /// `text` with its first block of imports sorted by module name (compared as bytes, whatever the
    /// access level), as swift-format orders them.
    static func sortingImports(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { importedModule(Substring($0)) != nil }) else { return text }
        var end = start
        while end + 1 < lines.count, importedModule(Substring(lines[end + 1])) != nil { end += 1 }
        lines[start...end].sort { (importedModule(Substring($0)) ?? "") < (importedModule(Substring($1)) ?? "") }
        return lines.joined(separator: "\n")
    }

    /// `text` with `import module` added to its first block of imports, in order.
    static func addingImport(of module: String, to text: String, of file: String) throws -> String {
        guard text.split(separator: "\n").contains(where: { importedModule($0) != nil }) else {
            throw ToolFailure("\(LogSafeText.quoted(file)) has no import lines to add `import \(module)` to")
        }
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { importedModule(Substring($0)) != nil }) else { return text }
        lines.insert("import \(module)", at: start)
        return sortingImports(lines.joined(separator: "\n"))
    }
}
