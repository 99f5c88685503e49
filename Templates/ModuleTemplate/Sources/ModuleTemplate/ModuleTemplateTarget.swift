public import Mediator
import ModuleTemplateFacade

/// The ModuleTemplate module's entry point: every action it offers, declared once, each bound to the
/// contract `ModuleTemplate` declares in `ModuleTemplateFacade`, so a handler that does not match its
/// contract's input or result does not compile.
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
}
