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
    public let target: String
    /// The action name.
    public let action: String
    /// The typed input the action runs with.
    ///
    /// Stored as an existential, opened to compare, hash and encode it: a destination allocates
    /// nothing of its own for an input of up to three words.
    public let input: any MediatorInput & Hashable
    /// The input as named parameters, which is how the destination's action is called; made when read.
    public var parameters: MediatorParameters { input.encodedParameters }

    /// Creates a destination for a contract's action with its input.
    /// - Parameters:
    ///   - contract: The action's contract.
    ///   - input: Its input.
    public init<Contract: MediatorContract>(_ contract: Contract, _ input: Contract.Input)
    where Contract.Input: Hashable {
        target = contract.target
        action = contract.action
        self.input = input
    }

    /// A destination for an action by its names, read once from its contract (a back stack's own).
    @inlinable
    init<Input: MediatorInput & Hashable>(target: String, action: String, input: Input) {
        self.target = target
        self.action = action
        self.input = input
    }

    /// The input, typed as a contract's, when this destination is that contract's action.
    /// - Parameter contract: The contract.
    /// - Returns: The input, or `nil` for another action.
    public func input<Contract: MediatorContract>(of contract: Contract) -> Contract.Input? {
        guard contract.target == target, contract.action == action else { return nil }
        return input as? Contract.Input
    }

    /// Whether two destinations name the same action with equal inputs.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.target == rhs.target && lhs.action == rhs.action && lhs.input.isEqual(to: rhs.input)
    }

    /// Hashes the action and the input.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(action)
        input.hash(into: &hasher)
    }

    /// `Target.action(input)`.
    public var description: String { "\(target).\(action)(\(input))" }
}

extension MediatorInput where Self: Hashable {
    /// Whether another input is this one: the same type, equal.
    fileprivate func isEqual(to other: any Sendable) -> Bool { self == (other as? Self) }
}

extension MediatorInput {
    /// The input as named parameters, by its schema.
    fileprivate var encodedParameters: MediatorParameters { Self.schema.parameters(of: self) }
}
