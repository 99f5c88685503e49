import SwiftDiagnostics

/// The changes the macros' diagnostics offer.
enum MediatorMacroFixIt: FixItMessage {
    /// Marks a stored property as a parameter.
    case declareAsParameter(name: String)
    /// Adds a type annotation to fill in.
    case addTypeAnnotation(name: String)
    /// Makes a `let` a `var`, so the initializer can set it.
    case makeVariable(name: String)
    /// Drops the optional from a property's type, keeping its default.
    case makeNonOptional(name: String)
    /// Removes a hand-written list.
    case removeDeclaration(name: String)

    var message: String {
        switch self {
        case .declareAsParameter(let name): "Declare '\(name)' with @Parameter"
        case .addTypeAnnotation(let name): "Add a type annotation to '\(name)'"
        case .makeVariable(let name): "Make '\(name)' a var"
        case .makeNonOptional(let name): "Make '\(name)' non-optional"
        case .removeDeclaration(let name): "Remove the declaration of '\(name)'"
        }
    }

    var fixItID: MessageID {
        let id =
            switch self {
            case .declareAsParameter: "declareAsParameter"
            case .addTypeAnnotation: "addTypeAnnotation"
            case .makeVariable: "makeVariable"
            case .makeNonOptional: "makeNonOptional"
            case .removeDeclaration: "removeDeclaration"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }
}
