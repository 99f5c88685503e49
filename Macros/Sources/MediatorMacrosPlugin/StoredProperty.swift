import SwiftSyntax

extension VariableDeclSyntax {
    /// Whether the declaration is of the type (`static` or `class`) rather than of each value.
    var isTypeProperty: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The declaration's `@Parameter` attribute, if it has one.
    var parameterAttribute: AttributeSyntax? { attributes.named("Parameter") }

    /// The declaration's `@Native` attribute, if it has one.
    var nativeAttribute: AttributeSyntax? { attributes.named("Native") }
}

extension AttributeListSyntax {
    /// The first attribute of this name, written bare (`@Native`) or qualified (`@MediatorMacros.Native`).
    func named(_ name: String) -> AttributeSyntax? {
        for element in self {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let type = attribute.attributeName
            let written = type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
            if written == name { return attribute }
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

    /// The name as an argument label in a compound name such as `init(id:default:)`: without
    /// backticks, which a keyword there does not need, save for `inout` and a name that is not an
    /// identifier without them.
    var argumentLabel: String {
        let name = unescapedName
        guard name != "inout", let first = name.first, first == "_" || first.isLetter,
            name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
        else { return text }
        return name
    }
}

extension TypeSyntax {
    /// The type's last name: `MediatorInput` for `MediatorInput` or `Mediator.MediatorInput`.
    var lastName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }
}
