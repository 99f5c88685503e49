import SwiftDiagnostics
import SwiftSyntax

/// What `@MediatorInput` reads from a struct's body: its parameters in declaration order, what it
/// already declares, and the problems that keep an initializer from being generated.
struct InputDeclaration {
    /// The `@Parameter` properties, in declaration order.
    private(set) var parameters: [InputParameter] = []
    /// Problems with the stored properties; no initializer is generated while there are any.
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether the body declares `schema` itself.
    private(set) var declaresSchema = false
    /// The argument labels of the initializers the body declares, `_` for an unlabelled one.
    private(set) var initializerLabels: [[String]] = []

    init(members: MemberBlockItemListSyntax) {
        for member in members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                initializerLabels.append(initializer.signature.parameterClause.parameters.map(\.firstName.text))
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.name?.unescapedName == "schema" { declaresSchema = true }
            guard !variable.isTypeProperty else { continue }
            for binding in variable.bindings where binding.isStored {
                read(binding, of: variable)
            }
        }
    }

    /// Whether the body already declares an initializer with these argument labels.
    func declaresInitializer(labelled labels: [String]) -> Bool {
        initializerLabels.contains(labels)
    }

    private mutating func read(_ binding: PatternBindingSyntax, of variable: VariableDeclSyntax) {
        guard let name = binding.name else { return }
        guard let attribute = variable.parameterAttribute else {
            diagnostics.append(Self.notAParameter(variable, name: name))
            return
        }
        guard let type = binding.typeAnnotation?.type.trimmed ?? binding.initializer.flatMap({ LiteralType.of($0.value) })
        else {
            diagnostics.append(Self.withoutType(binding, name: name))
            return
        }
        let initialValue = binding.initializer?.value.trimmed
        let defaultValue = initialValue ?? (type.isOptional ? ExprSyntax(NilLiteralExprSyntax()) : nil)
        let description = attribute.givesDescription ? nil : DocComment(before: variable.leadingTrivia).summary
        parameters.append(
            InputParameter(name: name.trimmed, type: type, defaultValue: defaultValue, description: description))
    }

    /// A stored property without `@Parameter`, and the fix that adds the attribute (and makes a `let` a `var`).
    private static func notAParameter(_ variable: VariableDeclSyntax, name: TokenSyntax) -> Diagnostic {
        var fixed = variable
        let leadingTrivia = fixed.leadingTrivia
        fixed.leadingTrivia = []
        let attribute = AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("Parameter")))
        fixed.attributes.insert(.attribute(attribute.with(\.trailingTrivia, .space)), at: fixed.attributes.startIndex)
        fixed.leadingTrivia = leadingTrivia
        // A property wrapper needs `var`.
        if fixed.bindingSpecifier.tokenKind == .keyword(.let) {
            fixed.bindingSpecifier = fixed.bindingSpecifier.with(\.tokenKind, .keyword(.var))
        }
        return Diagnostic(
            node: variable,
            message: MediatorMacroDiagnostic.storedPropertyNotAParameter(name: name.unescapedName),
            fixIt: FixIt(
                message: MediatorMacroFixIt.declareAsParameter(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(fixed))]))
    }

    /// A `@Parameter` whose type cannot be told, and the fix that adds an annotation to fill in.
    private static func withoutType(_ binding: PatternBindingSyntax, name: TokenSyntax) -> Diagnostic {
        let annotation = TypeAnnotationSyntax(
            colon: .colonToken(trailingTrivia: .space),
            type: TypeSyntax(IdentifierTypeSyntax(name: .identifier("<#Type#>"))),
            trailingTrivia: binding.pattern.trailingTrivia)
        let fixed = binding.with(\.pattern, binding.pattern.with(\.trailingTrivia, [])).with(\.typeAnnotation, annotation)
        return Diagnostic(
            node: binding,
            message: MediatorMacroDiagnostic.parameterWithoutType(name: name.unescapedName),
            fixIt: FixIt(
                message: MediatorMacroFixIt.addTypeAnnotation(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(fixed))]))
    }
}
