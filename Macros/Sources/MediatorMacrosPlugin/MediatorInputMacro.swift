import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MediatorInput`: writes, for a struct of `@Parameter` properties, the initializer with one
/// labelled argument per parameter (defaults as declared), the initializer without arguments the
/// schema reads, the schema, and the `MediatorInput` and `Decodable` conformances.
enum MediatorInputMacro: MemberMacro, ExtensionMacro {
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
        let access = AccessLevel(of: structure.modifiers)
        var members: [DeclSyntax] = []
        // With a property that cannot be a parameter, no initializer is written: the struct keeps the
        // initializers Swift gives it, so the schema below still compiles and the diagnostics stand alone.
        if input.diagnostics.isEmpty {
            members += initializers(for: input, access: access)
        }
        if !input.declaresSchema {
            members.append(schema(for: input, access: access))
        }
        return members
    }

    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member role reports a declaration that is not a struct.
        guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
        let conformances = protocols.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformances) {}")]
    }

    /// The initializer with one argument per parameter, and the one without arguments that
    /// `Self.init` names in the schema (private: the value it makes has no required parameter set).
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
        if !input.declaresInitializer(labelled: []) {
            // Without parameters this is the input's only initializer, so it has the struct's access.
            members.append(
                parameters.isEmpty
                    ? """
                    /// Creates the input, which has no parameters.
                    \(raw: access.prefix)init() {}
                    """
                    : """
                    /// The declaration the schema reads: each parameter as declared, a required one without a value.
                    private init() {}
                    """)
        }
        return members
    }

    /// The schema, read from the declarations, with the doc comments of parameters declared without a description.
    private static func schema(for input: InputDeclaration, access: AccessLevel) -> DeclSyntax {
        let described = input.parameters.compactMap { parameter in
            parameter.description.map { (parameter.name.unescapedName, $0) }
        }
        let reading: String
        if described.isEmpty {
            reading = "MediatorSchema(reflecting: Self.init)"
        } else {
            let entries = described.map { key, description in
                "\(StringLiteralExprSyntax(content: key).trimmedDescription): \(StringLiteralExprSyntax(content: description).trimmedDescription)"
            }
            reading = "MediatorSchema(reflecting: Self.init, descriptions: [\(entries.joined(separator: ", "))])"
        }
        return """
            /// The input's parameters, read from its `@Parameter` declarations.
            \(raw: access.prefix)static let schema = \(raw: reading)
            """
    }
}
