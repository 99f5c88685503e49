import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MediatorFacade`: writes, for an enum of static contracts, `all`, the list of its contracts
/// in declaration order, and `events`, the list of its events, when it declares any. A contract or
/// event under `#if` is refused with a diagnostic (it exists in some builds only); one declared in an
/// extension is out of the macro's sight, and `check-module-graph` reports it.
enum MediatorFacadeMacro: MemberMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let enumeration = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(node: node, message: MediatorMacroDiagnostic.facadeNotAnEnum(kind: declaration.kindName)))
            return []
        }
        let facade = FacadeDeclaration(members: enumeration.memberBlock.members)
        for (name, binding) in facade.conditional {
            context.diagnose(Diagnostic(node: binding, message: MediatorMacroDiagnostic.facadeMemberUnderIf(name: name)))
        }
        let access = AccessLevel(of: enumeration.modifiers, named: enumeration.name, in: context.lexicalContext)
        var members: [DeclSyntax] = []
        if let written = facade.lists["all"] {
            diagnoseHandWritten(written, name: "all", in: context)
        } else {
            members.append(
                """
                /// Every contract of the facade, in declaration order, for its contract test.
                \(raw: access.prefix)static let all: [any MediatorContract] = [\(raw: facade.contracts.joined(separator: ", "))]
                """)
        }
        if !facade.events.isEmpty {
            if let written = facade.lists["events"] {
                diagnoseHandWritten(written, name: "events", in: context)
            } else {
                members.append(
                    """
                    /// Every event of the facade, in declaration order, for its contract test.
                    \(raw: access.prefix)static let events: [any MediatorEventContract] = [\(raw: facade.events.joined(separator: ", "))]
                    """)
            }
        }
        return members
    }

    /// Reports a list declared by hand, with the fix that removes it.
    private static func diagnoseHandWritten(
        _ declaration: VariableDeclSyntax, name: String, in context: some MacroExpansionContext
    ) {
        // Nothing, in place of the declaration and the trivia before it.
        let removed = MissingDeclSyntax(placeholder: .identifier("", presence: .missing))
        context.diagnose(
            Diagnostic(
                node: declaration,
                message: MediatorMacroDiagnostic.facadeListWrittenByHand(name: name),
                fixIt: FixIt(
                    message: MediatorMacroFixIt.removeDeclaration(name: name),
                    changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(removed))])))
    }
}
