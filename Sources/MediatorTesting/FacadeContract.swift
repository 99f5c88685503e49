public import Mediator

/// Checks that a module's facade and its real target agree, for the module's contract test.
///
/// A facade names actions as strings; renaming one side without the other would otherwise fail only
/// at run time. A contract test registers the real target, then:
///
/// ```swift
/// let recorder = CallRecorder()
/// mediator.addInterceptor(recorder)
/// // ... call every facade method once ...
/// #expect(FacadeContract.problems(on: mediator, target: "Products",
///                                 facadeActions: ProductsNames.Action.allCases.map(\.rawValue),
///                                 exercised: recorder.calls) == [])
/// ```
public enum FacadeContract {
    /// Lists every disagreement between a facade and the registered target, one line each.
    ///
    /// Reports facade actions the target does not declare, target actions the facade does not name,
    /// and facade actions the test did not exercise (so parameters and result types were not proven).
    /// - Parameters:
    ///   - mediator: A mediator with the real target registered.
    ///   - target: The target name.
    ///   - facadeActions: The action names the facade uses.
    ///   - exercised: The calls the test made through the facade, for example from a ``CallRecorder``.
    /// - Returns: The problems; empty when facade and target agree.
    public static func problems(
        on mediator: Mediator, target: String, facadeActions: [String], exercised: [RecordedCall]
    ) -> [String] {
        guard let entry = mediator.catalog().target(named: target) else {
            return ["target \"\(target)\" is not registered on the mediator under test"]
        }
        let declared = Set(entry.actions.map(\.name))
        let named = Set(facadeActions)
        let called = Set(exercised.filter { $0.target == target }.map(\.action))
        var problems: [String] = []
        for action in named.subtracting(declared).sorted() {
            problems.append("the facade calls \(target).\(action), which the target does not declare")
        }
        for action in declared.subtracting(named).sorted() {
            problems.append("the target declares \(target).\(action), which the facade does not name")
        }
        for action in named.subtracting(called).sorted() {
            problems.append("the test never called \(target).\(action) through the facade")
        }
        return problems
    }
}
