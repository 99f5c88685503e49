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
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                diagnostics += Self.propertiesUnderIf(conditional)
                continue
            }
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                initializerLabels.append(initializer.signature.parameterClause.parameters.map(\.firstName.text))
            }
            let property = InputProperty(member.decl)
            diagnostics += property.diagnostics
            if let parameter = property.parameter { parameters.append(parameter) }
        }
    }

    /// The stored instance properties declared under `#if`: the compiler makes those of the active
    /// clause `@Parameter`s, but the macro cannot tell which clause is active, so its initializers
    /// could not set them.
    private static func propertiesUnderIf(_ conditional: IfConfigDeclSyntax) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for clause in conditional.clauses {
            guard case .decls(let members) = clause.elements else { continue }
            for member in members {
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    diagnostics += propertiesUnderIf(nested)
                    continue
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isTypeProperty else { continue }
                for binding in variable.bindings where binding.isStored {
                    let name = binding.name?.unescapedName ?? binding.pattern.trimmedDescription
                    diagnostics.append(
                        Diagnostic(node: binding, message: MediatorMacroDiagnostic.propertyUnderIf(name: name)))
                }
            }
        }
        return diagnostics
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
