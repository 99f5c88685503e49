/// What a call needs to know about its action besides the handler: names, exposure, parameters.
///
/// Created per resolution, so each thread's cached resolutions own their copy and calls on
/// different threads never touch the same reference count.
final class ActionDeclaration: Sendable {
    let target: String
    let action: String
    let exposure: MediatorExposure
    let parameters: [MediatorParameter]
    /// `"Target.action"`, for error messages.
    let label: String
    /// How many parameters are required, so a call can be checked in one pass over what it supplies.
    let requiredCount: Int

    init(target: String, action: String, exposure: MediatorExposure, parameters: [MediatorParameter]) {
        self.target = target
        self.action = action
        self.exposure = exposure
        self.parameters = parameters
        self.label = "\(target).\(action)"
        self.requiredCount = parameters.count { $0.isRequired }
    }

    /// The declared default for a key, if the action declares one.
    func defaultValue(for key: String) -> (any Sendable)? {
        for parameter in parameters where parameter.name == key { return parameter.defaultValue }
        return nil
    }

    /// Checks the supplied values against the declaration before the handler runs.
    ///
    /// One pass over the supplied values, matching declared names by comparison rather than hashing;
    /// a value already of the declared type is accepted by comparing types, without a cast. Only when
    /// something is wrong does the ordered check run, so the error reported does not depend on
    /// dictionary order.
    func validate(_ supplied: MediatorParameters) throws {
        var requiredSeen = 0
        for (key, raw) in supplied.values {
            guard let parameter = parameters.first(where: { $0.name == key }) else { continue }
            guard ObjectIdentifier(type(of: raw)) == parameter.valueType || parameter.convert(raw) != nil else {
                return try reportFirstProblem(in: supplied)
            }
            if parameter.isRequired { requiredSeen += 1 }
        }
        if requiredSeen < requiredCount { try reportFirstProblem(in: supplied) }
    }

    /// Throws the problem of the first declared parameter, in declaration order.
    private func reportFirstProblem(in supplied: MediatorParameters) throws {
        for parameter in parameters {
            if let raw = supplied.values[parameter.name] {
                guard parameter.convert(raw) != nil else {
                    throw MediatorError.invalidParameter(
                        key: parameter.name, expected: parameter.typeName,
                        received: MediatorParameters.describe(raw), action: label)
                }
            } else if parameter.isRequired {
                throw MediatorError.missingParameter(key: parameter.name, expected: parameter.typeName, action: label)
            }
        }
    }
}
