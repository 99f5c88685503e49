import Foundation

/// Every name the generator derives from a module's name, so no file spells one twice.
struct ModuleNames {
    /// The template's name, which the generator replaces with the module's.
    static let template = "ModuleTemplate"

    /// `Wishlist`: the implementation target, the directory under Modules/, the contracts enum and
    /// the name the mediator knows the target by.
    let module: String
    var facadeTarget: String { "\(module)Facade" }
    var testTarget: String { "\(module)Tests" }
    var targetType: String { "\(module)Target" }
    var inputType: String { "\(module)GreetingRequest" }
    /// `wishlist`, as in `mediator.wishlist`.
    var property: String { Self.lowerCamel(module) }

    var directory: String { "Modules/\(module)" }
    var facadeDirectory: String { "\(directory)/Sources/\(facadeTarget)" }
    var implementationDirectory: String { "\(directory)/Sources/\(module)" }
    var testDirectory: String { "Tests/\(testTarget)" }

    /// The template's text (or a file name) with the module's names in place of the template's.
    func substituted(_ text: String) -> String {
        text.replacingOccurrences(of: Self.template, with: module)
            .replacingOccurrences(of: Self.lowerCamel(Self.template), with: property)
    }

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

    /// The longest name whose generated lines stay within a 120-column lint.
    static let maximumLength = 24

    /// Why `name` cannot name a module whatever the package holds, or `nil` when it can.
    static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
            return "a module name starts with an uppercase letter A-Z, like Wishlist"
        }
        guard name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else {
            return "a module name has only the letters A-Z, a-z and the digits 0-9, like Wishlist"
        }
        guard name.count <= maximumLength else {
            return "a module name has at most \(maximumLength) characters, so generated lines stay within the lint's"
        }
        for suffix in ["Facade", "Tests", "Target"] where name.hasSuffix(suffix) {
            return "it ends in \(suffix), which the generated target names add themselves; drop it"
        }
        guard !reservedNames.contains(name), !keywords.contains(name.lowercased()), !name.contains(template) else {
            return "it is already a Swift, toolchain, standard-library or Mediator name; choose a domain name like Wishlist"
        }
        let property = lowerCamel(name)
        guard !keywords.contains(property) else { return "mediator.\(property) would be a Swift keyword; choose another name" }
        return nil
    }

    /// Swift keywords a module's facade property (`mediator.<name>`) cannot be without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try",
        "any", "some", "package",
    ]

    /// Modules and types the generated code, the toolchain or this package already mean by these names.
    static let reservedNames: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Testing", "XCTest", "Synchronization",
        "Observation", "Darwin", "Glibc", "Musl", "CoreFoundation", "Distributed", "RegexBuilder", "SwiftUI", "UIKit",
        "AppKit", "Combine", "String", "Int", "Bool", "Double", "Float", "Character", "Array", "Dictionary", "Set",
        "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject", "Self", "Type", "Protocol", "Sendable",
        "Equatable", "Hashable", "Codable", "Identifiable", "Task", "Actor", "MainActor", "Data", "URL", "Date", "UUID",
        "Duration", "Test", "Suite", "Issue", "Tag", "Trait", "SourceLocation", "Mediator", "MediatorCore",
        "MediatorPublishing", "MediatorTesting", "MediatorTool", "CMediatorAtomics", "NewModule", "CheckModuleGraph",
        "Package", "PackageDescription", "PackagePlugin",
    ]
}
