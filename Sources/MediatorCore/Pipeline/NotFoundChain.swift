/// The not-found chain: a call whose target or action does not exist goes to the target's own
/// not-found handler, then to the mediator's fallback handler, then fails with an error that names
/// what exists, all decided from the registry snapshot the call runs in.
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
    func answerNotFound(_ resolved: Resolved, for state: CallState, in snapshot: RegistrySnapshot) throws -> NotFoundAnswer {
        let box: (any AnyTargetBox)?
        if case .missingAction(let found) = resolved { box = found } else { box = nil }
        if let box {
            let answer: Mediator.Fallback
            do {
                answer = try box.answerUnknownAction(state.action, parameters: state.parameters)
            } catch {
                throw MediatorError.rethrownHold(
                    error, by: "\(box.name)'s not-found handler", target: state.target, action: state.action)
            }
            switch answer {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        let notFound = notFoundError(resolved, target: state.target, action: state.action, in: snapshot)
        if let handler = snapshot.settings.fallback {
            let answer: Mediator.Fallback
            do {
                answer = try handler(state.interceptorView, notFound)
            } catch {
                throw MediatorError.rethrownHold(error, by: "the fallback handler", target: state.target, action: state.action)
            }
            switch answer {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        throw notFound
    }

    /// The error for an unresolved call, naming what exists in the snapshot.
    func notFoundError(_ resolved: Resolved, target: String, action: String, in snapshot: RegistrySnapshot) -> MediatorError {
        switch resolved {
        case .missingTarget:
            let index = snapshot.suggestions
            return .targetNotFound(target: target, suggestions: { index.get().closest(to: target) })
        case .missingAction(let box):
            return .actionNotFound(target: box.name, action: action, available: box.definitions.map(\.name).sorted())
        case .unusable(let error):
            return error
        case .bound(let binding):
            return .actionNotFound(target: binding.definition.target, action: action, available: [])
        case .subscribers:
            return .actionNotFound(target: target, action: action, available: [])
        }
    }
}

extension Mediator {
    /// The not-found error for names, as a snapshot has them.
    func notFoundError(target: String, action: String, in snapshot: RegistrySnapshot) -> MediatorError {
        let resolved: Resolved = snapshot.targets[Name(target)].map { .missingAction($0) } ?? .missingTarget
        return notFoundError(resolved, target: target, action: action, in: snapshot)
    }
}
