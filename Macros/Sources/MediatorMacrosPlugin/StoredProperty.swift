import SwiftSyntax

extension VariableDeclSyntax {
    /// Whether the declaration is of the type (`static` or `class`) rather than of each value.
    var isTypeProperty: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The declaration's `@Parameter` attribute, if it has one.
    var parameterAttribute: AttributeSyntax? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let type = attribute.attributeName
            let name = type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
            if name == "Parameter" { return attribute }
        }
        return nil
    }
}

extension PatternBindingSyntax {
    /// Whether the binding stores a value: it has no accessors, or only `willSet` and `didSet`.
    var isStored: Bool {
        guard let accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }

    /// The bound name as written, backticks included; `nil` for a tuple pattern.
    var name: TokenSyntax? { pattern.as(IdentifierPatternSyntax.self)?.identifier }
}

extension TokenSyntax {
    /// The name a token spells, without backticks: a property's name as `Mirror` and coding keys see it.
    var unescapedName: String {
        let text = self.text
        guard text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
