import Foundation

/// What the check-module-graph plugin learned about a package from SwiftPM, handed to the tool as
/// JSON (a plugin cannot share code with the tool, and the tool cannot ask SwiftPM itself).
struct PackageGraphDescription: Codable {
    /// One source module of the package.
    struct Target: Codable {
        let name: String
        /// `library`, `executable`, `test`, `macro` or `snippet`.
        let kind: String
        /// The modules it declares as dependencies: its targets' names and its products' modules.
        let dependencies: [String]
        /// Its Swift files, by path relative to the package.
        let files: [String]
    }

    /// The package's directory.
    let package: String
    let targets: [Target]
    /// Every module the package and its dependencies build; an import of any other module (the
    /// SDK's, the toolchain's) is not checked.
    let modules: [String]
}
