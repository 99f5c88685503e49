/// Builds the destinations beneath a back stack's action from its closure's lines, one destination
/// a line, with `if` and `for` as in SwiftUI:
///
/// ```swift
/// BackStack(Products.reviews) { input in
///     NavigationDestination(Products.list, ListQuery())
///     NavigationDestination(Products.detail, input)
/// }
/// ```
///
/// The list is made with room for the link's own destination, which the back stack appends for
/// every link: an array literal (`{ input in [a, b] }`, still accepted) has room for its elements
/// only, so appending to it moves it into a second allocation.
@resultBuilder
public enum BackStackBuilder {
    /// Room for this many destinations (three beneath, and the link's own) in a list a block starts.
    @usableFromInline static let reserved = 4

    /// A line that is a destination.
    @inlinable
    public static func buildExpression(_ destination: consuming NavigationDestination) -> NavigationDestination {
        consume destination
    }

    /// A line that is a list of destinations (an array literal, `[]` for none, or a computed list).
    @inlinable
    public static func buildExpression(_ destinations: [NavigationDestination]) -> [NavigationDestination] { destinations }

    /// A block's first line, a destination: the list starts with room for the rest.
    @inlinable
    public static func buildPartialBlock(first: consuming NavigationDestination) -> [NavigationDestination] {
        var destinations: [NavigationDestination] = []
        destinations.reserveCapacity(reserved)
        destinations.append(consume first)
        return destinations
    }

    /// A block's first line, a list (an array literal, or a nested `if` or `for`).
    @inlinable
    public static func buildPartialBlock(first: [NavigationDestination]) -> [NavigationDestination] { first }

    /// A further line, a destination, appended.
    @inlinable
    public static func buildPartialBlock(
        accumulated: consuming [NavigationDestination], next: consuming NavigationDestination
    ) -> [NavigationDestination] {
        // Consumed, so appending finds the list unshared and grows it in place.
        accumulated.append(consume next)
        return accumulated
    }

    /// A further line, a list, appended.
    @inlinable
    public static func buildPartialBlock(
        accumulated: consuming [NavigationDestination], next: [NavigationDestination]
    ) -> [NavigationDestination] {
        accumulated.append(contentsOf: next)
        return accumulated
    }

    /// An empty block: nothing beneath.
    @inlinable
    public static func buildBlock() -> [NavigationDestination] { [] }

    /// An `if` without `else`: its destinations when it holds, else none.
    @inlinable
    public static func buildOptional(_ destinations: [NavigationDestination]?) -> [NavigationDestination] {
        destinations ?? []
    }

    /// The first branch of an `if`–`else` or a `switch`.
    @inlinable
    public static func buildEither(first destinations: [NavigationDestination]) -> [NavigationDestination] { destinations }

    /// The second branch of an `if`–`else` or a `switch`.
    @inlinable
    public static func buildEither(second destinations: [NavigationDestination]) -> [NavigationDestination] { destinations }

    /// A `for` loop: each pass's destinations, in order.
    @inlinable
    public static func buildArray(_ passes: [[NavigationDestination]]) -> [NavigationDestination] { passes.flatMap { $0 } }
}
