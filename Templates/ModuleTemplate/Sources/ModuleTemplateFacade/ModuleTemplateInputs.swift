public import Mediator

/// The input of ``ModuleTemplate/greeting``: who to greet.
public struct ModuleTemplateGreetingRequest: MediatorInput, Equatable {
    /// Who to greet.
    public var name: String

    /// A greeting request.
    /// - Parameter name: Who to greet.
    public init(name: String) {
        self.name = name
    }

    /// `name`: required; URLs and callers by name spell it `name`.
    public static let schema = MediatorSchema(
        ModuleTemplateGreetingRequest.init, .required("name", \.name, "Who to greet"))
}
