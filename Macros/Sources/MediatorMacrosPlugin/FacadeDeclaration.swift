import SwiftSyntax

/// What `@MediatorFacade` reads from an enum's body: its static contracts and events in
/// declaration order (every binding of a `static let` or `static var` whose type, annotated or
/// called, is a contract or an event), the lists it already declares, and the contracts and events
/// it cannot list: those declared under `#if`, which exist only in some builds. (Those declared in
/// an extension it cannot see at all; `check-module-graph` reports them.)
struct FacadeDeclaration {
    /// The names of the static contracts, as written.
    private(set) var contracts: [String] = []
    /// The names of the static events, as written.
    private(set) var events: [String] = []
    /// The declarations of the lists the macro writes, by name (`all`, `events`).
    private(set) var lists: [String: VariableDeclSyntax] = [:]
    /// The contracts and events declared under `#if`, which the macro cannot list.
    private(set) var conditional: [(name: String, node: PatternBindingSyntax)] = []

    /// The generic types a contract is declared with.
    static let contractTypes: Set<String> = [
        "ActionContract", "AsyncActionContract", "MainActorActionContract", "MediatorActionContract",
    ]
    /// The generic type an event is declared with.
    static let eventType = "MediatorEvent"

    init(members: MemberBlockItemListSyntax) {
        read(members, conditional: false)
    }

    private mutating func read(_ members: MemberBlockItemListSyntax, conditional inIf: Bool) {
        for member in members {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case .decls(let nested) = clause.elements { read(nested, conditional: true) }
                }
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.name else { continue }
                if !inIf, ["all", "events"].contains(name.unescapedName) { lists[name.unescapedName] = variable }
                guard variable.isTypeProperty else { continue }
                let type = Self.declaredTypeName(of: binding)
                let isContract = type.map(Self.contractTypes.contains) ?? false
                guard isContract || type == Self.eventType else { continue }
                if inIf {
                    conditional.append((name.trimmedDescription, binding))
                } else if isContract {
                    contracts.append(name.trimmedDescription)
                } else {
                    events.append(name.trimmedDescription)
                }
            }
        }
    }

    /// The name of the type a binding declares, from its annotation or else from the type its
    /// initial value calls: `ActionContract` for `ActionContract<ProductID, Int>("price", on: target)`
    /// and for `ActionContract<ProductID, Int>.init("price", on: target)`.
    private static func declaredTypeName(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type {
            return typeName(of: type)
        }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return nil }
        var called = call.calledExpression
        // `Type.init(…)` calls the type.
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
            let base = member.base
        {
            called = base
        }
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
