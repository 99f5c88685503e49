public import Mediator
import MediatorPublishing

/// Checks that a module's target binds every contract its facade declares, and subscribes to every
/// event it says it does, for the module's contract test.
///
/// The compiler already checks each handler against its contract's input and output types. What is
/// left is that the registered target binds each contract at all (a contract the target forgot, or
/// binds by name with other types, fails only at run time) and that every action the target
/// declares is named by some contract:
///
/// ```swift
/// let mediator = Mediator()
/// try mediator.register(ProductsTarget())
/// #expect(FacadeContract.problems(on: mediator, contracts: Products.all) == [])
/// ```
///
/// Subscriptions are checked the same way: name every event the module's target subscribes to, and
/// each one it does not subscribe to, or subscribes to with another payload type, is a problem, as is
/// every subscription the list does not name:
///
/// ```swift
/// #expect(FacadeContract.problems(on: mediator, contracts: Products.all, events: [AppEvents.userDidLogOut]) == [])
/// ```
public enum FacadeContract {
    /// Lists every disagreement between the contracts and the registered targets, one line each.
    /// - Parameters:
    ///   - mediator: A mediator with the real target registered.
    ///   - contracts: Every contract the facade declares.
    ///   - events: Every event the targets of `contracts` subscribe to; a subscription of theirs
    ///     that this list does not name is a problem.
    /// - Returns: The problems; empty when facade and target agree.
    public static func problems(
        on mediator: Mediator, contracts: [any MediatorContract], events: [any MediatorEventContract] = []
    ) -> [String] {
        let catalog = mediator.catalog()
        var problems: [String] = []
        var named: [String: Set<String>] = [:]
        for contract in contracts {
            named[contract.target, default: []].insert(contract.action)
            guard let target = catalog.target(named: contract.target) else {
                problems.append("\(contract) names the target \(contract.target), which is not registered")
                continue
            }
            guard let action = target.actions.first(where: { $0.name == contract.action }) else {
                problems.append("\(contract) is not declared by the target \(contract.target)")
                continue
            }
            if !mediator.canCall(contract) {
                problems.append(
                    "\(contract) is declared with input \(action.input) and result \(action.result), "
                        + "not the contract's \(type(of: contract).inputName) and \(type(of: contract).outputName)")
            }
            let execution = type(of: contract).execution
            if action.execution != execution {
                problems.append("\(contract) runs \(action.execution.rawValue), but the contract is \(execution.rawValue)")
            }
        }
        for (targetName, actions) in named.sorted(by: { $0.key < $1.key }) {
            guard let target = catalog.target(named: targetName) else { continue }
            for action in target.actions where !actions.contains(action.name) {
                problems.append("the target \(targetName) declares \(action.name), which no contract names")
            }
        }
        problems += subscriptionProblems(in: catalog, targets: named.keys.sorted(), events: events)
        return problems
    }

    /// Every disagreement between the events a module says its targets subscribe to and their
    /// declared subscriptions.
    private static func subscriptionProblems(
        in catalog: MediatorCatalog, targets: [String], events: [any MediatorEventContract]
    ) -> [String] {
        var problems: [String] = []
        for targetName in targets {
            guard let target = catalog.target(named: targetName) else { continue }
            for event in events {
                let payload = event.payloadName
                let matching = target.subscriptions.filter { $0.event == event.name }
                if matching.isEmpty {
                    problems.append("the target \(targetName) does not subscribe to the event \(event.name)")
                } else if !matching.contains(where: { $0.payload == payload }) {
                    problems.append(
                        "the target \(targetName) subscribes to \(event.name) with payload \(matching[0].payload), "
                            + "not the event's \(payload)")
                }
            }
            for subscription in target.subscriptions where !events.contains(where: { $0.name == subscription.event }) {
                problems.append(
                    "the target \(targetName) subscribes to \(subscription.event), which the list of events does not name; "
                        + "add it to the events: list (a shared event, such as one of the app's, as well as the module's own)")
            }
        }
        return problems
    }
}

extension MediatorEventContract {
    /// The payload type's name as the catalog writes it.
    fileprivate var payloadName: String { Payload.self == Void.self ? "Void" : String(describing: Payload.self) }
}

extension MediatorContract {
    fileprivate static var inputName: String { String(describing: Input.self) }
    fileprivate static var outputName: String { Output.self == Void.self ? "Void" : String(describing: Output.self) }
}
