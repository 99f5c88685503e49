import SwiftSyntax
import SwiftSyntaxBuilder

/// One parameter of an input, as the generated initializer and attribute need it: a stored property
/// written with `@Parameter`, or a plain one the macro makes a `@Parameter`.
struct InputParameter {
    /// The property's name as written, backticks included: the initializer's label.
    let name: TokenSyntax
    /// The property's type: written, or that of its literal initial value.
    let type: TypeSyntax
    /// The property's initial value, as written.
    let initialValue: ExprSyntax?
    /// Whether only native callers can set the parameter (`@Native`); plain properties only.
    let isNative: Bool
    /// The description the generated attribute gives: the doc comment's first line, `""` without one;
    /// `nil` for a property written with `@Parameter`, whose attribute stays as written.
    let description: String?

    /// The initializer's default: a constant initial value as written, any other read from the
    /// declaration (`Self().tab`), so it is spelled once and may use what a public default argument
    /// could not; `nil` for an optional without one.
    var defaultValue: ExprSyntax? {
        guard let initialValue else { return type.isOptional ? ExprSyntax(NilLiteralExprSyntax()) : nil }
        return initialValue.isConstant ? initialValue : "Self().\(name.trimmed)"
    }

    /// The initializer's parameter: `name: Type = default`, `@escaping` added to a function type.
    var initializerParameter: String {
        let escaping = type.isFunction ? "@escaping " : ""
        let defaultClause = defaultValue.map { " = \($0.trimmedDescription)" } ?? ""
        return "\(name.text): \(escaping)\(type.trimmedDescription)\(defaultClause)"
    }

    /// The attribute that makes a plain property a parameter: `@MediatorCore.Parameter("User id")`,
    /// `native:` for a `@Native` one, bare without a description. Qualified, so a file that also
    /// imports another `Parameter` (App Intents has one) still means the core's.
    var attribute: AttributeSyntax {
        let summary = StringLiteralExprSyntax(content: description ?? "").trimmedDescription
        if isNative { return "@MediatorCore.Parameter(native: \(raw: summary))" }
        guard let description, !description.isEmpty else { return "@MediatorCore.Parameter" }
        return "@MediatorCore.Parameter(\(raw: summary))"
    }
}

extension ExprSyntax {
    /// Whether the expression is a literal whose value does not depend on anything declared:
    /// numbers, booleans, `nil`, strings without interpolation, and arrays of these.
    var isConstant: Bool {
        if self.is(IntegerLiteralExprSyntax.self) || self.is(FloatLiteralExprSyntax.self)
            || self.is(BooleanLiteralExprSyntax.self) || self.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let string = self.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let prefixed = self.as(PrefixOperatorExprSyntax.self), prefixed.operator.text == "-" {
            return prefixed.expression.is(IntegerLiteralExprSyntax.self) || prefixed.expression.is(FloatLiteralExprSyntax.self)
        }
        if let array = self.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy(\.expression.isConstant)
        }
        return false
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
    /// The argument of a `@Parameter` attribute that holds its description: the unlabelled or
    /// `native:` one.
    var descriptionArgument: LabeledExprSyntax? {
        guard case .argumentList(let arguments) = self.arguments else { return nil }
        return arguments.first { $0.label == nil || $0.label?.text == "native" }
    }

    /// Whether a `@Parameter` attribute gives a description: a non-empty description argument (one
    /// that is not a string literal counts, since it cannot be read here).
    var givesDescription: Bool {
        guard let summary = descriptionArgument else { return false }
        guard let literal = summary.expression.as(StringLiteralExprSyntax.self) else { return true }
        return !literal.segments.allSatisfy { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty == true }
    }
}
