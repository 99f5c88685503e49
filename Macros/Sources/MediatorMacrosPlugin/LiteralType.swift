import SwiftSyntax
import SwiftSyntaxBuilder

/// The type Swift gives a literal initial value when nothing else says otherwise: what a property
/// declared `var tab = "posts"` has, so a generated initializer can name it.
enum LiteralType {
    /// The literal's default type, such as `Int` for `42` or `[String]` for `["a", "b"]`; `nil` for an
    /// expression that is not a literal, or one (`nil`, `[]`, `.case`) whose type the context decides.
    static func of(_ expression: ExprSyntax) -> TypeSyntax? {
        guard let name = name(of: expression) else { return nil }
        return TypeSyntax(stringLiteral: name)
    }

    private static func name(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if let prefixed = expression.as(PrefixOperatorExprSyntax.self), prefixed.operator.text == "-" {
            let operand = prefixed.expression
            return operand.is(IntegerLiteralExprSyntax.self) || operand.is(FloatLiteralExprSyntax.self)
                ? name(of: operand) : nil
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            let elements = array.elements.map { name(of: $0.expression) }
            guard let first = elements.first, let element = first, elements.allSatisfy({ $0 == element }) else {
                return nil
            }
            return "[\(element)]"
        }
        return nil
    }
}
