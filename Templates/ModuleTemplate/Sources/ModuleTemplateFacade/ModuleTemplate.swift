public import Mediator

/// The ModuleTemplate module's actions as other modules see them: one contract per action, the single
/// source of their names, inputs and results. The facade calls them; the module's target binds them.
/// `nonisolated` keeps the contracts readable from any thread in a module built with default
/// main-actor isolation (`.defaultIsolation(MainActor.self)`); elsewhere it changes nothing.
nonisolated public enum ModuleTemplate {
    /// The target name the mediator knows the module by.
    public static let target = "ModuleTemplate"

    /// A greeting for a name (local): the generated example; replace it with the module's actions.
    public static let greeting = ActionContract<ModuleTemplateGreetingRequest, String>("greeting", on: target)

    /// Every contract of the module, for its contract test.
    public static let all: [any MediatorContract] = [greeting]

    /// Someone was greeted (local): the generated example of an event, declared once here with its
    /// payload (the name); any module that imports this facade may subscribe to it, and the app
    /// broadcasts it with `mediator.broadcast(ModuleTemplate.greeted, name)`. Replace it with the
    /// module's events, or subscribe to the app's shared ones.
    public static let greeted = MediatorEvent<String>("moduleTemplateGreeted")

    /// Every event the module subscribes to, for its contract test.
    public static let events: [any MediatorEventContract] = [greeted]
}
