public import Mediator

/// An input value made by its typed initializer, kept with its schema, so checks can compare what a
/// typed caller builds with what calls by name and URLs build from the same values.
///
/// Two checks read samples:
/// - `mediator.checkRegistrations(facades:typedDefaults:)` takes samples made with every
///   defaulted argument left out, and reports each field whose schema default differs from the
///   initializer's.
/// - ``FacadeContract/problems(on:contracts:samples:)`` round-trips samples through their schema,
///   which catches a typed initializer that leaves a required `@Parameter` unset.
///
/// ```swift
/// MediatorInputSample(AddToCart(productID: 42))   // quantity: the initializer's default
/// ```
///
/// Swift does not expose an initializer's default arguments at run time, so a check can only see the
/// defaults of the inputs it is given a sample of.
public struct MediatorInputSample: Sendable {
    /// The sample as the runtime's checks read it: the one place this target reaches an input's schema.
    let sample: InputSample

    /// The input type's name, for messages.
    public var inputType: String { sample.inputType }

    /// Keeps a sample of an input type.
    /// - Parameter sample: An input made by its typed initializer.
    public init<Input: MediatorInput>(_ sample: Input) {
        self.sample = InputSample(sample)
    }

    /// What goes wrong when the sample is read by its schema and built again: required fields its
    /// typed initializer left unset (every call with such an input fails with `missingParameter`), or
    /// a declaration the mediator refuses, with its reason.
    /// - Returns: One line per problem; empty when the sample survives the round trip.
    public func roundTripProblems() -> [String] {
        sample.roundTripProblems()
    }
}

extension Mediator {
    /// Checks everything registered, as `checkRegistrations(facades:)` in `Mediator` does, and
    /// each sample input's defaults and round trip; throws every problem found in one error.
    ///
    /// Run it in a test of the composition root, after registering every target:
    ///
    /// ```swift
    /// try mediator.checkRegistrations(
    ///     facades: Products.all + Cart.all,
    ///     typedDefaults: [MediatorInputSample(AddToCart(productID: 1))])
    /// ```
    ///
    /// Besides what `checkRegistrations(facades:)` reports, for each sample in `typedDefaults`: fields
    /// whose schema default differs from the default of the initializer the sample was made with, and
    /// fields that do not survive the schema's round trip (see ``MediatorInputSample/roundTripProblems()``).
    /// It cannot see the defaults of inputs it has no sample of (Swift keeps default arguments out of
    /// reach at run time).
    /// - Parameters:
    ///   - facades: Every contract the app's facades declare, such as `Products.all + Cart.all`.
    ///   - typedDefaults: Inputs made by their typed initializers with every defaulted argument left out.
    /// - Throws: `MediatorError.Code.invalidRegistrations` listing every problem.
    public func checkRegistrations(facades: [any MediatorContract] = [], typedDefaults: [MediatorInputSample]) throws {
        try checkRegistrations(facades: facades, samples: typedDefaults.map(\.sample))
    }
}
