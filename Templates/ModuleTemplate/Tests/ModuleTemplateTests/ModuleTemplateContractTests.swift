import Mediator
import MediatorTesting
import ModuleTemplate
import ModuleTemplateFacade
import Testing

/// Every event the ModuleTemplate target subscribes to: the module's own (`ModuleTemplate.events`) and the
/// app-wide ones it hears, which its facade cannot list (a facade depends on the runtime alone). When the
/// target subscribes to a shared event, add it here, e.g. `ModuleTemplate.events + AppEvents.all`, with this
/// test target depending on the events' target.
let moduleTemplateHears: [any MediatorEventContract] = ModuleTemplate.events

/// The ModuleTemplate target binds every contract its facade declares, and each facade call reaches it.
@Suite("ModuleTemplate facade and target agree")
struct ModuleTemplateContractTests {
    @Test("the target binds every contract in ModuleTemplate.all, subscribes to the events it hears, and nothing else")
    func targetBindsEveryContract() throws {
        let mediator = Mediator()
        try mediator.register(ModuleTemplateTarget())
        #expect(
            FacadeContract.problems(on: mediator, contracts: ModuleTemplate.all, events: moduleTemplateHears) == [])
    }

    @Test("every facade method returns its typed result from the real target")
    func everyFacadeMethodReachesTheTarget() throws {
        let mediator = Mediator()
        try mediator.register(ModuleTemplateTarget())
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }

        _ = try mediator.moduleTemplate.greeting(name: "Ada")

        #expect(recorder.outcomes.allSatisfy { $0.isSuccess })
        #expect(Set(recorder.calls.map(\.action)) == Set(ModuleTemplate.all.map(\.action)))
        #expect(recorder.inputs(to: ModuleTemplate.greeting).map(\.name) == ["Ada"])
    }
}
