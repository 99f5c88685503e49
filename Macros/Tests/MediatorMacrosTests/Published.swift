import Mediator
import MediatorPublishing

/// An input's parameters as the catalog publishes them (name, whether required, default, doc
/// comment): what an app's tools read of a declaration, from one action that takes the input.
func publishedParameters<Input: MediatorInput>(of _: Input.Type) throws -> [MediatorCatalog.Parameter] {
    let mediator = Mediator()
    try mediator.register(
        targetNamed: "Probe", actions: [MediatorAction(ActionContract<Input, Int>("probe", on: "Probe")) { _, _ in 0 }])
    return mediator.catalog().targets.first?.actions.first?.parameters ?? []
}
