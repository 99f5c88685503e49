import SwiftSyntax
import SwiftSyntaxBuilder

/// One parameter of an input, as the generated initializer and schema need it: a `@Parameter`
/// property, or a plain stored property of an input declared without `@Parameter`.
struct InputParameter {
    /// The property's name as written, backticks included: the initializer's label.
    let name: TokenSyntax
    /// The property's type: written, or that of its literal initial value.
    let type: TypeSyntax
    /// The property's initial value, as written.
    let initialValue: ExprSyntax?
    /// Whether only native callers can set the parameter (`@Native`); plain properties only.
    let isNative: Bool
    /// The description to give the schema: the doc comment's first line (for a `@Parameter`, only
    /// when the attribute has no description of its own).
    let description: String?

    /// The initializer's default: the initial value, or `nil` for an optional without one.
    var defaultValue: ExprSyntax? {
        initialValue ?? (type.isOptional ? ExprSyntax(NilLiteralExprSyntax()) : nil)
    }

    /// The initializer's parameter: `name: Type = default`, `@escaping` added to a function type.
    var initializerParameter: String {
        let escaping = type.isFunction ? "@escaping " : ""
        let defaultClause = defaultValue.map { " = \($0.trimmedDescription)" } ?? ""
        return "\(name.text): \(escaping)\(type.trimmedDescription)\(defaultClause)"
    }

    /// The explicit schema's field for a plain property: `.required("id", \.id, "User id")`, with a
    /// default `.optional("tab", \.tab, default: "posts", "Tab")`, `native:` for a `@Native` one.
    var field: String {
        let key = StringLiteralExprSyntax(content: name.unescapedName).trimmedDescription
        let summary = StringLiteralExprSyntax(content: description ?? "").trimmedDescription
        let keyPath = "\\.\(name.text)"
        let native = isNative ? "native: " : ""
        if type.isOptional {
            return ".optional(\(key), \(native)\(keyPath), \(summary))"
        }
        // A native parameter has no default in the schema; the declaration reports one with an initial value.
        if let initialValue, !isNative {
            return ".optional(\(key), \(keyPath), default: \(initialValue.trimmedDescription), \(summary))"
        }
        return ".required(\(key), \(native)\(keyPath), \(summary))"
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

    /// The type an optional wraps (`T` for `T?`, `T!` or `Optional<T>`); `nil` for a type that is not
    /// written as an optional.
    var wrappedType: TypeSyntax? {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        guard let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
            let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
            let argument = arguments.first
        else { return nil }
        // Read as text: the argument's syntax node changed type across swift-syntax releases.
        return TypeSyntax("\(raw: argument.argument.trimmedDescription)")
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
