import SwiftDiagnostics
import SwiftSyntax

/// What `@MediatorInput` reads from a struct's body: how its parameters are declared, the
/// parameters in declaration order, what it already declares, and the problems that keep an
/// initializer from being generated.
struct InputDeclaration {
    /// How an input declares its parameters.
    enum Style {
        /// Plain stored properties, read into an explicit schema: the input is a plain struct.
        case plain
        /// `@Parameter` properties, whose schema is read from the declaration at run time.
        case propertyWrappers
    }

    /// How the parameters are declared: with `@Parameter` when any stored property is one.
    private(set) var style = Style.plain
    /// The parameters, one per stored property, in declaration order.
    private(set) var parameters: [InputParameter] = []
    /// Problems with the stored properties; no initializer is generated while there are any.
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether the body declares `schema` itself.
    private(set) var declaresSchema = false
    /// The argument labels of the initializers the body declares, `_` for an unlabelled one.
    private(set) var initializerLabels: [[String]] = []

    init(members: MemberBlockItemListSyntax) {
        var stored: [(binding: PatternBindingSyntax, variable: VariableDeclSyntax)] = []
        for member in members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                initializerLabels.append(initializer.signature.parameterClause.parameters.map(\.firstName.text))
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.name?.unescapedName == "schema" { declaresSchema = true }
            guard !variable.isTypeProperty else { continue }
            for binding in variable.bindings where binding.isStored {
                stored.append((Self.typed(binding, in: variable), variable))
            }
        }
        if stored.contains(where: { $0.variable.parameterAttribute != nil }) { style = .propertyWrappers }
        for (binding, variable) in stored {
            switch style {
            case .plain: readPlain(binding, of: variable)
            case .propertyWrappers: readWrapped(binding, of: variable)
            }
        }
    }

    /// Whether the body already declares an initializer with these argument labels.
    func declaresInitializer(labelled labels: [String]) -> Bool {
        initializerLabels.contains(labels)
    }

    /// Reads a stored property of an input whose parameters are `@Parameter`s.
    private mutating func readWrapped(_ binding: PatternBindingSyntax, of variable: VariableDeclSyntax) {
        guard let name = binding.name else { return }
        guard let attribute = variable.parameterAttribute else {
            diagnostics.append(Self.notAParameter(variable, name: name))
            return
        }
        guard let type = Self.type(of: binding) else {
            diagnostics.append(Self.withoutType(binding, name: name))
            return
        }
        let description = attribute.givesDescription ? nil : DocComment(before: variable.leadingTrivia).summary
        parameters.append(
            InputParameter(
                name: name.trimmed, type: type, initialValue: binding.initializer?.value.trimmed, isNative: false,
                description: description))
    }

    /// Reads a plain stored property: a parameter whose field the explicit schema spells out.
    private mutating func readPlain(_ binding: PatternBindingSyntax, of variable: VariableDeclSyntax) {
        guard let name = binding.name else { return }
        if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil {
            diagnostics.append(Self.constantWithInitialValue(variable, name: name))
            return
        }
        guard let type = Self.type(of: binding) else {
            diagnostics.append(Self.withoutType(binding, name: name))
            return
        }
        let initialValue = binding.initializer?.value.trimmed
        let isNative = variable.nativeAttribute != nil
        if let initialValue, !initialValue.is(NilLiteralExprSyntax.self) {
            if isNative {
                diagnostics.append(Self.nativeWithDefault(binding, name: name))
                return
            }
            if let wrapped = type.wrappedType, let annotation = binding.typeAnnotation {
                diagnostics.append(Self.optionalWithDefault(annotation, wrapped: wrapped, name: name))
                return
            }
        }
        parameters.append(
            InputParameter(
                name: name.trimmed, type: type, initialValue: initialValue, isNative: isNative,
                description: DocComment(before: variable.leadingTrivia).summary ?? ""))
    }

    /// The binding with the type Swift gives it in a declaration of several names: `a` in
    /// `var a, b: Int` is an `Int`, typed by the first annotation after it (with no initial value between).
    private static func typed(_ binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> PatternBindingSyntax {
        guard binding.typeAnnotation == nil, binding.initializer == nil,
            let index = variable.bindings.firstIndex(where: { $0.id == binding.id })
        else { return binding }
        for later in variable.bindings[variable.bindings.index(after: index)...] {
            if let annotation = later.typeAnnotation {
                return binding.with(\.typeAnnotation, annotation.with(\.trailingTrivia, []))
            }
            if later.initializer != nil { return binding }
        }
        return binding
    }

    /// The type a binding declares: its annotation, or that of its literal initial value.
    private static func type(of binding: PatternBindingSyntax) -> TypeSyntax? {
        binding.typeAnnotation?.type.trimmed ?? binding.initializer.flatMap { LiteralType.of($0.value) }
    }

    /// A stored property without `@Parameter` beside others with it, and the fix that adds the
    /// attribute (and makes a `let` a `var`).
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
            message: MediatorMacroDiagnostic.parametersDeclaredBothWays(name: name.unescapedName),
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

    /// A `let` with an initial value, which no initializer can set, and the fix that makes it a `var`.
    private static func constantWithInitialValue(_ variable: VariableDeclSyntax, name: TokenSyntax) -> Diagnostic {
        let specifier = variable.bindingSpecifier
        return Diagnostic(
            node: specifier,
            message: MediatorMacroDiagnostic.constantWithInitialValue(name: name.unescapedName),
            fixIt: FixIt(
                message: MediatorMacroFixIt.makeVariable(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))]))
    }

    /// An optional with a default other than `nil`, which the explicit schema cannot declare, and the
    /// fix that makes it non-optional.
    private static func optionalWithDefault(
        _ annotation: TypeAnnotationSyntax, wrapped: TypeSyntax, name: TokenSyntax
    ) -> Diagnostic {
        let type = annotation.type
        let fixed = wrapped.trimmed.with(\.leadingTrivia, type.leadingTrivia).with(\.trailingTrivia, type.trailingTrivia)
        return Diagnostic(
            node: type,
            message: MediatorMacroDiagnostic.optionalWithDefault(
                name: name.unescapedName, wrapped: wrapped.trimmedDescription),
            fixIt: FixIt(
                message: MediatorMacroFixIt.makeNonOptional(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(type), newNode: Syntax(fixed))]))
    }

    /// A `@Native` property with an initial value, which the explicit schema cannot declare.
    private static func nativeWithDefault(_ binding: PatternBindingSyntax, name: TokenSyntax) -> Diagnostic {
        Diagnostic(
            node: binding.initializer.map { Syntax($0) } ?? Syntax(binding),
            message: MediatorMacroDiagnostic.nativeWithDefault(name: name.unescapedName))
    }
}
