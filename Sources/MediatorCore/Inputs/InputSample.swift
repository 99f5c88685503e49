internal import MediatorText

/// An input value made by its typed initializer, kept with its schema, so checks can compare what a
/// typed caller builds with what the schema builds from the same values: what `MediatorInputSample`
/// (in `MediatorTesting`) holds.
///
/// Two checks read samples:
/// - `Mediator.checkRegistrations(facades:typedDefaults:)` (in `MediatorTesting`) reports each field
///   whose schema default differs from the initializer's, for samples made with every defaulted
///   argument left out.
/// - `FacadeContract` (in `MediatorTesting`) round-trips samples through their schema, which catches
///   a typed initializer that leaves a required `@Parameter` unset.
///
/// Swift does not expose an initializer's default arguments at run time, so a check can only see the
/// defaults of the inputs it is given a sample of.
package struct InputSample: Sendable {
    /// The input type's name, for messages.
    package let inputType: String
    /// The sample's parameter values, as the schema reads them from it; absent optionals are left out.
    let values: [String: any Sendable]
    /// The input's parameters, in declaration order.
    let parameters: [MediatorParameter]
    /// Decodes values with the schema, then reads them back from the input it built.
    let decodeThenEncode: @Sendable ([String: any Sendable]) throws -> [String: any Sendable]

    /// Keeps a sample of an input type.
    /// - Parameter sample: An input made by its typed initializer.
    package init<Input: MediatorInput>(_ sample: Input) {
        let schema = Input.schema
        inputType = String(describing: Input.self)
        values = schema.encode(sample)
        parameters = schema.parameters
        decodeThenEncode = { values in schema.encode(try schema.decode(ParameterLookup(values: values), nil)) }
    }

    /// What goes wrong when the sample is read by its schema and built again: required fields its
    /// typed initializer left unset (every call with such an input fails with `missingParameter`), or
    /// a declaration the mediator refuses (so its schema cannot build an input at all).
    ///
    /// Nothing else can: the schema writes each value back into its `@Parameter` as the caller's own
    /// value, and an input has no stored state besides its parameters (the declaration is refused).
    /// - Returns: One line per problem; empty when the sample survives the round trip.
    package func roundTripProblems() -> [String] {
        let unset = parameters.filter { $0.isRequired && values[$0.name] == nil }.map(\.name)
        if !unset.isEmpty {
            return unset.map { name in
                "\(inputType).\(name): the typed initializer the sample was made with leaves this required parameter "
                    + "unset, so every call with such an input fails with missingParameter; set every required parameter "
                    + "in every typed initializer"
            }
        }
        do {
            _ = try decodeThenEncode(values)
            return []
        } catch {
            return ["\(inputType): its schema cannot build an input from the sample's own values: \(error)"]
        }
    }

    /// Fields whose schema default differs from the initializer's default the sample was made with:
    /// the sample's required values are decoded alone, so every other field takes its schema default.
    /// - Returns: One line per field; empty when they agree (or when the required values do not decode,
    ///   which ``roundTripProblems()`` reports).
    package func defaultProblems() -> [String] {
        let required = Set(parameters.filter(\.isRequired).map(\.name))
        guard let decoded = try? decodeThenEncode(values.filter { required.contains($0.key) }) else { return [] }
        let optional = values.filter { !required.contains($0.key) }
        return changes(from: optional, to: decoded.filter { !required.contains($0.key) }).map { name, typed, schema in
            "\(inputType).\(name): a typed caller that leaves it out gets \(typed), but a call by name or a URL "
                + "gets \(schema) from the schema; give the initializer and the schema the same default"
        }
    }

    /// The fields whose described values differ between two encodings, in declaration order.
    private func changes(
        from before: [String: any Sendable], to after: [String: any Sendable]
    ) -> [(name: String, before: String, after: String)] {
        parameters.compactMap { parameter in
            let old = before[parameter.name].map(Self.describe) ?? "nothing (nil)"
            let new = after[parameter.name].map(Self.describe) ?? "nothing (nil)"
            return old == new ? nil : (parameter.name, old, new)
        }
    }

    private static func describe(_ value: any Sendable) -> String {
        LogSafeText.inline(MediatorParameters.describe(value), limit: 120)
    }
}
