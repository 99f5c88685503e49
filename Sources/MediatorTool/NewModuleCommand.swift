import Foundation
internal import MediatorText

/// `new-module <Name>`: adds a module to a package (facade, implementation and test targets, and
/// their manifest stanzas), from the compiled template in `Templates/ModuleTemplate`.
///
/// Everything is checked and computed before the first write: a bad or taken name, or a manifest
/// it cannot place the targets in, fails with one line and changes nothing. `--dry-run` prints the
/// plan and writes nothing.
struct NewModuleCommand {
    let name: String
    let package: URL
    let template: URL
    /// The identity of the package that provides the `Mediator` products; `nil` when the package
    /// being edited is that package (this repository), whose targets are named directly.
    let mediatorPackage: String?
    /// The targets the package declares, as SwiftPM read them.
    let existingTargets: [String]
    /// The directories of the package's own targets (`--source-directory`, repeated): the only
    /// places the generator reads and edits Swift files in.
    let sourceDirectories: [String]
    let dryRun: Bool
    /// The modules whose facades the new module calls (`--uses Catalog`), in the order given.
    let uses: [String]

    init(arguments: [String]) throws {
        var positional: [String] = []
        var options: [String: String] = [:]
        var dryRun = false
        var sourceDirectories: [String] = []
        var uses: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--dry-run": dryRun = true
            case "--source-directory":
                guard let value = rest.popFirst() else { throw ToolFailure("new-module: \(argument) needs a value") }
                sourceDirectories.append(value)
            case "--uses":
                guard let value = rest.popFirst() else {
                    throw ToolFailure("new-module: --uses needs a module name, like --uses Catalog")
                }
                if !uses.contains(value) { uses.append(value) }
            case "--package", "--template", "--mediator-package", "--targets":
                guard let value = rest.popFirst() else { throw ToolFailure("new-module: \(argument) needs a value") }
                options[argument] = value
            case "-h", "--help": throw ToolFailure(usage)
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw ToolFailure(
                        "new-module: unknown option \(LogSafeText.quoted(argument)); usage: new-module [--dry-run] [--uses <Module>]... <Name>"
                    )
                }
                positional.append(argument)
            }
        }
        guard positional.count == 1, let name = positional.first else {
            let given = positional.prefix(3).map { LogSafeText.quoted($0) }.joined(separator: ", ")
            throw ToolFailure(
                "new-module: give one module name, like Wishlist"
                    + (positional.isEmpty ? "" : " (got \(positional.count): \(given))"))
        }
        guard let package = options["--package"], let template = options["--template"] else {
            throw ToolFailure("new-module: --package and --template are required (the plugin passes them)")
        }
        self.name = name
        self.package = URL(fileURLWithPath: package)
        self.template = URL(fileURLWithPath: template)
        self.mediatorPackage = options["--mediator-package"]
        self.existingTargets = (options["--targets"] ?? "").split(separator: ",").map(String.init)
        self.sourceDirectories = sourceDirectories
        self.dryRun = dryRun
        self.uses = uses
    }

    func run() throws {
        let refusal = "new-module: cannot add \(LogSafeText.quoted(name))"
        if let problem = ModuleNames.problem(with: name) { throw ToolFailure("\(refusal): \(problem)") }
        let names = ModuleNames(module: name)
        let sources = try PackageSources(root: package, directories: sourceDirectories)
        if let problem = takenProblem(names, sources) { throw ToolFailure("\(refusal): \(problem)") }
        for used in uses {
            if let problem = usesProblem(used, names) { throw ToolFailure("\(refusal): \(problem)") }
        }
        let plan: ModulePlan
        do {
            plan = try ModulePlan(
                names: names, template: template, package: package, sources: sources, mediator: dependencySpelling,
                uses: uses.map { ModuleNames(module: $0) })
        } catch let failure as ToolFailure {
            throw ToolFailure("\(refusal): \(failure.description)")
        }
        if dryRun {
            print("new-module --dry-run: adding \(name) would change, and this run changed nothing:")
            print(plan.summary(detailed: true))
            return
        }
        try plan.apply(in: package)
        print("Added the \(name) module.\n")
        print(plan.summary(detailed: false))
        print(plan.nextSteps)
    }

    /// How the new targets name the Mediator libraries in the manifest.
    private var dependencySpelling: (core: String, testing: String) {
        guard let mediatorPackage else { return ("\"Mediator\"", "\"MediatorTesting\"") }
        // Inside a Swift string literal: quotes and backslashes escaped, the rest as `LogSafeText` writes it.
        let id = LogSafeText.escaped(
            mediatorPackage.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
        return (
            ".product(name: \"Mediator\", package: \"\(id)\")", ".product(name: \"MediatorTesting\", package: \"\(id)\")"
        )
    }

    /// Why the package already holds something by one of the new module's names, or `nil`.
    /// Why the new module cannot use `used`'s facade, or `nil`: it must be another module of the
    /// package, a pair of targets `<Used>` and `<Used>Facade`, named by its module name. A new
    /// module depends on nothing yet, so the only cycle is using itself; and only a facade is ever
    /// added, so no implementation dependency can follow.
    private func usesProblem(_ used: String, _ names: ModuleNames) -> String? {
        let quoted = LogSafeText.quoted(used)
        if used == names.module { return "--uses \(quoted) names the module itself: a module cannot depend on its own facade" }
        if used.hasSuffix("Facade"), existingTargets.contains(used) {
            return "--uses takes a module's name, not its facade target: --uses \(LogSafeText.inline(String(used.dropLast(6))))"
        }
        if let problem = ModuleNames.problem(with: used), !existingTargets.contains(used) {
            return "--uses \(quoted): \(problem)"
        }
        guard existingTargets.contains(used + "Facade") else {
            return "--uses \(quoted): Package.swift has no target \(LogSafeText.inline(used))Facade; --uses names a module "
                + "of this package (targets <Name> and <Name>Facade), and the new one may depend on its facade only"
        }
        return nil
    }

    private func takenProblem(_ names: ModuleNames, _ sources: PackageSources) -> String? {
        // Targets and directories, compared without case, as macOS's file system does.
        for wanted in [names.module, names.facadeTarget, names.testTarget] {
            if let taken = existingTargets.first(where: { $0.lowercased() == wanted.lowercased() }) {
                return "Package.swift already has a target named \(taken)"
            }
        }
        for (folder, wanted) in [
            ("Modules", names.module), ("Tests", names.testTarget), ("Sources", names.module), ("Sources", names.facadeTarget),
        ] {
            let entries =
                (try? FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent(folder).path)) ?? []
            if let taken = entries.first(where: { $0.lowercased() == wanted.lowercased() }) {
                return "\(folder)/\(LogSafeText.inline(taken)) already exists"
            }
        }
        // Names the new code would declare, against what the package's code declares (comments aside).
        let escaped = NSRegularExpression.escapedPattern(for: names.module)
        let targetName = #"target\w*\s*[:=]\s*"("# + escaped + #")""#
        if let hit = sources.code.first(where: { !matches(of: targetName, in: $0.text, caseInsensitive: true).isEmpty }) {
            return
                "a mediator target named \"\(names.module)\" is already declared (\(LogSafeText.quoted(hit.path))); choose another name"
        }
        // Type declarations as the compiler reads them: one in a comment or a string does not count.
        let kinds: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        for file in sources.files {
            let tokens = SwiftLexer.tokens(of: file.text)
            for (index, token) in tokens.enumerated().dropLast() where token.kind == .word && kinds.contains(token.text) {
                let name = tokens[index + 1]
                guard name.kind == .word || name.kind == .escapedWord,
                    [names.module, names.targetType, names.facadeTarget, names.inputType].contains(name.text)
                else { continue }
                return "\(LogSafeText.quoted(file.path)):\(name.line):\(name.column) already declares a type named "
                    + "\(name.text); choose another name"
            }
        }
        // A member of Mediator, or of an extension of it: declared one indentation level in.
        let member = #"(?m)^    (@\w+ |public |package |internal |nonisolated |static |final )*(var|let|func|case) "#
        let onMediator = sources.code.filter { $0.text.contains("extension Mediator ") || $0.text.contains("class Mediator") }
        if let hit = onMediator.first(where: { !matches(of: member + names.property + #"\b"#, in: $0.text).isEmpty }) {
            return
                "mediator.\(names.property) would clash with a member declared in \(LogSafeText.quoted(hit.path)); choose another name"
        }
        return nil
    }
}

/// The first capture group (or the whole match) of every match of `pattern` in `text`.
func matches(of pattern: String, in text: String, caseInsensitive: Bool = false) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    else { return [] }
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }
}
