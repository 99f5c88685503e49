/// Where an input's required `@Parameter`s sit, found once in its declaration, so a typed call can
/// refuse an input whose typed initializer left one unset: `missingParameter` naming it, at the
/// call, instead of a trap when the handler reads it. Calls by name and URLs decode every required
/// parameter, so only a typed input (a contract call, a held one continuing, an event's payload) is checked.
///
/// A required parameter's wrapper has the sign bit of its first word (``ParameterHeader``) set until
/// it holds a value; the schema finds where each wrapper sits in the input. A call then tests one
/// word per required parameter, in code specialized for the input where the action is declared.
@usableFromInline
struct UnsetParameters: Sendable {
    /// The required parameters' wrapper offsets in the input, in declaration order; `nil` when the
    /// input's layout is not known (then each call asks `Mirror`, slower but exact).
    @usableFromInline let offsets: [Int]?
    /// The first four offsets, inline (`-1` where there is none): what a call compares, with no
    /// array to retain; `offsets` holds any beyond them.
    @usableFromInline let first: (Int, Int, Int, Int)
    /// The required parameters' names and types, in declaration order.
    private let required: [(name: String, typeName: String)]
    /// The input type's name, for the message.
    private let inputName: String

    /// The checks of the required ones of `parameters`, parameters of `Input`; `nil` when it has none
    /// (nothing to check). `offsets` are their wrappers' first words where the input's layout is
    /// known; without them, each call reflects.
    init?<Input>(_: Input.Type, parameters: [MediatorParameter], offsets: [Int]?) {
        let required = parameters.filter(\.isRequired).map { (name: $0.name, typeName: $0.typeName) }
        guard !required.isEmpty else { return nil }
        self.required = required
        self.offsets = offsets?.count == required.count ? offsets : nil
        let known = self.offsets ?? []
        func offset(_ index: Int) -> Int { index < known.count ? known[index] : -1 }
        self.first = (offset(0), offset(1), offset(2), offset(3))
        self.inputName = String(describing: Input.self)
    }

    /// The required parameters of `type` when it is an input declared with `@Parameter`s (an
    /// event's payload may be one), read from its schema; `nil` for any other type.
    @usableFromInline
    static func declared(by type: Any.Type) -> UnsetParameters? {
        func unset<Declared: MediatorInput>(_: Declared.Type) -> UnsetParameters? { Declared.schema.unset }
        guard let declared = type as? any MediatorInput.Type else { return nil }
        return unset(declared)
    }

    /// Throws `missingParameter` for the first required parameter `input` leaves unset.
    @inlinable
    func check<Input>(_ input: borrowing Input, in definition: ActionDefinition?) throws {
        guard first.0 >= 0 else { return try checkByReflection(copy input, in: definition) }
        let unset = withUnsafePointer(to: input) { pointer -> Int in
            let raw = UnsafeRawPointer(pointer)
            func isUnset(_ offset: Int) -> Bool {
                offset >= 0 && ParameterHeader.isUnset(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            if isUnset(first.0) { return 0 }
            if isUnset(first.1) { return 1 }
            if isUnset(first.2) { return 2 }
            if isUnset(first.3) { return 3 }
            return first.3 >= 0 ? restUnset(raw) : -1
        }
        if unset >= 0 { throw error(forRequired: unset, in: definition) }
    }

    /// The index of the first unset required parameter past the first four, or `-1`.
    @usableFromInline
    func restUnset(_ raw: UnsafeRawPointer) -> Int {
        guard let offsets else { return -1 }
        for index in offsets.indices.dropFirst(4)
        where ParameterHeader.isUnset(raw.loadUnaligned(fromByteOffset: offsets[index], as: UInt64.self)) {
            return index
        }
        return -1
    }

    /// The check by `Mirror`, for an input whose layout the offsets could not tell.
    @usableFromInline
    func checkByReflection(_ input: Any, in definition: ActionDefinition?) throws {
        for child in Mirror(reflecting: input).children {
            guard let parameter = child.value as? any UnsetAware, parameter.isUnsetRequired else { continue }
            // A wrapped property is stored as `_name`; its parameter is `name`.
            let name = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? ""
            let typeName = required.first { $0.name == name }?.typeName ?? ""
            throw MediatorError.unsetParameter(key: name, expected: typeName, input: inputName, in: definition)
        }
    }

    /// The error for the required parameter at `index` in declaration order.
    @usableFromInline
    func error(forRequired index: Int, in definition: ActionDefinition?) -> MediatorError {
        let (name, typeName) = required.indices.contains(index) ? required[index] : ("", "")
        return MediatorError.unsetParameter(key: name, expected: typeName, input: inputName, in: definition)
    }
}

/// A `@Parameter` seen without its type, for the `Mirror` way of ``UnsetParameters``.
protocol UnsetAware {
    var isUnsetRequired: Bool { get }
}

extension Parameter: UnsetAware {
    var isUnsetRequired: Bool { header.isUnset }
}
