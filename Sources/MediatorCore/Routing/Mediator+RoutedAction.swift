/// What a URL reaches, for the navigation layer (`MediatorNavigation`), which builds a link's back
/// stack from the action and values a URL routes to, without running anything.
extension Mediator {
    /// The action a URL routes to in the current snapshot and the values it carries there (the
    /// route configuration applied), running no handler, interceptor or unmatched-URL handler.
    /// - Parameter url: The URL.
    /// - Returns: The action's target and name and the URL's values, or `nil` when the URL reaches
    ///   no route.
    package func routedAction(of url: String) -> (target: String, action: String, parameters: MediatorParameters)? {
        let router = snapshot().router.get()
        switch try? router.resolve(url, caller: MediatorParameters(), runsUnmatchedHandler: false) {
        case let .action(id, values)?:
            let definition = router.routes[id].definition
            let parameters = MediatorParameters(ParameterLookup(url: values).materialized())
            return (definition.target, definition.name, parameters)
        case let .named(target, action, parameters)?:
            return (target, action, parameters)
        case .value?, nil:
            return nil
        }
    }
}
