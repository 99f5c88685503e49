import Foundation
internal import MediatorText

/// A package's own rule of what its targets may import, read from `module-rules.txt` at the
/// package's root when there is one: each line names a target (or a pattern of names, `*` standing
/// for any characters) and every module that target may import and depend on. An import of any other
/// module, the SDK's included (`Foundation` in a Foundation-free core), is a problem at its
/// `file:line`, and so is a declared dependency the rule leaves out.
///
/// ```
/// # The runtime core: its C target, the standard library and the platform's C library only.
/// MediatorCore: CMediatorAtomics Swift Darwin Glibc Musl
/// *Facade: Mediator Presentation
/// ```
///
/// The first line that matches a target is its rule; targets no line matches are checked by the
/// module rules alone. A line naming a target (no `*`) that the package does not have is a problem,
/// so a renamed target cannot silently drop its rule.
struct ModuleRules {
    /// The file's name, at the package's root.
    static let fileName = "module-rules.txt"

    /// One line of the table.
    struct Rule: Equatable {
        /// The line (from 1) it is on.
        let line: Int
        /// A target name, or a pattern with `*`.
        let pattern: String
        /// The modules a matching target may import and depend on.
        let allowed: [String]

        /// Whether the rule applies to the target named `name`.
        func matches(_ name: String) -> Bool {
            let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
            guard parts.count > 1 else { return pattern == name }
            var rest = Substring(name)
            guard let first = parts.first, rest.hasPrefix(first) else { return false }
            rest = rest.dropFirst(first.count)
            for part in parts.dropFirst().dropLast() {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            guard let last = parts.last else { return true }
            return rest.count >= last.count && rest.hasSuffix(last)
        }
    }

    let rules: [Rule]

    /// Reads the table's text: `Target: Module Module …` per line; `#` starts a comment; blank lines
    /// are skipped.
    /// - Throws: A ``ToolFailure`` naming the first line that is not a rule.
    init(text: String) throws {
        var rules: [Rule] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let halves = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let pattern = halves[0].trimmingCharacters(in: .whitespaces)
            guard halves.count == 2, !pattern.isEmpty, !pattern.contains(where: \.isWhitespace) else {
                throw ToolFailure(
                    "\(Self.fileName):\(index + 1): \(LogSafeText.quoted(String(line))) is not a rule; "
                        + "write `Target: Module Module …`")
            }
            let allowed = halves[1].split(whereSeparator: \.isWhitespace).map(String.init)
            rules.append(Rule(line: index + 1, pattern: pattern, allowed: allowed))
        }
        self.rules = rules
    }

    /// The table of the package at `directory`, or `nil` when it has none.
    /// - Throws: A ``ToolFailure`` when the file exists but cannot be read or is not a table.
    static func load(package directory: String) throws -> ModuleRules? {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ToolFailure("\(fileName): cannot be read")
        }
        return try ModuleRules(text: text)
    }

    /// The rule of the target named `name`: the first that matches.
    func rule(for name: String) -> Rule? {
        rules.first { $0.matches(name) }
    }

    /// Rules naming a target the package does not have (at the rule's line), and declared
    /// dependencies the rules leave out (with the target that declares them).
    func declarationProblems(
        in targets: [PackageGraphDescription.Target]
    ) -> (rules: [(line: Int, message: String)], targets: [(target: String, message: String)]) {
        let names = Set(targets.map(\.name))
        let stale = rules.filter { !$0.pattern.contains("*") && !names.contains($0.pattern) }.map { rule in
            (rule.line, "the rule for \(rule.pattern) names no target of this package; rename or remove it")
        }
        var problems: [(target: String, message: String)] = []
        for target in targets {
            guard let rule = rule(for: target.name) else { continue }
            for dependency in target.dependencies where !rule.allowed.contains(dependency) {
                problems.append(
                    (
                        target.name,
                        "\(target.name) depends on \(dependency), which its rule (\(Self.fileName):\(rule.line)) does not "
                            + "allow; \(target.name) may depend on \(Self.list(rule.allowed)) only"
                    ))
            }
        }
        return (stale, problems)
    }

    /// The problem with one import of a target's file, or `nil` when its rule allows it (or it has
    /// none); the caller places it at the import's file:line:column.
    func problem(with found: ImportScanner.Import, in target: String) -> String? {
        guard let rule = rule(for: target), found.module != target, !rule.allowed.contains(found.module) else {
            return nil
        }
        return "\(target) imports \(found.module), which its rule (\(Self.fileName):\(rule.line)) "
            + "does not allow; \(target) may import \(Self.list(rule.allowed)) only"
    }

    private static func list(_ modules: [String]) -> String {
        modules.isEmpty ? "nothing" : modules.joined(separator: ", ")
    }
}
