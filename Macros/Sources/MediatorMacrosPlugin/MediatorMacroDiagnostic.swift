import SwiftDiagnostics

/// The problems the macros report in the code they are attached to.
enum MediatorMacroDiagnostic: DiagnosticMessage {
    /// `@MediatorInput` on something other than a struct.
    case inputNotAStruct(kind: String)
    /// A stored property declared with others (`var a, b: Int`) or as a tuple: no `@Parameter` can mark it.
    case declaredTogether(names: [String])
    /// A property whose type neither an annotation nor a literal initial value gives.
    case parameterWithoutType(name: String)
    /// A plain `let`, which no `@Parameter` can mark.
    case constant(name: String)
    /// A `@Parameter` without a description, whose doc comment the mediator does not read.
    case docCommentUnread(name: String, literal: String)
    /// A stored property declared under `#if`, which exists in some builds only.
    case propertyUnderIf(name: String)
    /// `@Native` on something other than a stored property of a `@MediatorInput` struct.
    case nativeMisplaced
    /// `@Native` on a `@Parameter` property that is not `native:`.
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
        case .declaredTogether(let names):
            "\(Self.list(names)) \(names.count == 1 ? "is" : "are") declared together; @MediatorInput makes each stored property a @Parameter, which takes a declaration of its own: declare one property per line"
        case .parameterWithoutType(let name):
            "@MediatorInput cannot tell the type of '\(name)' from its initial value; write the type after the name ('\(name): Type = …')"
        case .constant(let name):
            "'\(name)' is a let; @MediatorInput makes each stored property a @Parameter, which needs a var: make it a var to take it as a parameter, or static or computed if it is not one"
        case .docCommentUnread(let name, let literal):
            "'\(name)' is a @Parameter without a description, and its doc comment does not give it one (the mediator reads the attribute); write it in the attribute: @Parameter(\(literal))"
        case .propertyUnderIf(let name):
            "@MediatorInput cannot take '\(name)', which is declared under #if and exists in some builds only; declare it outside #if (optional, if some builds do not use it), or remove @MediatorInput and write the initializers by hand"
        case .nativeMisplaced:
            "@Native marks a stored property of a @MediatorInput struct as a parameter only native callers can set"
        case .nativeOnParameter:
            "@Native contradicts this @Parameter, which takes converted values; a property written with @Parameter says native in its attribute: @Parameter(native: \"…\")"
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
            case .declaredTogether: "declaredTogether"
            case .parameterWithoutType: "parameterWithoutType"
            case .constant: "constant"
            case .docCommentUnread: "docCommentUnread"
            case .propertyUnderIf: "propertyUnderIf"
            case .nativeMisplaced: "nativeMisplaced"
            case .nativeOnParameter: "nativeOnParameter"
            case .facadeNotAnEnum: "facadeNotAnEnum"
            case .facadeListWrittenByHand: "facadeListWrittenByHand"
            case .facadeMemberUnderIf: "facadeMemberUnderIf"
            }
        return MessageID(domain: "MediatorMacros", id: id)
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .docCommentUnread: .warning
        default: .error
        }
    }

    /// Names quoted and joined for a message: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}
