import SwiftDiagnostics

/// The problems the macros report in the code they are attached to.
enum MediatorMacroDiagnostic: DiagnosticMessage {
    /// `@MediatorInput` on something other than a struct.
    case inputNotAStruct(kind: String)
    /// A stored property of an input that is not a `@Parameter`, while others are.
    case parametersDeclaredBothWays(name: String)
    /// A property whose type neither an annotation nor a literal initial value gives.
    case parameterWithoutType(name: String)
    /// A `let` with an initial value in an input of plain properties: no initializer can set it.
    case constantWithInitialValue(name: String)
    /// An optional plain property with an initial value other than `nil`.
    case optionalWithDefault(name: String, wrapped: String)
    /// A `@Native` property with an initial value other than `nil`.
    case nativeWithDefault(name: String)
    /// `@Native` on something other than a stored property of a `@MediatorInput` struct.
    case nativeMisplaced
    /// `@Native` on a `@Parameter` property.
    case nativeOnParameter
    /// `@MediatorFacade` on something other than an enum.
    case facadeNotAnEnum(kind: String)
    /// A facade that declares, by hand, a list the macro writes.
    case facadeListWrittenByHand(name: String)
    /// A contract or event of a facade declared under `#if`.
    case facadeMemberUnderIf(name: String)

    var message: String {
        switch self {
        case .inputNotAStruct(let kind):
            "@MediatorInput applies to a struct, not to this \(kind): an action's input is a value type whose stored properties are its parameters"
        case .parametersDeclaredBothWays(let name):
            "stored property '\(name)' is not a @Parameter, but others of this @MediatorInput struct are; declare every parameter with @Parameter, or none"
        case .parameterWithoutType(let name):
            "@MediatorInput cannot tell the type of '\(name)' from its initial value; write the type after the name ('\(name): Type = …')"
        case .constantWithInitialValue(let name):
            "'\(name)' is a let with an initial value, which the input's initializer cannot set; make it a var to take it as a parameter, or static or computed if it is not one"
        case .optionalWithDefault(let name, let wrapped):
            "optional '\(name)' has a default other than nil, which the input's schema cannot declare; make it non-optional with that default ('\(name): \(wrapped) = …')"
        case .nativeWithDefault(let name):
            "@Native '\(name)' has an initial value, which the input's schema cannot declare for a native parameter; make it optional (nil when a call leaves it out) or remove the initial value"
        case .nativeMisplaced:
            "@Native marks a stored property of a @MediatorInput struct as a parameter only native callers can set"
        case .nativeOnParameter:
            "@Native is for inputs declared without @Parameter; for a @Parameter, write @Parameter(native: \"…\")"
        case .facadeNotAnEnum(let kind):
            "@MediatorFacade applies to an enum of static contracts, not to this \(kind)"
        case .facadeListWrittenByHand(let name):
            "'\(name)' is written by @MediatorFacade; remove this declaration"
        case .facadeMemberUnderIf(let name):
            "@MediatorFacade cannot list '\(name)', which is declared under #if and exists in some builds only; declare it outside #if, or remove @MediatorFacade and write 'all' and 'events' by hand"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .inputNotAStruct: "inputNotAStruct"
            case .parametersDeclaredBothWays: "parametersDeclaredBothWays"
            case .parameterWithoutType: "parameterWithoutType"
            case .constantWithInitialValue: "constantWithInitialValue"
            case .optionalWithDefault: "optionalWithDefault"
            case .nativeWithDefault: "nativeWithDefault"
            case .nativeMisplaced: "nativeMisplaced"
            case .nativeOnParameter: "nativeOnParameter"
            case .facadeNotAnEnum: "facadeNotAnEnum"
            case .facadeListWrittenByHand: "facadeListWrittenByHand"
            case .facadeMemberUnderIf: "facadeMemberUnderIf"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
