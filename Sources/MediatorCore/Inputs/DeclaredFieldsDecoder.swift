internal import MediatorText

/// The decoder a declared input's `Decodable` initializer reads its already decoded `@Parameter`
/// wrappers from: a keyed container whose values are the wrappers, by property name.
///
/// Only `@Parameter` wrappers are ever asked for (the schema refuses inputs with other stored
/// properties), so every other request is a type mismatch.
struct DeclaredFieldsDecoder: Decoder {
    let values: [String: any Sendable]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields<Key>(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.unsupported([], "a list") }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.unsupported([], "one value") }

    static func unsupported(_ path: [any CodingKey], _ what: String) -> DecodingError {
        .typeMismatch(
            Any.self,
            .init(codingPath: path, debugDescription: "a declared input decodes only @Parameter properties, not \(what)"))
    }

    private struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: any Sendable]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { values.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = values[key.stringValue] as? T else {
                throw DeclaredFieldsDecoder.unsupported([key], "\(LogSafeText.quoted(key.stringValue)) of type \(T.self)")
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(key) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw DeclaredFieldsDecoder.unsupported([key], "a nested value")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DeclaredFieldsDecoder.unsupported([key], "a nested list")
        }

        func superDecoder() throws -> any Decoder { throw DeclaredFieldsDecoder.unsupported([], "a superclass") }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw DeclaredFieldsDecoder.unsupported([key], "a superclass")
        }

        private func decodeValue<T>(_ key: Key) throws -> T {
            throw DeclaredFieldsDecoder.unsupported([key], "\(LogSafeText.quoted(key.stringValue)) of type \(T.self)")
        }
    }
}

extension Parameter: Decodable {
    /// Decodes the value from any other decoder (JSON, a property list) when its type is `Decodable`.
    ///
    /// The mediator itself never calls this: it hands a declared input's `Decodable` initializer
    /// parameters it has already converted.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.typeMismatch` when the type is not `Decodable` (a closure, say).
    public init(from decoder: any Decoder) throws {
        guard let decodable = Value.self as? any Decodable.Type else {
            throw DecodingError.typeMismatch(
                Value.self, .init(codingPath: decoder.codingPath, debugDescription: "\(Value.self) is not Decodable"))
        }
        guard let value = try decodable.init(from: decoder) as? Value else {
            throw DecodingError.typeMismatch(
                Value.self, .init(codingPath: decoder.codingPath, debugDescription: "not a \(Value.self)"))
        }
        self.init(storage: value, summary: "", conversion: .converting)
    }
}
