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
    /// Decodes values with the schema and says whether the input equals the sample; `nil` when the
    /// input type is not `Equatable`.
    let decodesToSample: (@Sendable ([String: any Sendable]) throws -> Bool)?

    /// Keeps a sample of an input type; `equals`, when the type is `Equatable`, also compares the
    /// input the schema builds with the sample itself.
    /// - Parameters:
    ///   - sample: An input made by its typed initializer.
    ///   - equals: The input type's `==`, or `nil`.
    package init<Input: MediatorInput>(_ sample: Input, equals: (@Sendable (Input, Input) -> Bool)?) {
        let schema = Input.schema
        inputType = String(describing: Input.self)
        values = schema.encode(sample)
        parameters = schema.parameters
        decodeThenEncode = { values in schema.encode(try schema.decode(ParameterLookup(values: values), nil)) }
        if let equals {
            decodesToSample = { values in
                let decoded = try schema.decode(ParameterLookup(values: values), nil)
                return equals(decoded, sample)
            }
        } else {
            decodesToSample = nil
        }
    }

    /// What goes wrong when the sample is read by its schema and built again: required fields its
    /// typed initializer left unset (every call with such an input fails with `missingParameter`),
    /// fields whose values change, or a schema that cannot decode what it encodes.
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
        let decoded: [String: any Sendable]
        do {
            decoded = try decodeThenEncode(values)
        } catch {
            return ["\(inputType): its schema cannot build an input from the sample's own values: \(error)"]
        }
        var problems = changes(from: values, to: decoded).map { name, before, after in
            "\(inputType).\(name): the sample has \(before), but its schema builds an input with \(after); "
                + "check that the field reads the property of its initializer's parameter"
        }
        if problems.isEmpty, let decodesToSample, (try? decodesToSample(values)) == false {
            problems.append(
                "\(inputType): the input its schema builds from the sample's values differs from the sample; "
                    + "check the fields' order against the initializer's parameters")
        }
        return problems
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
