/// What a URL reaches, for the navigation layer (`MediatorNavigation`), which builds a link's back
/// stack from the action and values a URL routes to: either without running anything
/// (`routedAction(of:)`), or handed over by the URL door itself as it opens the link, so the link
/// is routed once and its values decoded once, for the back stack and the action alike.
extension Mediator {
    /// A link as routed: its action, and its values read in place, decoded only into the input asked for.
    ///
    /// An action bound to a contract is named by the contract's interned index (what a back stack is
    /// found by for every link), and its names are read from the interned table only when asked: a
    /// target binds only its own contracts, so they are the action's names byte for byte. Other
    /// actions keep their names.
    @usableFromInline
    package struct RoutedLink: Sendable {
        /// The interned index of the contract the link's action binds (`MediatorActionContract.nameIndex`),
        /// or -1 for an action declared by name or reached by names.
        package let contractIndex: Int
        /// The action's names when it binds no contract.
        private let names: (target: String, action: String)?
        @usableFromInline let lookup: ParameterLookup

        /// A link to a route's action. Inlined into the URL door, which holds the router: not
        /// retained and released for every link.
        @inline(__always)
        init(_ id: ActionID, _ lookup: consuming ParameterLookup, in router: URLRouter) {
            let index = router.routes.contractIndex(of: id)
            if index >= 0 {
                contractIndex = Int(index)
                names = nil
            } else {
                let action = router.routes[id]
                contractIndex = -1
                names = (action.target, action.name)
            }
            self.lookup = lookup
        }

        /// A link to an action by its names.
        init(target: String, action: String, lookup: consuming ParameterLookup) {
            contractIndex = -1
            names = (target, action)
            self.lookup = lookup
        }

        /// The target name of the action the link reaches.
        package var target: String { names?.target ?? ContractKey.names(ofIndex: contractIndex).target }

        /// The action name.
        package var action: String { names?.action ?? ContractKey.names(ofIndex: contractIndex).action }

        /// The link's values, given back when the link was not handed over.
        consuming func values() -> ParameterLookup { lookup }

        /// The link's values as an input, decoded by its schema as the action's handler would get them.
        /// Inlinable, so a back stack declared in an app's module decodes with code specialized there.
        /// - Throws: ``MediatorError/Code/missingParameter`` or ``MediatorError/Code/invalidParameter``.
        @inlinable
        package func input<Input>(_ schema: InputSchema<Input>) throws -> Input {
            try schema.decode(lookup, nil)
        }

        /// An input decoded from this link's values, for its action to run with instead of decoding
        /// them again: the action takes it when its input is of the same type (else it decodes the
        /// link's values as usual), and interceptors and the remote policy still see the link's values.
        /// - Parameter input: The input, decoded from this link (``input(_:)``).
        @inlinable
        package func handing<Input: MediatorInput>(_ input: Input) -> DecodedLinkInput {
            DecodedLinkInput(typed: typed(input))
        }

        /// An input decoded from this link's values, kept in place (one allocation) with them: what
        /// ``handing(_:)`` hands over, and what a navigation destination can keep for the same input.
        /// - Parameter input: The input, decoded from this link (``input(_:)``).
        @inlinable
        package func typed<Input: MediatorInput>(_ input: consuming Input) -> SchemaTypedInput<Input> {
            SchemaTypedInput(input, decodedFrom: lookup)
        }
    }

    /// A link's input as its action runs with it (``RoutedLink/handing(_:)``).
    @usableFromInline
    package struct DecodedLinkInput: Sendable {
        @usableFromInline let typed: TypedInput

        /// A link's input, made by ``RoutedLink/typed(_:)``, for its action to run with.
        @usableFromInline
        package init(typed: TypedInput) {
            self.typed = typed
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
            return RoutedLink(id, ParameterLookup(url: values), in: router)
        case let .named(target, action, parameters)?:
            return RoutedLink(target: target, action: action, lookup: ParameterLookup(values: parameters.values))
        case .value?, nil:
            return nil
        }
    }

    /// Opens a URL as ``open(_:with:context:isolation:)`` does, handing the link
    /// it routes to over to `handoff` before its action runs (not called when the URL reaches no
    /// action, or is refused or held before it is routed). The input `handoff` returns, decoded
    /// from the link (``RoutedLink/handing(_:)``), is what the action runs with.
    /// - Parameters:
    ///   - url: The URL.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - isolation: The caller's actor.
    ///   - handoff: Reads the routed link (the navigation layer builds its plan there).
    /// - Returns: The action's result.
    package func open(
        _ url: String, context: (any Sendable)?, isolation: (any Actor)?,
        handing handoff: (RoutedLink) -> DecodedLinkInput?
    ) throws -> any Sendable {
        try open(url, with: MediatorParameters(), context: context, isolation: isolation, handsOver: true, handing: handoff)
    }

    /// Opens a URL with `await` as ``openAsync(_:with:context:whenHeld:)`` does,
    /// handing the link it routes to over to `handoff` before its action runs.
    /// - Parameters:
    ///   - url: The URL.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - whenHeld: Whether a held URL answers at once or waits for the continued call's result.
    ///   - handoff: Reads the routed link (the navigation layer builds its plan there).
    /// - Returns: The action's result, and whether it is the result of a held call that continued
    ///   (whose link, routed again as it continued, was not handed over).
    package func openAsync(
        _ url: String, context: (any Sendable)?, whenHeld: MediatorHold.WhenHeld,
        handing handoff: @escaping @Sendable (RoutedLink) -> DecodedLinkInput?
    ) async throws -> (value: any Sendable, continued: Bool) {
        do {
            return (
                try await openAsync(url, native: MediatorParameters(), context: context, continuing: nil, handing: handoff), false
            )
        } catch let error as MediatorError where error.code == .held {
            return (try await answer(error, whenHeld), true)
        }
    }
}

/// What the URL door hands a routed link to before its action runs (see `Mediator+RoutedAction.swift`).
typealias LinkHandoff = (Mediator.RoutedLink) -> Mediator.DecodedLinkInput?
