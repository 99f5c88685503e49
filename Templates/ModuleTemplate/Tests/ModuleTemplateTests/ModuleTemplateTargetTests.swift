import Mediator
import MediatorTesting
import ModuleTemplate
import ModuleTemplateFacade
import Testing

/// The ModuleTemplate module's behaviour, through its facade, with nothing else registered.
@Suite("ModuleTemplate module")
struct ModuleTemplateTargetTests {
    let mediator = Mediator()

    init() throws {
        try mediator.register(ModuleTemplateTarget())
    }

    @Test("the greeting names who it greets")
    func greetingNamesWhoItGreets() throws {
        let greeting = try mediator.moduleTemplate.greeting(name: "Ada")
        #expect(greeting == "Hello, Ada, from ModuleTemplate.")
    }

    @Test("a call by name without a name fails, naming the missing parameter")
    func callByNameWithoutANameFailsNamingTheParameter() {
        let error = expectMediatorError(.missingParameter) {
            try mediator.perform("greeting", on: ModuleTemplate.target)
        }
        #expect(error?.parameter == "name")
    }

    @Test("the module hears its event, told to it alone")
    func moduleHearsItsEvent() throws {
        let report = try mediator.broadcast(ModuleTemplate.greeted, "Ada", onlyTo: ModuleTemplate.target)
        #expect(report.reached == [ModuleTemplate.target] && report.succeeded)
    }

    @Test("the greeting is local: a remote call is refused")
    func greetingIsLocal() {
        expectMediatorError(.remoteCallNotAllowed) {
            try mediator.perform("greeting", on: ModuleTemplate.target, with: ["name": "Ada"], source: .remote)
        }
    }
}
