public import MediatorCore

/// Everything that can be called through a mediator: targets, actions, parameters and exposure,
/// and every event with its subscribers.
///
/// Read it with `Mediator.catalog()` and publish it as JSON with
/// ``jsonString(prettyPrinted:)``: the catalog is for tools, documentation and debug menus, so it
/// lives in the publishing library, not in the runtime an app links.
/// Targets, actions and events are sorted by name so the output is stable.
public struct MediatorCatalog: Sendable, Codable, Equatable {
    /// Every registered target, sorted by name.
    public var targets: [Target]
    /// Every event some registered target subscribes to, sorted by name.
    public var events: [Event]

    /// A registered target and its actions.
    public struct Target: Sendable, Codable, Equatable {
        /// The target name.
        public var name: String
        /// The target's one-line description.
        public var summary: String
        /// The target's actions, sorted by name.
        public var actions: [Action]
        /// The events the target subscribes to, in declaration order.
        public var subscriptions: [Subscription]
    }

    /// One action as callers and URLs see it.
    public struct Action: Sendable, Codable, Equatable {
        /// The action name.
        public var name: String
        /// The action's one-line description.
        public var summary: String
        /// Whether URLs may reach it.
        public var exposure: MediatorExposure
        /// How its handler runs.
        public var execution: MediatorExecution
        /// The name of its input type (`MediatorParameters` for an action declared by name).
        public var input: String
        /// The name of the type it returns.
        public var result: String
        /// The URL patterns that route to it, as declared; a remote action is also reachable by the
        /// convention route `scheme://Target/action`. `Mediator.validateRoutes()` reports invalid ones.
        public var urlPatterns: [String]
        /// Its parameters, in declaration order.
        public var parameters: [Parameter]

        init(_ definition: ActionDefinition) {
            name = definition.name
            summary = definition.summary
            exposure = definition.exposure
            execution = definition.execution
            input = definition.inputTypeName
            result = definition.resultTypeName
            urlPatterns = definition.urlPatterns
            parameters = definition.parameters.map(Parameter.init)
        }
    }

    /// One parameter of an action.
    public struct Parameter: Sendable, Codable, Equatable {
        /// The key.
        public var name: String
        /// The expected type's name.
        public var type: String
        /// Whether calls must supply it.
        public var required: Bool
        /// The declared default, as text, if any.
        public var defaultValue: String?
        /// The parameter's one-line description.
        public var summary: String
        /// Whether a URL may supply it; `false` for native-only values such as closures.
        public var acceptsURLValues: Bool
        /// The values a URL may use, when the type lists them (an enum's cases).
        public var allowedValues: [String]?

        init(_ parameter: MediatorParameter) {
            name = parameter.name
            type = parameter.typeName
            required = parameter.isRequired
            defaultValue = parameter.defaultValue.map { String(describing: $0) }
            summary = parameter.summary
            acceptsURLValues = parameter.acceptsURLValues
            allowedValues = parameter.allowedValues
        }
    }

    /// The target with this name, if registered.
    /// - Parameter name: The target name.
    /// - Returns: The target's entry.
    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }
}

extension Mediator {
    /// Every registered target with its actions, parameters and exposure, and every event with its
    /// subscribers; creates no instance.
    /// - Returns: The catalog, sorted by target, action and event name.
    public func catalog() -> MediatorCatalog {
        let (targets, events) = declarations()
        let catalogued = targets.map { target in
            MediatorCatalog.Target(
                name: target.name, summary: target.summary,
                actions: target.actions.map(MediatorCatalog.Action.init).sorted { $0.name < $1.name },
                subscriptions: target.subscriptions.map(MediatorCatalog.Subscription.init))
        }
        return MediatorCatalog(targets: catalogued.sorted { $0.name < $1.name }, events: MediatorCatalog.events(in: events))
    }
}
