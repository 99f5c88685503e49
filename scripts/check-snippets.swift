// Compiles every Swift code block of README.md and the DocC articles from the text the reader sees,
// runs those that can run, and checks what they print; CI runs it after `swift build`.
//
//   swift scripts/check-snippets.swift           (every document)
//   swift scripts/check-snippets.swift FILE.md   (one document)
//
// How a document's blocks become programs:
// - A block that starts with its imports (after comments) starts a program; a block without imports
//   continues the program of the block before it in the same document, as the next lines of the
//   same file. So a reader who copies a block and the blocks it continues gets code that compiles.
// - A document with the line `<!-- snippets: the files of one package -->` (a walkthrough whose blocks
//   are the files of one package: a facade, a module, the app, a test) is one program: each block
//   continues it, its imports included, as the files of one package see each other's declarations.
//   Its manifest block (`import PackageDescription`) stays its own.
// - Each program is type-checked against the package's built modules (`.build/debug/Modules`), with
//   warnings as errors; diagnostics point at the document's own lines.
// - A program that imports only `Mediator`, `MediatorPublishing`, `MediatorTesting` and `Foundation`
//   is also built as an executable against the package and run: it must exit 0, and the lines it prints must be exactly
//   its `// Prints: …` comments, in order.
// - Every ```json block is a route configuration document: it must read with
//   `Mediator.RouteConfiguration(json:)`.
// - A block that imports `PackageDescription` is a consumer's manifest (the README's install
//   section): `swift package dump-package` must evaluate it, and every product it takes from this
//   package must be one the package ships.
import Foundation

/// One ```swift block: its text and the document line its first line is on.
struct Block {
    let document: String
    let line: Int
    let lines: [String]

    /// The modules the block imports, when it starts with its imports (comments and blank lines
    /// before them allowed).
    var imports: [String] {
        var modules: [String] = []
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("//") { continue }
            guard text.hasPrefix("import ") else { break }
            modules.append(String(text.dropFirst("import ".count).split(separator: " ")[0]))
        }
        return modules
    }
}

/// Blocks compiled as one file: a block with imports and the blocks that continue it.
struct Program {
    var blocks: [Block]
    /// Written by this script rather than read from a document, so not under a `#sourceLocation`.
    var generated = false
    /// The targets of a one-package walkthrough: its files import each other, one program here.
    var localModules: Set<String> = []

    var imports: [String] { Array(Set(blocks.flatMap(\.imports)).subtracting(localModules)).sorted() }
    var name: String {
        if generated { return "RouteConfigurations" }
        let base = URL(fileURLWithPath: blocks[0].document).deletingPathExtension().lastPathComponent
        return "\(base.filter { $0.isLetter || $0.isNumber })Line\(blocks[0].line)"
    }
    var location: String { "\(blocks[0].document):\(blocks[0].line)" }

    /// The file's text: each block under a `#sourceLocation` pointing at its document lines.
    func source(root: URL) -> String {
        if generated { return blocks.flatMap(\.lines).joined(separator: "\n") + "\n" }
        var text = ""
        for block in blocks {
            let path = root.appendingPathComponent(block.document).path
            text += "#sourceLocation(file: \"\(path)\", line: \(block.line))\n"
            text +=
                block.lines.map { line in
                    let words = line.split(separator: " ")
                    let local = words.count == 2 && words[0] == "import" && localModules.contains(String(words[1]))
                    return local ? "// \(line): a target of this package, so part of this program" : line
                }.joined(separator: "\n") + "\n"
        }
        return text + "#sourceLocation()\n"
    }

    /// What the program must print, from its `// Prints: …` comments, in order.
    var expectedOutput: [String] {
        blocks.flatMap(\.lines).compactMap { line in
            guard let range = line.range(of: "// Prints: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }
}

/// Modules a program may import and still be built and run outside the package.
/// (`Testing` comes with the toolchain: a `@Test` function is built, not run, outside a test runner.)
let runnableImports: Set<String> = ["Mediator", "MediatorPublishing", "MediatorTesting", "Foundation", "Testing"]

/// The line that makes a document's blocks one program (the files of one package).
let onePackageMarker = "<!-- snippets: the files of one package -->"

/// The document's ```language blocks.
func blocks(in document: String, language: String, root: URL) throws -> [Block] {
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    var found: [Block] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
        if current == nil, line == "```" + language {
            current = []
            start = index + 2
        } else if current != nil, line.hasPrefix("```") {
            found.append(Block(document: document, line: start, lines: current ?? []))
            current = nil
        } else if current != nil {
            current?.append(line)
        }
    }
    return found
}

/// The target names a document's manifest block declares (`.target(name: "…"`, and its
/// executable and test kinds).
func targetNames(in blocks: [Block]) -> Set<String> {
    let manifest = blocks.first { $0.imports == ["PackageDescription"] }?.lines.joined(separator: "\n") ?? ""
    var names: Set<String> = []
    for kind in [".target(", ".executableTarget(", ".testTarget("] {
        for rest in manifest.components(separatedBy: kind).dropFirst() {
            let text = rest.drop { $0 == " " || $0 == "\n" }
            guard text.hasPrefix("name: \"") else { continue }
            if let name = text.dropFirst("name: \"".count).split(separator: "\"", maxSplits: 1).first {
                names.insert(String(name))
            }
        }
    }
    return names
}

func programs(from blocks: [Block], onePackage: Bool) -> (programs: [Program], problems: [String]) {
    var programs: [Program] = []
    var problems: [String] = []
    var package: Int?
    for block in blocks {
        if onePackage, block.imports != ["PackageDescription"] {
            if let index = package {
                programs[index].blocks.append(block)
            } else {
                package = programs.count
                programs.append(Program(blocks: [block], localModules: targetNames(in: blocks)))
            }
        } else if !block.imports.isEmpty {
            programs.append(Program(blocks: [block]))
        } else if let last = programs.last, last.blocks[0].document == block.document {
            programs[programs.count - 1].blocks.append(block)
        } else {
            problems.append(
                "\(block.document):\(block.line): the block neither starts with its imports nor continues a block that does")
        }
    }
    return (programs, problems)
}

/// Runs a command; returns its exit status and its merged output.
@discardableResult
func run(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let articles = try FileManager.default.contentsOfDirectory(atPath: "Sources/Mediator/Mediator.docc")
    .filter { $0.hasSuffix(".md") }.sorted().map { "Sources/Mediator/Mediator.docc/\($0)" }
let documents = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["README.md"] + articles

var failures: [String] = []
var allPrograms: [Program] = []
var configurations: [Block] = []
for document in documents {
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let onePackage = text.components(separatedBy: "\n").contains(onePackageMarker)
    let (found, problems) = programs(from: try blocks(in: document, language: "swift", root: root), onePackage: onePackage)
    failures += problems
    allPrograms += found
    configurations += try blocks(in: document, language: "json", root: root)
}
if !configurations.isEmpty {
    // One generated program reads every route configuration and prints nothing when all are valid.
    var lines = ["import Foundation", "import Mediator", "let documents: [(location: String, text: String)] = ["]
    for block in configurations {
        let text = block.lines.joined(separator: "\n")
        lines.append("    (\"\(block.document):\(block.line)\", ##\"\"\"\n\(text)\n\"\"\"##),")
    }
    lines += [
        "]",
        "for document in documents {",
        "    do { _ = try Mediator.RouteConfiguration(json: Data(document.text.utf8)) } catch {",
        "        print(\"\\(document.location): \\(error)\")",
        "    }",
        "}",
    ]
    allPrograms.append(
        Program(blocks: [Block(document: "route configurations in the docs", line: 1, lines: lines)], generated: true))
}

let modules = root.appendingPathComponent(".build/debug/Modules")
guard FileManager.default.fileExists(atPath: modules.path) else {
    print("no built modules at \(modules.path); run `swift build` first")
    exit(1)
}
let work = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

// Manifests are evaluated as a consumer's Package.swift; they name only products this package ships.
let manifests = allPrograms.filter { $0.imports == ["PackageDescription"] }
allPrograms.removeAll { $0.imports == ["PackageDescription"] }
let shippedProducts: Set<String> = ["Mediator", "MediatorPublishing", "MediatorTesting"]
for (index, manifest) in manifests.enumerated() {
    let directory = work.appendingPathComponent("manifest-\(index)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try manifest.blocks.flatMap(\.lines).joined(separator: "\n")
        .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let result = try run(["swift", "package", "dump-package", "--package-path", directory.path])
    guard result.status == 0 else {
        failures.append("\(manifest.location): the manifest does not evaluate\n\(result.output)")
        continue
    }
    let named = result.output.components(separatedBy: "\"product\" : [").dropFirst().compactMap { entry in
        entry.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init)
    }
    let unknown = Set(named).subtracting(shippedProducts)
    if named.isEmpty || !unknown.isEmpty {
        failures.append("\(manifest.location): the manifest names products the package does not ship: \(unknown.sorted())")
    } else {
        print("evaluates: \(manifest.location) (a consumer's manifest using \(Set(named).sorted().joined(separator: ", ")))")
    }
}

// Every program type-checks against the package's modules, with no warnings.
for program in allPrograms {
    let directory = work.appendingPathComponent("typecheck/\(program.name)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("main.swift")
    try program.source(root: root).write(to: file, atomically: true, encoding: .utf8)
    let result = try run([
        "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path,
        // The core (`MediatorCore`) imports its C target, found through the module map next to its headers.
        "-I", root.appendingPathComponent("Sources/CMediatorAtomics/include").path, file.path,
    ])
    if result.status != 0 {
        failures.append("\(program.location): does not compile\n\(result.output)")
    } else {
        print("compiles: \(program.location) (\(program.blocks.count) block(s))")
    }
}

// Programs that need only the package's products are built and run in a package of their own.
let runnable = allPrograms.filter { Set($0.imports).isSubset(of: runnableImports) }
if !runnable.isEmpty && failures.isEmpty {
    let package = work.appendingPathComponent("package")
    var targets: [String] = []
    for program in runnable {
        let sources = package.appendingPathComponent("Sources/\(program.name)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try program.source(root: root).write(
            to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        targets.append(
            """
                    .executableTarget(name: "\(program.name)", dependencies: [
                        .product(name: "Mediator", package: "Mediator"),
                        .product(name: "MediatorPublishing", package: "Mediator"),
                        .product(name: "MediatorTesting", package: "Mediator"),
                    ]),
            """)
    }
    let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "Snippets",
            platforms: [.macOS(.v13), .iOS(.v16)],
            dependencies: [.package(name: "Mediator", path: "\(root.path)")],
            targets: [
        \(targets.joined(separator: "\n"))
            ]
        )
        """
    try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let scratch = root.appendingPathComponent(".build-snippets").path
    let build = try run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch])
    let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") && !$0.contains("/.build") }
    if build.status != 0 || !warnings.isEmpty {
        failures.append("the runnable snippets do not build cleanly\n\(build.output)")
    } else {
        for program in runnable {
            let executable = URL(fileURLWithPath: scratch).appendingPathComponent("debug/\(program.name)").path
            let result = try run([executable])
            var printed = result.output.components(separatedBy: "\n")
            if printed.last == "" { printed.removeLast() }
            if result.status != 0 {
                failures.append("\(program.location): exited with status \(result.status)\n\(result.output)")
            } else if printed != program.expectedOutput {
                failures.append(
                    "\(program.location): printed\n\(printed.joined(separator: "\n"))\nbut its // Prints: comments say\n"
                        + program.expectedOutput.joined(separator: "\n"))
            } else {
                print("runs: \(program.location), printing \(printed.count) line(s) as documented")
            }
        }
    }
}

if failures.isEmpty {
    print(
        "snippets: \(allPrograms.count) programs from \(documents.count) documents compile; "
            + "\(runnable.count) ran as documented")
} else {
    for failure in failures { print("error: \(failure)") }
    exit(1)
}
