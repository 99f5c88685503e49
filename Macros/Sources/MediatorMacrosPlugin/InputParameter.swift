import SwiftSyntax

/// One `@Parameter` property of an input, as the generated initializer and schema need it.
struct InputParameter {
    /// The property's name as written, backticks included: the initializer's label.
    let name: TokenSyntax
    /// The property's type: written, or that of its literal initial value.
    let type: TypeSyntax
    /// The initializer's default: the initial value, or `nil` for an optional without one.
    let defaultValue: ExprSyntax?
    /// The description to give the schema: the doc comment's first line, when the attribute has no
    /// description of its own.
    let description: String?

    /// The initializer's parameter: `name: Type = default`, `@escaping` added to a function type.
    var initializerParameter: String {
        let escaping = type.isFunction ? "@escaping " : ""
        let defaultClause = defaultValue.map { " = \($0.trimmedDescription)" } ?? ""
        return "\(name.text): \(escaping)\(type.trimmedDescription)\(defaultClause)"
    }
}

extension TypeSyntax {
    /// Whether the type is written as an optional (`T?`, `T!`, `Optional<T>`).
    var isOptional: Bool {
        if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
        }
        return false
    }

    /// Whether the type is written as a function type, which an initializer parameter takes as
    /// `@escaping` to store it (`(Int) -> Void`, `@Sendable (Int) -> Void`, `((Int) -> Void)`).
    var isFunction: Bool {
        if self.is(FunctionTypeSyntax.self) { return true }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.isFunction }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return only.type.isFunction
        }
        return false
    }
}

extension AttributeSyntax {
    /// Whether a `@Parameter` attribute gives a description: a non-empty first unlabelled or
    /// `native:` argument (one that is not a string literal counts, since it cannot be read here).
    var givesDescription: Bool {
        guard case .argumentList(let arguments) = self.arguments,
            let summary = arguments.first(where: { $0.label == nil || $0.label?.text == "native" })
        else { return false }
        guard let literal = summary.expression.as(StringLiteralExprSyntax.self) else { return true }
        return !literal.segments.allSatisfy { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty == true }
    }
}
