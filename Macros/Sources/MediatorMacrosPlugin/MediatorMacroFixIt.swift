import SwiftDiagnostics

/// The changes the macros' diagnostics offer.
enum MediatorMacroFixIt: FixItMessage {
    /// Marks a stored property as a parameter.
    case declareAsParameter(name: String)
    /// Adds a type annotation to fill in.
    case addTypeAnnotation(name: String)

    var message: String {
        switch self {
        case .declareAsParameter(let name): "Declare '\(name)' with @Parameter"
        case .addTypeAnnotation(let name): "Add a type annotation to '\(name)'"
        }
    }

    var fixItID: MessageID {
        let id =
            switch self {
            case .declareAsParameter: "declareAsParameter"
            case .addTypeAnnotation: "addTypeAnnotation"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }
}
