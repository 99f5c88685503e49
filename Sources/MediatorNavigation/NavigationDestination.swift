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
    public let input: any Hashable & Sendable
    /// The input as named parameters, which is how the destination's action is called.
    public let parameters: MediatorParameters
    /// Compares another input with this one as its own type.
    private let equalsInput: @Sendable (any Sendable) -> Bool
    /// Hashes the input as its own type.
    private let hashInput: @Sendable (inout Hasher) -> Void

    /// Creates a destination for a contract's action with its input.
    /// - Parameters:
    ///   - contract: The action's contract.
    ///   - input: Its input.
    public init<Contract: MediatorContract>(_ contract: Contract, _ input: Contract.Input)
    where Contract.Input: Hashable {
        target = contract.target
        action = contract.action
        self.input = input
        equalsInput = { other in (other as? Contract.Input) == input }
        hashInput = { hasher in hasher.combine(input) }
        parameters = Contract.Input.schema.parameters(of: input)
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
        lhs.target == rhs.target && lhs.action == rhs.action && lhs.equalsInput(rhs.input)
    }

    /// Hashes the action and the input.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(action)
        hashInput(&hasher)
    }

    /// `Target.action(input)`.
    public var description: String { "\(target).\(action)(\(input))" }
}
