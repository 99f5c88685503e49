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

    init(target: String, action: String, exposure: MediatorExposure, parameters: [MediatorParameter]) {
        self.target = target
        self.action = action
        self.exposure = exposure
        self.parameters = parameters
        self.label = "\(target).\(action)"
    }

    /// The declared default for a key, if the action declares one.
    func defaultValue(for key: String) -> (any Sendable)? {
        for parameter in parameters where parameter.name == key { return parameter.defaultValue }
        return nil
    }

    /// Checks the supplied values against the declaration before the handler runs.
    func validate(_ supplied: MediatorParameters) throws {
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
