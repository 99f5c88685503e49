import SwiftSyntax

extension DeclGroupSyntax {
    /// What the declaration is, for messages: `enum`, `class`, `actor`, `extension`, `protocol`, or `struct`.
    var kindName: String {
        switch Syntax(self).as(SyntaxEnum.self) {
        case .enumDecl: "enum"
        case .classDecl: "class"
        case .actorDecl: "actor"
        case .extensionDecl: "extension"
        case .protocolDecl: "protocol"
        default: "struct"
        }
    }
}
