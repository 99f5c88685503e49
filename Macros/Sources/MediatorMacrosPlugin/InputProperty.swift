import SwiftDiagnostics
import SwiftSyntax

/// One member of an input's body as `@MediatorInput` reads it: the parameter a stored property
/// declares, the `@Parameter` attribute the macro attaches to a plain one, and its problems.
///
/// Read from the member alone, so the member role (initializers) and the member-attribute role (one
/// member at a time) read it alike.
struct InputProperty {
    /// The parameter; `nil` for a member that is not a stored instance property, or one with an error.
    private(set) var parameter: InputParameter?
    /// Whether the property is written with `@Parameter`, which the macro leaves as written.
    private(set) var isWrittenAsParameter = false
    /// The property's problems: errors (the macro writes no initializer then) and warnings.
    private(set) var diagnostics: [Diagnostic] = []

    /// The attribute the macro attaches: for a plain stored property that can be a parameter.
    var attribute: AttributeSyntax? {
        isWrittenAsParameter ? nil : parameter?.attribute
    }

    init(_ member: some DeclSyntaxProtocol) {
        guard let variable = member.as(VariableDeclSyntax.self), !variable.isTypeProperty,
            variable.bindings.contains(where: \.isStored)
        else { return }
        // A property wrapper applies to a declaration of one name.
        guard variable.bindings.count == 1, let binding = variable.bindings.first, let name = binding.name else {
            diagnostics.append(Self.declaredTogether(variable))
            return
        }
        let written = variable.parameterAttribute
        if written == nil, variable.bindingSpecifier.tokenKind == .keyword(.let) {
            diagnostics.append(Self.constant(variable, name: name))
            return
        }
        guard let type = binding.typeAnnotation?.type.trimmed ?? binding.initializer.flatMap({ LiteralType.of($0.value) })
        else {
            diagnostics.append(Self.withoutType(binding, name: name))
            return
        }
        let summary = DocComment(before: variable.leadingTrivia).summary
        let initialValue = binding.initializer?.value.trimmed
        if let written {
            isWrittenAsParameter = true
            if !written.givesDescription, let summary {
                diagnostics.append(Self.docCommentUnread(written, summary: summary, name: name))
            }
            parameter = InputParameter(
                name: name.trimmed, type: type, initialValue: initialValue, isNative: false, description: nil)
        } else {
            parameter = InputParameter(
                name: name.trimmed, type: type, initialValue: initialValue, isNative: variable.nativeAttribute != nil,
                description: summary ?? "")
        }
    }
}
