import SwiftDiagnostics

/// The changes the macros' diagnostics offer.
enum MediatorMacroFixIt: FixItMessage {
    /// Marks a stored property as a parameter.
    case declareAsParameter(name: String)
    /// Adds a type annotation to fill in.
    case addTypeAnnotation(name: String)
    /// Removes a hand-written list.
    case removeDeclaration(name: String)

    var message: String {
        switch self {
        case .declareAsParameter(let name): "Declare '\(name)' with @Parameter"
        case .addTypeAnnotation(let name): "Add a type annotation to '\(name)'"
        case .removeDeclaration(let name): "Remove the declaration of '\(name)'"
        }
    }

    var fixItID: MessageID {
        let id =
            switch self {
            case .declareAsParameter: "declareAsParameter"
            case .addTypeAnnotation: "addTypeAnnotation"
            case .removeDeclaration: "removeDeclaration"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }
}
