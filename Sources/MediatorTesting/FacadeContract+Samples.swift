public import Mediator

extension FacadeContract {
    /// Lists every disagreement between the contracts and the registered targets, then every sample
    /// input that does not survive a round trip through its schema.
    ///
    /// The compiler cannot see that a typed initializer leaves a required `@Parameter` unset; every
    /// call given such an input then fails with `missingParameter`. A round trip (the sample's values
    /// read by the schema, an input built from them, its values read again) catches that:
    ///
    /// ```swift
    /// #expect(
    ///     FacadeContract.problems(
    ///         on: mediator, contracts: Cart.all,
    ///         samples: [MediatorInputSample(AddToCart(productID: 42, quantity: 3))]) == [])
    /// ```
    /// Give each field of a sample a value different from the others of its type.
    /// - Parameters:
    ///   - mediator: A mediator with the real target registered.
    ///   - contracts: Every contract the facade declares.
    ///   - samples: One sample of each input type the facade's contracts take.
    /// - Returns: The problems; empty when facade, target and schemas agree.
    public static func problems(
        on mediator: Mediator, contracts: [any MediatorContract], samples: [MediatorInputSample]
    ) -> [String] {
        problems(on: mediator, contracts: contracts) + samples.flatMap { $0.roundTripProblems() }
    }
}
