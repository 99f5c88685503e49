public import Mediator

/// Checks that a module's target binds every contract its facade declares, for the module's
/// contract test.
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
public enum FacadeContract {
    /// Lists every disagreement between the contracts and the registered targets, one line each.
    /// - Parameters:
    ///   - mediator: A mediator with the real target registered.
    ///   - contracts: Every contract the facade declares.
    /// - Returns: The problems; empty when facade and target agree.
    public static func problems(on mediator: Mediator, contracts: [any MediatorContract]) -> [String] {
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
        return problems
    }
}

extension MediatorContract {
    fileprivate static var inputName: String { String(describing: Input.self) }
    fileprivate static var outputName: String { Output.self == Void.self ? "Void" : String(describing: Output.self) }
}
