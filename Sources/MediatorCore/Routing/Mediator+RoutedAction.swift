/// What a URL reaches, for the navigation layer (`MediatorNavigation`), which builds a link's back
/// stack from the action and values a URL routes to, without running anything.
extension Mediator {
    /// A link as routed: its action, and its values read in place, decoded only into the input asked for.
    package struct RoutedLink: Sendable {
        /// The target name of the action the link reaches.
        package let target: String
        /// The action name.
        package let action: String
        let lookup: ParameterLookup

        /// The link's values as an input, decoded by its schema as the action's handler would get them.
        /// - Throws: ``MediatorError/Code/missingParameter`` or ``MediatorError/Code/invalidParameter``.
        package func input<Input>(_ schema: MediatorSchema<Input>) throws -> Input {
            try schema.decode(lookup, nil)
        }
    }

    /// The action a URL routes to in the current snapshot and the values it carries there (the
    /// route configuration applied), running no handler, interceptor or unmatched-URL handler.
    /// - Parameter url: The URL.
    /// - Returns: The routed link, or `nil` when the URL reaches no route.
    package func routedAction(of url: String) -> RoutedLink? {
        // The router this thread cached with the current snapshot, as `open` reads it: no lock.
        let cache = ThreadCache.current
        let router = cache.router(inSlot: cache.currentSlot(of: self))
        switch try? router.resolve(url, caller: MediatorParameters(), runsUnmatchedHandler: false) {
        case let .action(id, values)?:
            let definition = router.routes[id].definition
            return RoutedLink(target: definition.target, action: definition.name, lookup: ParameterLookup(url: values))
        case let .named(target, action, parameters)?:
            return RoutedLink(target: target, action: action, lookup: ParameterLookup(values: parameters.values))
        case .value?, nil:
            return nil
        }
    }
}
