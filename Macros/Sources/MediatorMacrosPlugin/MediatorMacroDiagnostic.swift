import SwiftDiagnostics

/// The problems the macros report in the code they are attached to.
enum MediatorMacroDiagnostic: DiagnosticMessage {
    /// `@MediatorInput` on something other than a struct.
    case inputNotAStruct(kind: String)
    /// A stored property of an input that is not a `@Parameter`.
    case storedPropertyNotAParameter(name: String)
    /// A `@Parameter` whose type neither an annotation nor a literal initial value gives.
    case parameterWithoutType(name: String)

    var message: String {
        switch self {
        case .inputNotAStruct(let kind):
            "@MediatorInput applies to a struct, not to this \(kind): an action's input is a value type of @Parameter properties"
        case .storedPropertyNotAParameter(let name):
            "stored property '\(name)' of a @MediatorInput struct must be a @Parameter: the schema reads every stored property as a parameter"
        case .parameterWithoutType(let name):
            "@MediatorInput cannot tell the type of '\(name)' from its initial value; write the type after the name ('\(name): Type = …')"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .inputNotAStruct: "inputNotAStruct"
            case .storedPropertyNotAParameter: "storedPropertyNotAParameter"
            case .parameterWithoutType: "parameterWithoutType"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
