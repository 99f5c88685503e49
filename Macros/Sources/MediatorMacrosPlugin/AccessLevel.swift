import SwiftSyntax

/// The access a generated member gets: that of the type it is written into, where a modifier is
/// needed for it (`public` or `package`); a member of an internal, fileprivate or private type
/// needs none.
enum AccessLevel {
    case `public`
    case package
    case `internal`

    /// The access written on a type's declaration.
    init(of modifiers: DeclModifierListSyntax) {
        self = Self.written(in: modifiers) ?? .internal
    }

    /// The access a type has: written on its declaration, or else that of the extension it is
    /// declared in (`public extension Shop { struct Query {…} }` makes `Query` public), as Swift gives it.
    /// - Parameters:
    ///   - name: The type's name, to skip the type itself where the context lists it first.
    init(of modifiers: DeclModifierListSyntax, named name: TokenSyntax, in lexicalContext: [Syntax]) {
        var contexts = lexicalContext[...]
        if let first = contexts.first,
            first.as(StructDeclSyntax.self)?.name.text == name.text || first.as(EnumDeclSyntax.self)?.name.text == name.text
        {
            contexts = contexts.dropFirst()
        }
        if let written = Self.written(in: modifiers) {
            self = written
        } else if Self.isRestricted(modifiers) {
            self = .internal
        } else if let enclosing = contexts.first?.as(ExtensionDeclSyntax.self) {
            self = Self.written(in: enclosing.modifiers) ?? .internal
        } else {
            self = .internal
        }
    }

    /// `public`, `open` or `package` among the modifiers; `nil` when none is.
    private static func written(in modifiers: DeclModifierListSyntax) -> AccessLevel? {
        var access: AccessLevel?
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): access = .public
            case .keyword(.package): access = .package
            default: continue
            }
        }
        return access
    }

    /// Whether the modifiers say `internal`, `fileprivate` or `private`.
    private static func isRestricted(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains {
            [.keyword(.internal), .keyword(.fileprivate), .keyword(.private)].contains($0.name.tokenKind)
        }
    }

    /// The modifier to write before a generated member, with its trailing space; empty for internal.
    var prefix: String {
        switch self {
        case .public: "public "
        case .package: "package "
        case .internal: ""
        }
    }
}
