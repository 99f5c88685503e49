/// Where an input's required `@Parameter`s sit, found once in its declaration, so a typed call can
/// refuse an input whose typed initializer left one unset: `missingParameter` naming it, at the
/// call, instead of a trap when the handler reads it. Calls by name and URLs decode every required
/// parameter, so only a typed input (a contract call, a held one continuing, an event's payload) is checked.
///
/// A required parameter's wrapper holds ``unsetMarker`` in its first word until it is set; the
/// declaration the schema reads has every required one unset, so the words holding the marker there
/// are their offsets, in declaration order. A call then compares one word per required parameter.
@usableFromInline
struct UnsetParameters: Sendable {
    /// One required parameter: its wrapper's byte offset in the input, and how errors name it.
    struct Field: Sendable {
        let offset: Int
        let name: String
        let typeName: String
    }

    /// The required parameters found by offset; `nil` when the words found did not match the
    /// schema's required parameters one to one (then each call asks `Mirror`, slower but exact).
    private let fields: [Field]?
    /// The required parameters' names and types, in declaration order.
    private let required: [(name: String, typeName: String)]
    /// The input type's name, for the message.
    private let inputName: String

    /// Finds the required parameters of `declaration`; `nil` when it has none (nothing to check).
    init?<Input>(declaration: Input, parameters: [MediatorParameter]) {
        let required = parameters.filter(\.isRequired).map { (name: $0.name, typeName: $0.typeName) }
        guard !required.isEmpty else { return nil }
        let offsets = withUnsafeBytes(of: declaration) { raw in
            stride(from: 0, to: raw.count - 7, by: 8).filter {
                raw.loadUnaligned(fromByteOffset: $0, as: UInt64.self) == unsetMarker
            }
        }
        self.required = required
        self.fields =
            offsets.count == required.count
            ? zip(offsets, required).map { Field(offset: $0, name: $1.name, typeName: $1.typeName) } : nil
        self.inputName = String(describing: Input.self)
    }

    /// The required parameters of `type` when it is an input declared with `@Parameter`s (an
    /// event's payload may be one), read from its schema; `nil` for any other type.
    @usableFromInline
    static func declared(by type: Any.Type) -> UnsetParameters? {
        func unset<Declared: MediatorDeclaredInput>(_: Declared.Type) -> UnsetParameters? { Declared.schema.unset }
        guard let declared = type as? any MediatorDeclaredInput.Type else { return nil }
        return unset(declared)
    }

    /// Throws `missingParameter` for the first required parameter `input` leaves unset.
    @usableFromInline
    func check<Input>(_ input: borrowing Input, in definition: ActionDefinition?) throws {
        if let fields {
            let unset = withUnsafePointer(to: input) { pointer in
                let raw = UnsafeRawPointer(pointer)
                return fields.first { raw.loadUnaligned(fromByteOffset: $0.offset, as: UInt64.self) == unsetMarker }
            }
            if let unset { throw unsetError(unset.name, unset.typeName, definition) }
            return
        }
        for child in Mirror(reflecting: copy input).children {
            guard let parameter = child.value as? any UnsetAware, parameter.isUnsetRequired else { continue }
            // A wrapped property is stored as `_name`; its parameter is `name`.
            let name = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? ""
            throw unsetError(name, required.first { $0.name == name }?.typeName ?? "", definition)
        }
    }

    private func unsetError(_ name: String, _ typeName: String, _ definition: ActionDefinition?) -> MediatorError {
        MediatorError.unsetParameter(key: name, expected: typeName, input: inputName, in: definition)
    }
}

/// A `@Parameter` seen without its type, for the `Mirror` way of ``UnsetParameters``.
protocol UnsetAware {
    var isUnsetRequired: Bool { get }
}

extension Parameter: UnsetAware {
    var isUnsetRequired: Bool { unset == unsetMarker }
}
