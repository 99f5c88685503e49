import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Native`: marks a plain stored property of a `@MediatorInput` struct as a parameter only native
/// callers can set. `@MediatorInput` reads the attribute (and attaches `@Parameter(native: …)`); this
/// expansion adds nothing and reports the attribute where `@MediatorInput` would not read it.
enum NativeMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isTypeProperty,
            variable.bindings.allSatisfy(\.isStored), isInInput(context.lexicalContext)
        else {
            context.diagnose(Diagnostic(node: node, message: MediatorMacroDiagnostic.nativeMisplaced))
            return []
        }
        // A `@Parameter(native: …)` says the same (it is the one `@MediatorInput` attaches, which a
        // compiler may show this expansion); any other contradicts it.
        if let parameter = variable.parameterAttribute, parameter.descriptionArgument?.label?.text != "native" {
            context.diagnose(Diagnostic(node: node, message: MediatorMacroDiagnostic.nativeOnParameter))
        }
        return []
    }

    /// Whether the innermost type around the property is a struct marked `@MediatorInput`; a
    /// compiler that gives no lexical context gets the benefit of the doubt.
    private static func isInInput(_ lexicalContext: [Syntax]) -> Bool {
        // The property itself may come first.
        guard let enclosing = lexicalContext.first(where: { !$0.is(VariableDeclSyntax.self) }) else { return true }
        guard let structure = enclosing.as(StructDeclSyntax.self) else { return false }
        return structure.attributes.named("MediatorInput") != nil
    }
}
