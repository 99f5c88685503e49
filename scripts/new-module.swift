// Adds a module to the example app in one step, in the shape of the existing ones:
//
//   swift scripts/new-module.swift Wishlist
//
// creates
//   Modules/Wishlist/Sources/WishlistFacade/   contracts (`Wishlist`), an input with its schema, `mediator.wishlist`
//   Modules/Wishlist/Sources/Wishlist/         `WishlistTarget`, binding a handler to every contract
//   Tests/WishlistTests/                       a contract test (FacadeContract) and a behaviour test
// and edits
//   Package.swift                              the three targets, and the App's dependency on the module
//   App/Sources/App/ShopApp.swift              `import Wishlist` and `try mediator.register(WishlistTarget())`
//
// Everything is checked before anything is written: a bad or taken name, or a missing anchor
// comment, exits non-zero with one line saying why, and changes nothing. The edits go next to the
// anchor comments (`// scripts/new-module.swift …`) in Package.swift and ShopApp.swift; keep them.
// CI proves the generator on a throwaway copy with scripts/check-new-module.sh.
import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The text with every control character (newline, carriage return, escape), line or paragraph
/// separator, bidirectional control and byte order mark written as `\u{…}`: a refused name is echoed
/// back, and must not forge a second line or drive the terminal.
func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

// MARK: - Names

/// Every name the generator derives from the module's name, so the templates never spell one twice.
struct Names {
    /// `Wishlist`: the implementation target, the directory under Modules/, the contracts enum and the
    /// name the mediator knows the target by.
    let module: String
    var facadeTarget: String { "\(module)Facade" }
    var testTarget: String { "\(module)Tests" }
    var targetType: String { "\(module)Target" }
    var facadeType: String { "\(module)Facade" }
    var inputType: String { "\(module)GreetingRequest" }
    /// `wishlist`, as in `mediator.wishlist`.
    var property: String { Names.lowerCamel(module) }

    var directory: String { "Modules/\(module)" }
    var facadeDirectory: String { "\(directory)/Sources/\(facadeTarget)" }
    var implementationDirectory: String { "\(directory)/Sources/\(module)" }
    var testDirectory: String { "Tests/\(testTarget)" }

    /// `Wishlist` → `wishlist`, `URLTools` → `urlTools`, `UI` → `ui`.
    static func lowerCamel(_ name: String) -> String {
        let characters = Array(name)
        var leadingCapitals = 0
        while leadingCapitals < characters.count, characters[leadingCapitals].isUppercase { leadingCapitals += 1 }
        var lowered = leadingCapitals
        if leadingCapitals > 1, leadingCapitals < characters.count, characters[leadingCapitals].isLowercase {
            lowered -= 1  // keep the capital that starts the next word: URLTools → urlTools
        }
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}

// MARK: - Checks

/// Swift keywords a module's facade property (`mediator.<name>`) cannot be without backticks.
let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
    "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "any", "some",
]

/// Modules and types the generated code or the toolchain already means by these names.
let reservedNames: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Testing", "XCTest", "Synchronization", "Observation",
    "Darwin", "Glibc", "Musl", "CoreFoundation", "Distributed", "RegexBuilder", "SwiftUI", "UIKit", "AppKit",
    "Combine", "String", "Int", "Bool", "Double", "Float", "Character", "Array", "Dictionary", "Set", "Optional",
    "Result", "Error", "Never", "Void", "Any", "AnyObject", "Self", "Type", "Protocol", "Sendable", "Equatable",
    "Hashable", "Codable", "Identifiable", "Task", "Actor", "MainActor", "Data", "URL", "Date", "UUID", "Duration",
    "Test", "Suite", "Issue", "Tag", "Trait", "SourceLocation",
]

/// The longest name whose generated lines stay within `.swift-format`'s line length.
let maximumNameLength = 24

/// Why `name` cannot be a new module in the package at `root`, or `nil` when it can.
func problem(with name: String, in root: URL) throws -> String? {
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
        return "a module name starts with an uppercase letter A-Z, like Wishlist"
    }
    guard name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
        return "a module name has only the letters A-Z, a-z and the digits 0-9, like Wishlist"
    }
    guard name.count <= maximumNameLength else {
        return "a module name has at most \(maximumNameLength) characters, so generated lines stay within the lint's"
    }
    for suffix in ["Facade", "Tests", "Target"] where name.hasSuffix(suffix) {
        return "\(name) ends in \(suffix), which the generated target names add themselves; drop it"
    }
    guard !reservedNames.contains(name), !keywords.contains(name.lowercased()) else {
        return "\(name) is already a Swift, toolchain or standard-library name; choose a domain name like Wishlist"
    }
    let names = Names(module: name)
    guard !keywords.contains(names.property) else {
        return "mediator.\(names.property) would be a Swift keyword; choose another name"
    }

    // Targets and directories, compared without case, as macOS's file system does.
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let existingTargets = matches(of: #"name:\s*"([^"]+)""#, in: manifest)
    for wanted in [names.module, names.facadeTarget, names.testTarget] {
        if let taken = existingTargets.first(where: { $0.lowercased() == wanted.lowercased() }) {
            return "Package.swift already has a target named \(taken)"
        }
    }
    for (folder, wanted) in [("Modules", name), ("Tests", names.testTarget), ("Sources", name)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        if let taken = entries.first(where: { $0.lowercased() == wanted.lowercased() }) {
            return "\(folder)/\(taken) already exists"
        }
    }

    // Names the new code would declare, against what the package's code already declares (comments aside).
    let code = try swiftSources(under: ["Sources", "Modules", "App"], in: root).map { path, text in
        let lines = text.components(separatedBy: "\n")
        return (path, lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n"))
    }
    let escaped = NSRegularExpression.escapedPattern(for: name)
    let targetName = #"target\w*\s*[:=]\s*"("# + escaped + #")""#
    if let hit = code.first(where: { !matches(of: targetName, in: $0.1, caseInsensitive: true).isEmpty }) {
        return "a mediator target named \"\(name)\" is already registered (\(hit.0)); choose another name"
    }
    for type in [names.module, names.targetType, names.facadeType, names.inputType] {
        let declaration = #"\b(struct|enum|class|actor|protocol|typealias)\s+"# + type + #"\b"#
        if let hit = code.first(where: { !matches(of: declaration, in: $0.1).isEmpty }) {
            return "\(hit.0) already declares a type named \(type); choose another name"
        }
    }
    // A member of Mediator itself, or of an extension of it: declared one indentation level in.
    let member = #"(?m)^    (@\w+ |public |package |internal |nonisolated |static |final )*(var|let|func|case) "#
    let onMediator = code.filter { $0.1.contains("extension Mediator ") || $0.1.contains("class Mediator") }
    if let hit = onMediator.first(where: { !matches(of: member + names.property + #"\b"#, in: $0.1).isEmpty }) {
        return "mediator.\(names.property) would clash with a member declared in \(hit.0); choose another name"
    }
    return nil
}

/// The first capture group of every match of `pattern` in `text`.
func matches(of pattern: String, in text: String, caseInsensitive: Bool = false) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    else { return [] }
    let whole = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: whole).compactMap { match in
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }
}

/// Every `.swift` file under the given folders of `root`, by path relative to `root`.
func swiftSources(under folders: [String], in root: URL) throws -> [(String, String)] {
    var files: [(String, String)] = []
    for folder in folders {
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let path = "\(folder)/\(relative)"
            files.append((path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
        }
    }
    return files
}

// MARK: - Edits of existing files

/// The anchor comments the generator inserts above; each must appear exactly once.
enum Anchor {
    static let targets = "// scripts/new-module.swift adds each new module's targets above this line."
    static let appDependencies = "// scripts/new-module.swift adds each new module to the App's dependencies above this line."
    static let registration = "// scripts/new-module.swift registers each new module above this line."
}

/// `text` with `lines` inserted above the line holding `anchor`, each indented as the anchor is.
func inserting(_ lines: [String], above anchor: String, in text: String, of file: String) throws -> String {
    var all = text.components(separatedBy: "\n")
    let found = all.indices.filter { all[$0].trimmingCharacters(in: .whitespaces) == anchor }
    guard found.count == 1, let index = found.first else {
        throw Failure(
            "\(file) needs the line `\(anchor)` exactly once (found \(found.count)); put it back where "
                + "new modules go, then run this again")
    }
    let indentation = String(all[index].prefix { $0 == " " })
    all.insert(contentsOf: lines.map { $0.isEmpty ? "" : indentation + $0 }, at: index)
    return all.joined(separator: "\n")
}

/// `text` with `import module` added to its first block of imports, in swift-format's order (by
/// module name, compared as bytes, whatever the access level).
func addingImport(of module: String, to text: String, of file: String) throws -> String {
    var lines = text.components(separatedBy: "\n")
    func importedModule(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count,
            words[..<keyword].allSatisfy({ ["public", "package", "internal", "@preconcurrency"].contains($0) })
        else { return nil }
        return String(words[keyword + 1])
    }
    guard let start = lines.firstIndex(where: { importedModule($0) != nil }) else {
        throw Failure("\(file) has no import lines to add `import \(module)` to")
    }
    var end = start
    while end + 1 < lines.count, importedModule(lines[end + 1]) != nil { end += 1 }
    let position = (start...end).first { (importedModule(lines[$0]) ?? "") > module } ?? end + 1
    lines.insert("import \(module)", at: position)
    return lines.joined(separator: "\n")
}

// MARK: - Templates

/// The new files, by path relative to the package root.
func newFiles(_ n: Names) -> [(path: String, text: String)] {
    /// Import lines in swift-format's order: by module name, whatever the access level.
    func sortedImports(_ modules: [String], public publicModules: Set<String> = []) -> String {
        modules.sorted().map { publicModules.contains($0) ? "public import \($0)" : "import \($0)" }.joined(separator: "\n")
    }
    let contracts = #"""
        public import Mediator

        /// The \#(n.module) module's actions as other modules see them: one contract per action, the single
        /// source of their names, inputs and results. The facade calls them; the module's target binds them.
        public enum \#(n.module) {
            /// The target name the mediator knows the module by.
            public static let target = "\#(n.module)"

            /// A greeting for a name (local): the generated example; replace it with the module's actions.
            public static let greeting = ActionContract<\#(n.inputType), String>("greeting", on: target)

            /// Every contract of the module, for its contract test.
            public static let all: [any MediatorContract] = [greeting]
        }

        """#
    let inputs = #"""
        public import Mediator

        /// The input of ``\#(n.module)/greeting``: who to greet.
        public struct \#(n.inputType): MediatorInput, Equatable {
            /// Who to greet.
            public var name: String

            /// A greeting request.
            /// - Parameter name: Who to greet.
            public init(name: String) {
                self.name = name
            }

            /// `name`: required; URLs and callers by name spell it `name`.
            public static let schema = MediatorSchema(
                \#(n.inputType).init, .required("name", \.name, "Who to greet"))
        }

        """#
    let facade = #"""
        public import Mediator

        extension Mediator {
            /// The \#(n.module) module's typed facade: call it instead of importing the module.
            ///
            /// ```swift
            /// let greeting = try mediator.\#(n.property).greeting(name: "Ada")
            /// ```
            public var \#(n.property): \#(n.facadeType) { \#(n.facadeType)(mediator: self) }
        }

        /// Typed calls into the \#(n.module) module, each one line over a contract from ``\#(n.module)``.
        public struct \#(n.facadeType): Sendable {
            /// The mediator the calls go through.
            public let mediator: Mediator

            /// A greeting for a name.
            /// - Parameter name: Who to greet.
            /// - Returns: The greeting.
            /// - Throws: A ``MediatorError``, for example when the module is not registered.
            public func greeting(name: String) throws -> String {
                try mediator.call(\#(n.module).greeting, with: \#(n.inputType)(name: name))
            }
        }

        """#
    let target = #"""
        \#(sortedImports(["Mediator", n.facadeTarget], public: ["Mediator"]))

        /// The \#(n.module) module's entry point: every action it offers, declared once, each bound to the
        /// contract `\#(n.module)` declares in `\#(n.facadeTarget)`, so a handler that does not match its
        /// contract's input or result does not compile.
        ///
        /// The app registers it in its composition root:
        ///
        /// ```swift
        /// try mediator.register(\#(n.targetType)())
        /// ```
        public struct \#(n.targetType): MediatorTarget {
            /// `"\#(n.module)"`.
            public static let targetName = \#(n.module).target
            /// What the module does, as the catalog (`swift run App routes`) shows it.
            public static let summary = "The \#(n.module) module"

            /// Creates the target; it keeps no state, so the mediator makes one per call.
            public init() {}

            /// Every action of the \#(n.module) module.
            public static let actions: [MediatorAction<\#(n.targetType)>] = [
                MediatorAction(\#(n.module).greeting, summary: "A greeting for a name") { _, input in
                    "Hello, \(input.name), from \#(n.module)."
                }
            ]
        }

        """#
    let contractTests = #"""
        \#(sortedImports(["Mediator", "MediatorTesting", n.module, n.facadeTarget, "Testing"]))

        /// The \#(n.module) target binds every contract its facade declares, and each facade call reaches it.
        @Suite("\#(n.module) facade and target agree")
        struct \#(n.module)ContractTests {
            @Test("the target binds every contract in \#(n.module).all, and declares nothing else")
            func targetBindsEveryContract() throws {
                let mediator = Mediator()
                try mediator.register(\#(n.targetType)())
                #expect(FacadeContract.problems(on: mediator, contracts: \#(n.module).all) == [])
            }

            @Test("every facade method returns its typed result from the real target")
            func everyFacadeMethodReachesTheTarget() throws {
                let mediator = Mediator()
                try mediator.register(\#(n.targetType)())
                let recorder = CallRecorder()
                mediator.addInterceptor(recorder)

                _ = try mediator.\#(n.property).greeting(name: "Ada")

                #expect(recorder.outcomes.allSatisfy { $0.isSuccess })
                #expect(Set(recorder.calls.map(\.action)) == Set(\#(n.module).all.map(\.action)))
                #expect(recorder.inputs(to: \#(n.module).greeting).map(\.name) == ["Ada"])
            }
        }

        """#
    let behaviourTests = #"""
        \#(sortedImports(["Mediator", "MediatorTesting", n.module, n.facadeTarget, "Testing"]))

        /// The \#(n.module) module's behaviour, through its facade, with nothing else registered.
        @Suite("\#(n.module) module")
        struct \#(n.targetType)Tests {
            let mediator = Mediator()

            init() throws {
                try mediator.register(\#(n.targetType)())
            }

            @Test("the greeting names who it greets")
            func greetingNamesWhoItGreets() throws {
                let greeting = try mediator.\#(n.property).greeting(name: "Ada")
                #expect(greeting == "Hello, Ada, from \#(n.module).")
            }

            @Test("a call by name without a name fails, naming the missing parameter")
            func callByNameWithoutANameFailsNamingTheParameter() {
                let error = expectMediatorError(.missingParameter) {
                    try mediator.perform("greeting", on: \#(n.module).target)
                }
                #expect(error?.parameter == "name")
            }

            @Test("the greeting is local: a remote call is refused")
            func greetingIsLocal() {
                expectMediatorError(.remoteCallNotAllowed) {
                    try mediator.perform("greeting", on: \#(n.module).target, with: ["name": "Ada"], source: .remote)
                }
            }
        }

        """#
    return [
        ("\(n.facadeDirectory)/\(n.module).swift", contracts),
        ("\(n.facadeDirectory)/\(n.module)Inputs.swift", inputs),
        ("\(n.facadeDirectory)/Mediator+\(n.module).swift", facade),
        ("\(n.implementationDirectory)/\(n.targetType).swift", target),
        ("\(n.testDirectory)/\(n.module)ContractTests.swift", contractTests),
        ("\(n.testDirectory)/\(n.targetType)Tests.swift", behaviourTests),
    ]
}

/// Package.swift's stanzas for the module, in the layout of the existing modules' stanzas.
func packageStanzas(_ n: Names) -> [String] {
    [
        ".target(",
        "    name: \"\(n.facadeTarget)\", dependencies: [\"Mediator\"],",
        "    path: \"\(n.facadeDirectory)\"),",
        ".target(",
        "    name: \"\(n.module)\", dependencies: [\"Mediator\", \"\(n.facadeTarget)\"],",
        "    path: \"\(n.implementationDirectory)\"),",
        ".testTarget(",
        "    name: \"\(n.testTarget)\",",
        "    dependencies: [\"\(n.module)\", \"\(n.facadeTarget)\", \"Mediator\", \"MediatorTesting\"]),",
    ]
}

// MARK: - Main

let usage = "usage: swift scripts/new-module.swift <Name>   (a Swift type name, like Wishlist)"

func run(_ arguments: [String]) throws {
    if arguments == ["-h"] || arguments == ["--help"] {
        print(usage)
        return
    }
    guard arguments.count == 1, let name = arguments.first, !name.hasPrefix("-") else { throw Failure(usage) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    if let problem = try problem(with: name, in: root) {
        throw Failure("cannot add \(name): \(problem)")
    }
    let names = Names(module: name)

    // Every change is computed, and every anchor found, before the first write.
    let packagePath = "Package.swift"
    let appPath = "App/Sources/App/ShopApp.swift"
    let originalPackage = try String(contentsOf: root.appendingPathComponent(packagePath), encoding: .utf8)
    var package = try inserting(packageStanzas(names), above: Anchor.targets, in: originalPackage, of: packagePath)
    package = try inserting(
        ["\"\(names.module)\", \"\(names.facadeTarget)\","], above: Anchor.appDependencies, in: package, of: packagePath)
    let originalApp = try String(contentsOf: root.appendingPathComponent(appPath), encoding: .utf8)
    var app = try inserting(
        ["try mediator.register(\(names.targetType)())"], above: Anchor.registration, in: originalApp, of: appPath)
    app = try addingImport(of: names.module, to: app, of: appPath)
    let files = newFiles(names)

    let manager = FileManager.default
    do {
        for file in files {
            let url = root.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
        }
        try package.write(to: root.appendingPathComponent(packagePath), atomically: true, encoding: .utf8)
        try app.write(to: root.appendingPathComponent(appPath), atomically: true, encoding: .utf8)
    } catch {
        // Leave nothing half made: the new directories go (they did not exist before), and the edited
        // files get their old text back.
        for directory in [names.directory, names.testDirectory] {
            try? manager.removeItem(at: root.appendingPathComponent(directory))
        }
        try? originalPackage.write(to: root.appendingPathComponent(packagePath), atomically: true, encoding: .utf8)
        try? originalApp.write(to: root.appendingPathComponent(appPath), atomically: true, encoding: .utf8)
        throw Failure("cannot add \(name): \(error); the package is as it was")
    }

    print(
        """
        Added the \(name) module.

        Created:
        \(files.map { "  \($0.path)" }.joined(separator: "\n"))
        Edited:
          \(packagePath)  targets \(names.facadeTarget), \(name), \(names.testTarget); the App depends on \(name) and \(names.facadeTarget)
          \(appPath)  import \(name); try mediator.register(\(names.targetType)())

        Next:
          1. Contracts: replace the example `greeting` in \(names.facadeDirectory)/\(name).swift with the
             module's actions, and list each in `all`.
          2. Inputs: replace \(names.inputType) in \(name)Inputs.swift; its `schema` names each parameter once.
             Values callers and the module share go in the facade target too.
          3. Facade: one method per contract in Mediator+\(name).swift, each one line over its contract.
          4. Handler: bind each contract in \(names.implementationDirectory)/\(names.targetType).swift
             (`exposure: .remote` and `urlPatterns:` only for what deep links may reach).
          5. Dependencies: to call another module, add its facade (such as "ModuleAFacade") to the \(name)
             target in Package.swift, give \(names.targetType) an `init(mediator:)` and register it in
             \(appPath) with `try mediator.register { \(names.targetType)(mediator: $0) }`;
             add "Presentation" to return screens. Tests replace neighbours with MediatorTesting's doubles.
          6. Tests: call each new facade method in \(names.testDirectory)/\(name)ContractTests.swift, and
             describe the behaviour in \(names.targetType)Tests.swift.

        Check it as CI will:
          swift build && swift test --filter \(names.testTarget)
          swift format lint --strict --configuration .swift-format -r \(names.directory) \(names.testDirectory)
          swift scripts/check-module-graph.swift
        """)
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    // One line, whatever the name held: every message that echoes input is printed through `escaped`.
    FileHandle.standardError.write(Data("new-module: \(escaped(String(describing: error)))\n".utf8))
    exit(1)
}
