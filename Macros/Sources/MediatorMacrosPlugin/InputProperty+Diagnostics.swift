import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

extension InputProperty {
    /// A declaration of several names (or a tuple pattern), which no property wrapper can mark, and
    /// the fix that declares each name on its own line.
    static func declaredTogether(_ variable: VariableDeclSyntax) -> Diagnostic {
        let names = variable.bindings.map { $0.name?.unescapedName ?? $0.pattern.trimmedDescription }
        let message = MediatorMacroDiagnostic.declaredTogether(names: names)
        guard variable.bindings.count > 1, variable.bindings.allSatisfy({ $0.name != nil }) else {
            return Diagnostic(node: variable.bindings, message: message)
        }
        // Each name keeps the attributes, modifiers and doc comment of the declaration (so its description).
        var following = Array(variable.leadingTrivia.pieces.drop { $0.isNewline })
        following.insert(.newlines(1), at: 0)
        let declarations = variable.bindings.enumerated().map { index, binding in
            let alone = typed(binding, in: variable).with(\.trailingComma, nil)
            return variable.with(\.bindings, [alone.with(\.trailingTrivia, [])])
                .with(\.leadingTrivia, index == 0 ? variable.leadingTrivia : Trivia(pieces: following))
        }
        let split = CodeBlockItemListSyntax(declarations.map { CodeBlockItemSyntax(item: .decl(DeclSyntax($0))) })
        return Diagnostic(
            node: variable.bindings, message: message,
            fixIt: FixIt(
                message: MediatorMacroFixIt.declareSeparately,
                changes: [
                    .replace(
                        oldNode: Syntax(variable),
                        newNode: Syntax(split.with(\.trailingTrivia, variable.trailingTrivia)))
                ]))
    }

    /// The binding with the type Swift gives it in a declaration of several names: `a` in
    /// `var a, b: Int` is an `Int`, typed by the first annotation after it (with no initial value between).
    private static func typed(_ binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> PatternBindingSyntax {
        guard binding.typeAnnotation == nil, binding.initializer == nil,
            let index = variable.bindings.firstIndex(where: { $0.id == binding.id })
        else { return binding }
        for later in variable.bindings[variable.bindings.index(after: index)...] {
            if let annotation = later.typeAnnotation {
                return binding.with(\.pattern, binding.pattern.trimmed)
                    .with(\.typeAnnotation, annotation.with(\.trailingTrivia, []))
            }
            if later.initializer != nil { return binding }
        }
        return binding
    }

    /// A `let`, which no property wrapper can mark, and the fix that makes it a `var`.
    static func constant(_ variable: VariableDeclSyntax, name: TokenSyntax) -> Diagnostic {
        let specifier = variable.bindingSpecifier
        return Diagnostic(
            node: specifier,
            message: MediatorMacroDiagnostic.constant(name: name.unescapedName),
            fixIt: FixIt(
                message: MediatorMacroFixIt.makeVariable(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))]))
    }

    /// A property whose type cannot be told, and the fix that adds an annotation to fill in.
    static func withoutType(_ binding: PatternBindingSyntax, name: TokenSyntax) -> Diagnostic {
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

    /// A `@Parameter` without a description whose doc comment has one it cannot give (the mediator
    /// reads descriptions from attributes), and the fix that writes it into the attribute.
    static func docCommentUnread(_ attribute: AttributeSyntax, summary: String, name: TokenSyntax) -> Diagnostic {
        let literal = StringLiteralExprSyntax(content: summary)
        var fixed = attribute
        if let argument = attribute.descriptionArgument, case .argumentList(var arguments) = attribute.arguments,
            let index = arguments.firstIndex(where: { $0.id == argument.id })
        {
            // An empty description: the text goes in its place.
            let expression = argument.expression
            let placed = literal.with(\.leadingTrivia, expression.leadingTrivia).with(\.trailingTrivia, expression.trailingTrivia)
            arguments[index] = argument.with(\.expression, ExprSyntax(placed))
            fixed.arguments = .argumentList(arguments)
        } else if case .argumentList(var arguments) = attribute.arguments, !arguments.isEmpty {
            // Only other arguments (`wrappedValue:`): the description follows them.
            let last = arguments.index(before: arguments.endIndex)
            arguments[last] = arguments[last].with(\.trailingComma, .commaToken(trailingTrivia: .space))
            arguments.append(LabeledExprSyntax(expression: literal))
            fixed.arguments = .argumentList(arguments)
        } else {
            // `@Parameter` or `@Parameter()`: the description becomes its argument.
            let trailing = attribute.trailingTrivia
            fixed = attribute.with(\.trailingTrivia, [])
            fixed.leftParen = .leftParenToken()
            fixed.arguments = .argumentList([LabeledExprSyntax(expression: literal)])
            fixed.rightParen = .rightParenToken(trailingTrivia: trailing)
        }
        return Diagnostic(
            node: attribute,
            message: MediatorMacroDiagnostic.docCommentUnread(name: name.unescapedName, literal: literal.trimmedDescription),
            fixIt: FixIt(
                message: MediatorMacroFixIt.describeInAttribute(name: name.unescapedName),
                changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))]))
    }
}
