public import Mediator
import ModuleTemplateFacade

/// The ModuleTemplate module's entry point: every action it offers, declared once, each bound to the
/// contract `ModuleTemplate` declares in `ModuleTemplateFacade`, so a handler that does not match its
/// contract's input or result does not compile; and every event it hears, each bound to its event,
/// so a handler of another payload type does not compile.
///
/// The app registers it in its composition root:
///
/// ```swift
/// try mediator.register(ModuleTemplateTarget())
/// ```
public struct ModuleTemplateTarget: MediatorTarget {
    /// `"ModuleTemplate"`.
    public static let targetName = ModuleTemplate.target
    /// What the module does, as the catalog (`mediator.catalog()`) shows it.
    public static let summary = "The ModuleTemplate module"

    /// Creates the target; it keeps no state, so the mediator makes one per call.
    public init() {}

    /// Every action of the ModuleTemplate module.
    public static let actions: [MediatorAction<ModuleTemplateTarget>] = [
        MediatorAction(ModuleTemplate.greeting, summary: "A greeting for a name") { _, input in
            "Hello, \(input.name), from ModuleTemplate."
        }
    ]

    /// Every event the ModuleTemplate module hears: the generated example. A target that keeps no
    /// instance hears only events that make one (the default delivery).
    public static let subscriptions: [MediatorSubscription<ModuleTemplateTarget>] = [
        MediatorSubscription(ModuleTemplate.greeted) { _, name in
            _ = name  // react to the event here
        }
    ]
}
