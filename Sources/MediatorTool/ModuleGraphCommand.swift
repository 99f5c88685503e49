import Foundation

/// `check-module-graph`: checks that modules stay decoupled, by their declared dependencies and by
/// the imports in their sources. Each problem is one line; import problems start with `file:line:`.
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

    /// Prints the verdict; returns whether the graph is clean.
    func run() throws -> Bool {
        let graph = ModuleGraph(description)
        let rules = try ModuleRules.load(package: description.package)
        var problems = graph.dependencyProblems() + (rules?.declarationProblems(in: description.targets) ?? [])
        var importCount = 0
        for target in description.targets {
            var declared: [(file: String, declaration: ContractListScanner.Declaration)] = []
            var listed: Set<String>?
            for file in target.files {
                let url = URL(fileURLWithPath: description.package).appendingPathComponent(file)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    problems.append("\(file): cannot be read")
                    continue
                }
                let imports = ImportScanner.imports(in: text)
                importCount += imports.count
                // An import the package's rules forbid is reported as that alone: declaring it would not help.
                problems += imports.compactMap { found in
                    rules?.problem(with: found, in: target.name, file: file) ?? graph.problem(with: found, in: target, file: file)
                }
                if graph.isFacade(target.name) {
                    declared += ContractListScanner.declarations(in: text).map { (file, $0) }
                    if let names = ContractListScanner.listed(in: text) { listed = (listed ?? []).union(names) }
                }
            }
            if let listed {
                problems += declared.filter { !listed.contains($0.declaration.name) }.map { file, declaration in
                    "\(file):\(declaration.line): \(target.name) declares the contract \(declaration.name) but its `all` list "
                        + "leaves it out, so the module's contract test would skip it; add it to `all`"
                }
            }
        }
        if problems.isEmpty {
            let modules = graph.modules.sorted()
            let ruled = rules.map { "; \($0.rules.count) rules from \(ModuleRules.fileName)" } ?? ""
            print(
                "module graph: ok (\(modules.count) modules: \(modules.joined(separator: ", ")); "
                    + "\(description.targets.count) targets; \(importCount) imports read\(ruled))")
            return true
        }
        problems.forEach { print("module graph: \($0)") }
        print("module graph: \(problems.count) problem(s)")
        return false
    }
}
