import SwiftDiagnostics
import SwiftSyntax

/// What `@MediatorInput` reads from a struct's body: the parameters in declaration order (its
/// stored instance properties, plain or written with `@Parameter`), the initializers it already
/// declares, and the problems of its properties.
struct InputDeclaration {
    /// The parameters, one per stored property, in declaration order.
    private(set) var parameters: [InputParameter] = []
    /// Problems with the stored properties; no initializer is generated while one is an error.
    private(set) var diagnostics: [Diagnostic] = []
    /// The argument labels of the initializers the body declares, `_` for an unlabelled one.
    private(set) var initializerLabels: [[String]] = []

    init(members: MemberBlockItemListSyntax) {
        for member in members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                initializerLabels.append(initializer.signature.parameterClause.parameters.map(\.firstName.text))
            }
            let property = InputProperty(member.decl)
            diagnostics += property.diagnostics
            if let parameter = property.parameter { parameters.append(parameter) }
        }
    }

    /// Whether a property has a problem that keeps the macro from writing the initializers.
    var hasErrors: Bool {
        diagnostics.contains { $0.diagMessage.severity == .error }
    }

    /// Whether the body already declares an initializer with these argument labels.
    func declaresInitializer(labelled labels: [String]) -> Bool {
        initializerLabels.contains(labels)
    }
}
