public import MediatorCore

/// One screen of a navigation plan: an action, by its contract, with its typed input.
///
/// Two destinations are equal when they name the same action with equal inputs, so the same screen
/// with other parameters (product 42, then product 7) is another destination. A destination is
/// `Hashable`, so a SwiftUI `NavigationStack` can use an array of them as its path and read it back.
///
/// ```swift
/// NavigationDestination(Products.detail, ProductID(id: 42))
/// ```
public struct NavigationDestination: Hashable, Sendable, CustomStringConvertible {
    /// The target name of the destination's action.
    public var target: String { names.target }
    /// The action name.
    public var action: String { names.action }
    /// The action's names, or its action contract's interned names by index (read when asked).
    @usableFromInline let names: Names
    /// The typed input the action runs with, kept in place (one allocation whatever its size, shared
    /// with the link's action when the destination is a link's own), and how to compare it.
    @usableFromInline let stored: TypedInput
    @usableFromInline let kind: any DestinationInputKind.Type

    /// The typed input the action runs with, as an existential (made when read).
    public var input: any MediatorInput & Hashable { kind.input(of: stored) }
    /// The input as named parameters, which is how the destination's action is called; made when read.
    public var parameters: MediatorParameters { MediatorParameters(stored.encoded()) }

    /// Creates a destination for a contract's action with its input.
    /// - Parameters:
    ///   - contract: The action's contract.
    ///   - input: Its input.
    public init<Contract: MediatorContract>(_ contract: Contract, _ input: Contract.Input)
    where Contract.Input: Hashable {
        self.init(names: .of(contract), stored: SchemaTypedInput(input))
    }

    /// Creates a destination for an action contract's action with its input.
    ///
    /// Inlinable, so a back stack that makes destinations for every link keeps the contract's
    /// interned names by index (no names read or retained) with code specialized for its input type.
    /// - Parameters:
    ///   - contract: The action's contract.
    ///   - input: Its input.
    @inlinable
    public init<Execution, Input: Hashable, Output>(
        _ contract: MediatorActionContract<Execution, Input, Output>, _ input: Input
    ) {
        self.init(names: .contract(contract.nameIndex), stored: SchemaTypedInput(input))
    }

    /// A destination for an action by its names, with its input as kept for a call (a back stack's
    /// own destination shares the one its link's action runs with).
    @inlinable
    init<Input: MediatorInput & Hashable>(names: Names, stored: SchemaTypedInput<Input>) {
        self.names = names
        self.stored = stored
        self.kind = HashableInput<Input>.self
    }

    /// The input, typed as a contract's, when this destination is that contract's action.
    /// - Parameter contract: The contract.
    /// - Returns: The input, or `nil` for another action.
    public func input<Contract: MediatorContract>(of contract: Contract) -> Contract.Input? {
        guard contract.target == target, contract.action == action, stored.type == ObjectIdentifier(Contract.Input.self)
        else { return nil }
        return unsafeDowncast(stored, to: TypedInputOf<Contract.Input>.self).input
    }

    /// Whether two destinations name the same action with equal inputs.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.names.same(as: rhs.names)
            && (lhs.stored === rhs.stored || lhs.stored.type == rhs.stored.type && lhs.kind.isEqual(lhs.stored, rhs.stored))
    }

    /// Hashes the action and the input.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(action)
        kind.hash(stored, into: &hasher)
    }

    /// `Target.action(input)`.
    public var description: String { "\(target).\(action)(\(input))" }
}

extension NavigationDestination {
    /// A destination's action names: an action contract's interned names by index, or the names as
    /// given, boxed once.
    ///
    /// A struct of a word and an optional reference rather than an enum of the two: copying or
    /// destroying a destination (in a plan's list, for every link) is then one retain or release
    /// inline, where an enum with two payloads is copied and destroyed by outlined functions that
    /// switch on its case.
    @usableFromInline
    struct Names: Sendable {
        /// The index of an action contract's interned names; unused when `given` holds the names.
        @usableFromInline let index: Int
        /// The names as given, when the destination was not made from an action contract.
        @usableFromInline let given: GivenNames?

        @inlinable
        init(index: Int, given: GivenNames?) {
            self.index = index
            self.given = given
        }

        /// An action contract's interned names, by index.
        @inlinable
        static func contract(_ index: Int) -> Names { Names(index: index, given: nil) }

        /// A contract's names: by index when it interns them (an action contract, whatever type it
        /// is passed as), else as given. The one rule for a destination and a back stack alike.
        @usableFromInline
        static func of<Contract: MediatorContract>(_ contract: Contract) -> Names {
            if let interned = contract as? any InternedContractNames { return .contract(interned.nameIndex) }
            return Names(index: 0, given: GivenNames(target: contract.target, action: contract.action))
        }

        /// The interned index of the contract's names; -1 for names as given.
        @usableFromInline
        var contractIndex: Int { given == nil ? index : -1 }

        /// The target name.
        var target: String { given?.target ?? ContractKey.names(ofIndex: index).target }

        /// The action name.
        var action: String { given?.action ?? ContractKey.names(ofIndex: index).action }

        /// Whether both name the same action: by index when both are contracts' with the same
        /// index, else by the names.
        func same(as other: Names) -> Bool {
            if given == nil, other.given == nil, index == other.index { return true }
            return target == other.target && action == other.action
        }
    }

    /// Names given as strings, kept once for every copy of the destination.
    @usableFromInline
    final class GivenNames: Sendable {
        let target: String
        let action: String

        @usableFromInline
        init(target: String, action: String) {
            self.target = target
            self.action = action
        }
    }
}

/// How a destination compares, hashes and reads its input, whose type it knows.
@usableFromInline
protocol DestinationInputKind: Sendable {
    /// Whether two inputs of this kind are equal.
    static func isEqual(_ lhs: TypedInput, _ rhs: TypedInput) -> Bool
    /// Hashes an input of this kind.
    static func hash(_ input: TypedInput, into hasher: inout Hasher)
    /// An input of this kind as an existential.
    static func input(of stored: TypedInput) -> any MediatorInput & Hashable
}

/// The kind of a hashable input type.
@usableFromInline
enum HashableInput<Input: MediatorInput & Hashable>: DestinationInputKind {
    @usableFromInline
    static func isEqual(_ lhs: TypedInput, _ rhs: TypedInput) -> Bool { typed(lhs) == typed(rhs) }
    @usableFromInline
    static func hash(_ input: TypedInput, into hasher: inout Hasher) { typed(input).hash(into: &hasher) }
    @usableFromInline
    static func input(of stored: TypedInput) -> any MediatorInput & Hashable { typed(stored) }

    /// The input of a destination of this kind (its stored input's type is `Input`).
    private static func typed(_ stored: TypedInput) -> Input { unsafeDowncast(stored, to: TypedInputOf<Input>.self).input }
}
