import SwiftSyntax

/// What `@MediatorFacade` reads from an enum's body: its static contracts and events in
/// declaration order, and the lists it already declares.
struct FacadeDeclaration {
    /// The names of the static contracts, as written.
    private(set) var contracts: [String] = []
    /// The names of the static events, as written.
    private(set) var events: [String] = []
    /// The declarations of the lists the macro writes, by name (`all`, `events`).
    private(set) var lists: [String: VariableDeclSyntax] = [:]

    /// The generic types a contract is declared with.
    static let contractTypes: Set<String> = [
        "ActionContract", "AsyncActionContract", "MainActorActionContract", "MediatorActionContract",
    ]
    /// The generic type an event is declared with.
    static let eventType = "MediatorEvent"

    init(members: MemberBlockItemListSyntax) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.name else { continue }
                if ["all", "events"].contains(name.unescapedName) { lists[name.unescapedName] = variable }
                guard variable.isTypeProperty, variable.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
                switch Self.declaredTypeName(of: binding) {
                case let type? where Self.contractTypes.contains(type): contracts.append(name.trimmedDescription)
                case Self.eventType: events.append(name.trimmedDescription)
                default: continue
                }
            }
        }
    }

    /// The name of the type a binding declares, from its annotation or else from the type its
    /// initial value calls: `ActionContract` for `ActionContract<ProductID, Int>("price", on: target)`.
    private static func declaredTypeName(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type {
            return typeName(of: type)
        }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let reference = called.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = called.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    private static func typeName(of type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }
}
