import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Mediator's macros.
@main
struct MediatorMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MediatorInputMacro.self, NativeMacro.self, MediatorFacadeMacro.self]
}
