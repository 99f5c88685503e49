import SwiftDiagnostics

/// The problems the macros report in the code they are attached to.
enum MediatorMacroDiagnostic: DiagnosticMessage {
    /// `@MediatorInput` on something other than a struct.
    case inputNotAStruct(kind: String)
    /// A stored property of an input that is not a `@Parameter`.
    case storedPropertyNotAParameter(name: String)
    /// A `@Parameter` whose type neither an annotation nor a literal initial value gives.
    case parameterWithoutType(name: String)
    /// `@MediatorFacade` on something other than an enum.
    case facadeNotAnEnum(kind: String)
    /// A facade that declares, by hand, a list the macro writes.
    case facadeListWrittenByHand(name: String)

    var message: String {
        switch self {
        case .inputNotAStruct(let kind):
            "@MediatorInput applies to a struct, not to this \(kind): an action's input is a value type of @Parameter properties"
        case .storedPropertyNotAParameter(let name):
            "stored property '\(name)' of a @MediatorInput struct must be a @Parameter: the schema reads every stored property as a parameter"
        case .parameterWithoutType(let name):
            "@MediatorInput cannot tell the type of '\(name)' from its initial value; write the type after the name ('\(name): Type = …')"
        case .facadeNotAnEnum(let kind):
            "@MediatorFacade applies to an enum of static contracts, not to this \(kind)"
        case .facadeListWrittenByHand(let name):
            "'\(name)' is written by @MediatorFacade; remove this declaration"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .inputNotAStruct: "inputNotAStruct"
            case .storedPropertyNotAParameter: "storedPropertyNotAParameter"
            case .parameterWithoutType: "parameterWithoutType"
            case .facadeNotAnEnum: "facadeNotAnEnum"
            case .facadeListWrittenByHand: "facadeListWrittenByHand"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
