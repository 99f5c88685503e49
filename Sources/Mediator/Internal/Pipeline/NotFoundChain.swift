/// The not-found chain: a call whose target or action does not exist goes to the target's own
/// not-found handler, then to the mediator's fallback handler, then fails with an error that names
/// what exists, all decided from the registry as the lookup saw it.
extension Mediator {
    /// How many not-found redirects a call may follow before it fails, so fallbacks cannot loop.
    static let fallbackRedirectLimit = 4

    /// Where an unresolved call goes: a value to return, another action, or nowhere (the error).
    enum NotFoundAnswer {
        case value(any Sendable)
        case redirect(target: String, action: String, parameters: MediatorParameters)
    }

    /// Asks the target's not-found handler, then the fallback handler, about an unresolved call.
    /// - Throws: The not-found error when neither answers, or what a handler throws.
    func answerNotFound(_ resolved: Resolved, for state: CallState) throws -> NotFoundAnswer {
        let box: (any AnyTargetBox)?
        if case .missingAction(let found) = resolved { box = found } else { box = nil }
        if let box {
            switch try box.answerUnknownAction(state.action, parameters: state.parameters) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        if let handler = currentSettings().fallback {
            let unresolved = MediatorUnresolvedCall(
                target: state.target, action: state.action, parameters: state.parameters, source: state.source,
                reason: box == nil ? .targetNotFound : .actionNotFound)
            switch try handler(unresolved) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        throw notFoundError(resolved, target: state.target, action: state.action)
    }

    /// The suggestion index of the registry at `version`: the one kept for that version, or built now
    /// (outside the lock) and kept while the registry stays at that version.
    func suggestionIndex(for registry: [Name: any AnyTargetBox], version: UInt64) -> SuggestionIndex {
        if let kept = self.registry.withLock({ $0.suggestions?.version == version ? $0.suggestions?.index : nil }) {
            return kept
        }
        let built = SuggestionIndex(names: registry.keys.map(\.text))
        let replaced = self.registry.withLock { state -> SuggestionIndex? in
            guard state.targetsVersion == version else { return nil }
            defer { state.suggestions = (version, built) }
            return state.suggestions?.index
        }
        withExtendedLifetime(replaced) {}
        return built
    }

    /// The error for an unresolved call, naming what exists as the lookup saw it.
    func notFoundError(_ resolved: Resolved, target: String, action: String) -> MediatorError {
        switch resolved {
        case let .missingTarget(registry, version):
            return .targetNotFound(
                target: target, suggestions: suggestionIndex(for: registry, version: version).closest(to: target))
        case .missingAction(let box):
            return .actionNotFound(target: box.name, action: action, available: box.definitions.map(\.name).sorted())
        case .unusable(let error):
            return error
        case .bound(let binding):
            return .actionNotFound(target: binding.definition.target, action: action, available: [])
        }
    }
}
