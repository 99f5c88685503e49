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
        self = .internal
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): self = .public
            case .keyword(.package): self = .package
            default: continue
            }
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
