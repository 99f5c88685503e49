public import Mediator

/// The input of ``ModuleTemplate/greeting``: who to greet. Each parameter is declared once, as a
/// `@Parameter` property: its name is the one URLs and callers by name use, its initial value
/// (if any) the default, its text the description the catalog shows.
public struct ModuleTemplateGreetingRequest: MediatorInput, Equatable {
    /// Who to greet.
    @Parameter("Who to greet") public var name: String
    /// The declaration the schema reads.
    public init() {}
    /// A greeting request; other modules make inputs with this initializer.
    public init(name: String) { self.name = name }
}
