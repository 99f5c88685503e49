import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MediatorInput`: writes, for a struct of plain stored properties, the initializer with one
/// labelled argument per property (defaults as declared), the explicit schema with one field per
/// property, and the `MediatorInput` conformance; for a struct of `@Parameter` properties, the same
/// initializer, the initializer without arguments the schema reads, the schema read from the
/// declarations, and the `MediatorInput` and `Decodable` conformances.
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
        let access = AccessLevel(of: structure.modifiers, named: structure.name, in: context.lexicalContext)
        switch input.style {
        case .plain:
            // The explicit schema names the generated initializer, so neither is written while a
            // property cannot be a parameter: the diagnostics stand alone.
            guard input.diagnostics.isEmpty else { return [] }
            var members = initializers(for: input, access: access)
            if !input.declaresSchema { members.append(explicitSchema(for: input, access: access)) }
            return members
        case .propertyWrappers:
            var members: [DeclSyntax] = []
            // With a property that cannot be a parameter, no initializer is written: the struct keeps the
            // initializers Swift gives it, so the schema below still compiles and the diagnostics stand alone.
            if input.diagnostics.isEmpty {
                members += initializers(for: input, access: access)
            }
            if !input.declaresSchema {
                members.append(reflectingSchema(for: input, access: access))
            }
            return members
        }
    }

    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member role reports a declaration that is not a struct, and the problems of its properties.
        guard let structure = declaration.as(StructDeclSyntax.self) else { return [] }
        let input = InputDeclaration(members: structure.memberBlock.members)
        var conformances = protocols
        if input.style == .plain {
            // A plain input is decoded by its explicit schema, so it needs no `Decodable`; and it has
            // no schema while its properties have problems, unless it declares one.
            let hasSchema = input.diagnostics.isEmpty || input.declaresSchema
            conformances = protocols.filter { $0.lastName == "MediatorInput" && hasSchema }
        }
        guard !conformances.isEmpty else { return [] }
        let list = conformances.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
    }

    /// The initializer with one argument per parameter; for `@Parameter` properties, also the one
    /// without arguments that `Self.init` names in the schema (private: the value it makes has no
    /// required parameter set). An input without parameters gets `init()` with the struct's access.
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
            // Without parameters this is the input's only initializer, so it has the struct's access.
            members.append(
                """
                /// Creates the input, which has no parameters.
                \(raw: access.prefix)init() {}
                """)
        } else if input.style == .propertyWrappers {
            members.append(
                """
                /// The declaration the schema reads: each parameter as declared, a required one without a value.
                private init() {}
                """)
        }
        return members
    }

    /// The explicit schema of a plain input: the initializer with one argument per property, and one
    /// field per property in the same order.
    private static func explicitSchema(for input: InputDeclaration, access: AccessLevel) -> DeclSyntax {
        let labels = input.parameters.map { "\($0.name.argumentLabel):" }.joined()
        let initializer = input.parameters.isEmpty ? "Self.init" : "Self.init(\(labels))"
        var fields = input.parameters.map(\.field)
        if fields.count == 1 {
            // Spelled out, a lone field's type cannot be taken for `init(reflecting:descriptions:)`'s
            // dictionary: a type that does not convert is then reported as such, not as a missing `Decodable`.
            fields[0] = "MediatorField" + fields[0]
        }
        // One argument a line, as a hand-written schema would be.
        let arguments = fields.isEmpty ? initializer : ([initializer] + fields).map { "\n    \($0)" }.joined(separator: ",")
        return """
            /// The input's parameters: one field per stored property, in declaration order.
            \(raw: access.prefix)static let schema = MediatorSchema(\(raw: arguments))
            """
    }

    /// The schema read from `@Parameter` declarations, with the doc comments of parameters declared
    /// without a description.
    private static func reflectingSchema(for input: InputDeclaration, access: AccessLevel) -> DeclSyntax {
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
