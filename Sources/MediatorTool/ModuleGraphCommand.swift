import Foundation

/// `check-module-graph`: checks that modules stay decoupled, by their declared dependencies and by
/// the imports in their sources. Each problem is one line, `path:line:column: error: message`.
///
/// A module is a pair of targets `<M>` (its implementation) and `<M>Facade` (its typed contracts).
/// Rules:
/// - a facade depends on, and imports, no other module's facade or implementation;
/// - an implementation never depends on, nor imports, another module's implementation;
/// - an implementation is depended on only by executables (the app) and by its own tests `<M>Tests`;
/// - only `<App>Tests` depends on an executable `<App>`;
/// - every import of a module the package or its dependencies build is declared as a dependency of
///   the importing target (an undeclared import builds incrementally and fails in a clean build);
/// - a facade that keeps an `all` list of its contracts lists every contract it declares (the
///   module's contract test reads the list; a contract left out would not be checked);
/// - when the manifest sets `.defaultIsolation(MainActor.self)`, a facade's type holding contracts is
///   declared `nonisolated` (else the compiler's error lands at the target, naming neither);
/// - when the package has a `module-rules.txt` (``ModuleRules``), a target it names imports and
///   depends on only the modules its line lists (this package's own layers: a Foundation-free core).
struct ModuleGraphCommand {
    let description: PackageGraphDescription

    init(arguments: [String]) throws {
        guard arguments.count == 2, arguments[0] == "--description" else {
            throw ToolFailure("check-module-graph: usage: check-module-graph --description <file.json>")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        description = try JSONDecoder().decode(PackageGraphDescription.self, from: data)
    }

    /// Prints each problem as `path:line:column: error: message`, one a line, then the verdict on
    /// the same stream; returns whether the graph is clean (the tool's exit status says it: 0 or 1).
    func run() throws -> Bool {
        let (diagnostics, importCount) = try check()
        let graph = ModuleGraph(description)
        if diagnostics.isEmpty {
            let modules = graph.modules.sorted()
            let rules = try ModuleRules.load(package: description.package)
            let ruled = rules.map { "; \($0.rules.count) rules from \(ModuleRules.fileName)" } ?? ""
            Self.write(
                "module graph: ok (\(modules.count) modules: \(modules.joined(separator: ", ")); "
                    + "\(description.targets.count) targets; \(importCount) imports read\(ruled))")
            return true
        }
        for diagnostic in diagnostics { Self.write(diagnostic.rendered(package: description.package)) }
        Self.write("module graph: \(diagnostics.count) problem(s)")
        return false
    }

    /// Every problem of the package, in order (declared dependencies, then each target's files),
    /// and how many imports its files hold.
    func check() throws -> (diagnostics: [ToolDiagnostic], imports: Int) {
        var importCount = 0
        let graph = ModuleGraph(description)
        let rules = try ModuleRules.load(package: description.package)
        let manifestText = (try? String(contentsOf: url(of: "Package.swift"), encoding: .utf8)) ?? ""
        let manifest = ManifestTargets(manifest: manifestText)
        let mainActorByDefault = Self.setsMainActorByDefault(manifestText)
        func atDeclaration(_ problem: (target: String, message: String)) -> ToolDiagnostic {
            let position = manifest.position(of: problem.target)
            return ToolDiagnostic(file: "Package.swift", line: position.line, column: position.column, message: problem.message)
        }
        var diagnostics = graph.dependencyProblems().map(atDeclaration)
        if let declared = rules?.declarationProblems(in: description.targets) {
            diagnostics += declared.rules.map {
                ToolDiagnostic(file: ModuleRules.fileName, line: $0.line, column: 1, message: $0.message)
            }
            diagnostics += declared.targets.map(atDeclaration)
        }
        for target in description.targets {
            var facade = ContractListScanner.Reading()
            var declaredIn: [String] = []
            var typesDeclaredIn: [String: (file: String, type: ContractListScanner.TypeDeclaration)] = [:]
            for file in target.files {
                guard let text = try? String(contentsOf: url(of: file), encoding: .utf8) else {
                    diagnostics.append(ToolDiagnostic(file: file, line: 1, column: 1, message: "cannot be read as UTF-8 text"))
                    continue
                }
                let tokens = SwiftLexer.tokens(of: text)
                let imports = ImportScanner.imports(in: tokens)
                importCount += imports.count
                // An import the package's rules forbid is reported as that alone: declaring it would not help.
                for found in imports {
                    guard let message = rules?.problem(with: found, in: target.name) ?? graph.problem(with: found, in: target)
                    else { continue }
                    diagnostics.append(ToolDiagnostic(file: file, line: found.line, column: found.column, message: message))
                }
                if graph.isFacade(target.name) {
                    let reading = ContractListScanner.read(tokens: tokens)
                    facade.declarations += reading.declarations
                    declaredIn += reading.declarations.map { _ in file }
                    facade.lists.merge(reading.lists) { $0.union($1) }
                    facade.macroFacades.formUnion(reading.macroFacades)
                    for (name, type) in reading.types { typesDeclaredIn[name] = (file, type) }
                }
            }
            for (declaration, file) in zip(facade.declarations, declaredIn) {
                guard let message = Self.listProblem(declaration, in: facade, target: target.name) else { continue }
                diagnostics.append(
                    ToolDiagnostic(file: file, line: declaration.line, column: declaration.column, message: message))
            }
            if mainActorByDefault {
                var reported: Set<String> = []
                for owner in facade.declarations.map(\.owner) where !reported.contains(owner) {
                    reported.insert(owner)
                    guard let (file, type) = typesDeclaredIn[owner], !type.isNonisolated else { continue }
                    diagnostics.append(
                        ToolDiagnostic(
                            file: file, line: type.line, column: type.column,
                            message: Self.isolationProblem(owner: owner, keyword: type.keyword, target: target.name)))
                }
            }
        }
        return (diagnostics, importCount)
    }

    /// Whether the manifest sets default main-actor isolation (`.defaultIsolation(MainActor.self)`,
    /// SE-0466) on some target: then a facade's contracts type must say `nonisolated`.
    static func setsMainActorByDefault(_ manifest: String) -> Bool {
        let tokens = SwiftLexer.tokens(of: manifest).map(\.text)
        return tokens.indices.contains { index in
            tokens[index] == "defaultIsolation" && tokens.dropFirst(index + 1).prefix(2).elementsEqual(["(", "MainActor"])
        }
    }

    /// What to write when a facade's contracts type would be main-actor isolated by default.
    static func isolationProblem(owner: String, keyword: String, target: String) -> String {
        "\(target) declares its contracts in \(owner), which default main-actor isolation "
            + "(.defaultIsolation(MainActor.self) in Package.swift) puts on the main actor, so targets and callers off "
            + "the main actor cannot read them (the compiler says \"main actor-isolated default value in a nonisolated "
            + "context\" at the target); declare it `nonisolated public \(keyword) \(owner.split(separator: ".").last ?? "")`"
    }

    /// Why a contract declaration is missing from its type's `all`, or `nil` when it is listed (or
    /// its type keeps no list).
    static func listProblem(
        _ declaration: ContractListScanner.Declaration, in facade: ContractListScanner.Reading, target: String
    ) -> String? {
        let owner = declaration.owner
        if facade.macroFacades.contains(owner) {
            if declaration.inExtension {
                return "\(target) declares the contract \(declaration.name) in an extension of the @MediatorFacade enum "
                    + "\(owner), whose `all` the macro writes from the enum's own body; move it into the enum"
            }
            if declaration.conditional {
                return "\(target) declares the contract \(declaration.name) under #if in the @MediatorFacade enum \(owner), "
                    + "which the macro cannot list; declare it outside #if, or write `all` by hand without the macro"
            }
            return nil
        }
        guard let listed = facade.lists[owner], !listed.contains(declaration.name) else { return nil }
        return "\(target) declares the contract \(declaration.name) but its `all` list leaves it out, "
            + "so the module's contract test would skip it; add it to `all`"
    }

    private func url(of file: String) -> URL {
        file.hasPrefix("/") ? URL(fileURLWithPath: file) : URL(fileURLWithPath: description.package).appendingPathComponent(file)
    }

    /// Writes one line to standard output at once, so the list and the verdict keep their order
    /// with whatever else shares the stream.
    private static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
