import Mediator
import MediatorTesting
import ModuleTemplate
import ModuleTemplateFacade
import Testing

/// The ModuleTemplate target binds every contract its facade declares, and each facade call reaches it.
@Suite("ModuleTemplate facade and target agree")
struct ModuleTemplateContractTests {
    @Test("the target binds every contract in ModuleTemplate.all, subscribes to ModuleTemplate.events, and nothing else")
    func targetBindsEveryContract() throws {
        let mediator = Mediator()
        try mediator.register(ModuleTemplateTarget())
        #expect(
            FacadeContract.problems(on: mediator, contracts: ModuleTemplate.all, events: ModuleTemplate.events) == [])
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
