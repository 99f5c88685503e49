/// The package's targets, classified: modules' facades and implementations, executables, tests.
struct ModuleGraph {
    let targets: [PackageGraphDescription.Target]
    let byName: [String: PackageGraphDescription.Target]
    let known: Set<String>
    /// The modules: names `<M>` with both a target `<M>` and a target `<M>Facade`.
    let modules: Set<String>

    init(_ description: PackageGraphDescription) {
        targets = description.targets
        let byName = Dictionary(description.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.byName = byName
        known = Set(description.modules).union(byName.keys)
        let names = Set(byName.keys)
        modules = Set(names.filter { names.contains("\($0)Facade") && byName[$0]?.kind == "library" })
    }

    func isFacade(_ name: String) -> Bool { name.hasSuffix("Facade") && modules.contains(String(name.dropLast(6))) }
    func isImplementation(_ name: String) -> Bool { modules.contains(name) }
    /// The module a facade or implementation belongs to.
    func module(of name: String) -> String? {
        isImplementation(name) ? name : isFacade(name) ? String(name.dropLast(6)) : nil
    }

    /// The problems of the declared dependencies, each with the target that declares it.
    func dependencyProblems() -> [(target: String, message: String)] {
        var problems: [(target: String, message: String)] = []
        for target in targets {
            for dependency in target.dependencies {
                if let problem = edgeProblem(from: target, to: dependency, how: "depends on") {
                    problems.append((target.name, problem))
                }
            }
        }
        return problems
    }

    /// What is wrong with `target` reaching `dependency` (by a declaration or an import), or `nil`.
    func edgeProblem(from target: PackageGraphDescription.Target, to dependency: String, how: String) -> String? {
        let name = target.name
        if byName[dependency]?.kind == "executable", name != "\(dependency)Tests" {
            return "\(name) \(how) the executable \(dependency); only \(dependency)Tests may"
        }
        if isFacade(name), module(of: dependency) != nil, module(of: dependency) != module(of: name) {
            return "facade \(name) \(how) \(dependency); a facade depends on the core and shared targets only"
        }
        guard isImplementation(dependency), dependency != name else { return nil }
        if isImplementation(name) {
            return "\(name) \(how) \(dependency)'s implementation; use \(dependency)Facade instead"
        }
        if target.kind == "test", name != "\(dependency)Tests" {
            return "test target \(name) \(how) \(dependency)'s implementation; replace it with doubles from MediatorTesting"
        }
        if target.kind != "test", target.kind != "executable" {
            return "\(name) \(how) \(dependency)'s implementation; only the app and \(dependency)Tests may"
        }
        return nil
    }

    /// What is wrong with one import, or `nil`; the caller places it at the import's file:line:column.
    func problem(with found: ImportScanner.Import, in target: PackageGraphDescription.Target) -> String? {
        let module = found.module
        guard known.contains(module), module != target.name else { return nil }
        // An implementation importing another implementation is wrong even when declared.
        if isImplementation(target.name), isImplementation(module) {
            return "\(target.name) imports \(module)'s implementation; import \(module)Facade instead"
        }
        if !target.dependencies.contains(module) {
            return "\(target.name) imports \(module), which it does not declare as a dependency; "
                + "add it to \(target.name)'s dependencies in Package.swift (or remove the import)"
        }
        return nil
    }
}
