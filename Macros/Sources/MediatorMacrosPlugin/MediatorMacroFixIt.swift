import SwiftDiagnostics

/// The changes the macros' diagnostics offer.
enum MediatorMacroFixIt: FixItMessage {
    /// Declares each name of a declaration of several on its own line.
    case declareSeparately
    /// Adds a type annotation to fill in.
    case addTypeAnnotation(name: String)
    /// Makes a `let` a `var`, so the initializer can set it.
    case makeVariable(name: String)
    /// Writes a doc comment's first line into a `@Parameter` attribute.
    case describeInAttribute(name: String)
    /// Removes a hand-written list.
    case removeDeclaration(name: String)

    var message: String {
        switch self {
        case .declareSeparately: "Declare each property on its own line"
        case .addTypeAnnotation(let name): "Add a type annotation to '\(name)'"
        case .makeVariable(let name): "Make '\(name)' a var"
        case .describeInAttribute(let name): "Describe '\(name)' in its @Parameter"
        case .removeDeclaration(let name): "Remove the declaration of '\(name)'"
        }
    }

    var fixItID: MessageID {
        let id =
            switch self {
            case .declareSeparately: "declareSeparately"
            case .addTypeAnnotation: "addTypeAnnotation"
            case .makeVariable: "makeVariable"
            case .describeInAttribute: "describeInAttribute"
            case .removeDeclaration: "removeDeclaration"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }
}
