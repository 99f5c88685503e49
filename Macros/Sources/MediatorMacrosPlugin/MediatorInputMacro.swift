import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MediatorInput`: makes each plain stored property of a struct a `@Parameter` (described by its
/// doc comment), and writes the initializer without arguments the mediator reads the declaration
/// from, the initializer with one labelled argument per property (defaults as declared), and the
/// `MediatorInput` conformance. Properties written with `@Parameter` stay as written.
enum MediatorInputMacro: MemberAttributeMacro, MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        // The member role reports a declaration that is not a struct, and the problems of its properties.
        guard declaration.is(StructDeclSyntax.self), let attribute = InputProperty(member).attribute else { return [] }
        return [attribute]
    }

    static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(node: node, message: MediatorMacroDiagnostic.inputNotAStruct(kind: declaration.kindName)))
            return []
        }
        let input = InputDeclaration(members: structure.memberBlock.members)
        for diagnostic in input.diagnostics { context.diagnose(diagnostic) }
        // With a property that cannot be a parameter, nothing is written: the struct keeps the
        // initializers Swift gives it, and the diagnostics stand alone.
        guard !input.hasErrors else { return [] }
        let access = AccessLevel(of: structure.modifiers, named: structure.name, in: context.lexicalContext)
        return initializers(for: input, access: access)
    }

    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else { return [] }
        let input = InputDeclaration(members: structure.memberBlock.members)
        // Without its `init()`, which is not written while a property has a problem, the struct
        // cannot conform: the problem is reported alone.
        guard !input.hasErrors || input.declaresInitializer(labelled: []) else { return [] }
        let conformances = protocols.filter { $0.lastName == "MediatorInput" }
        guard !conformances.isEmpty else { return [] }
        let list = conformances.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
    }

    /// The initializer with one argument per parameter, and the one without arguments that makes
    /// the declaration, both with the struct's access (the conformance needs `init()` as visible as the
    /// struct); those the struct declares are not written again.
    private static func initializers(for input: InputDeclaration, access: AccessLevel) -> [DeclSyntax] {
        let parameters = input.parameters
        var members: [DeclSyntax] = []
        let labels = parameters.map(\.name.text)
        if !parameters.isEmpty, !input.declaresInitializer(labelled: labels) {
            let arguments = parameters.map(\.initializerParameter).joined(separator: ", ")
            let assignments = parameters.map { "self.\($0.name.text) = \($0.name.text)" }.joined(separator: "\n")
            members.append(
                """
                /// Creates the input from its parameters; one left out takes the default it is declared with.
                \(raw: access.prefix)init(\(raw: arguments)) {
                \(raw: assignments)
                }
                """)
        }
        guard !input.declaresInitializer(labelled: []) else { return members }
        if parameters.isEmpty {
            members.append(
                """
                /// Creates the input, which has no parameters.
                \(raw: access.prefix)init() {}
                """)
        } else {
            let compoundName = "init(\(parameters.map { "\($0.name.argumentLabel):" }.joined()))"
            members.append(
                """
                /// The declaration the mediator reads: each parameter at its default, a required one unset.
                /// Not an input to pass: make one with `\(raw: compoundName)`.
                \(raw: access.prefix)init() {}
                """)
        }
        return members
    }
}
