/// A destination as it stands on a navigation stack: pushed (or the root), or presented modally.
public struct NavigationEntry: Hashable, Sendable, CustomStringConvertible {
    /// The destination.
    public var destination: NavigationDestination
    /// Whether it was presented modally over the entry beneath it rather than pushed.
    public var isPresented: Bool

    /// Creates an entry.
    /// - Parameters:
    ///   - destination: The destination.
    ///   - isPresented: Whether it is presented modally; pushed (or the root) by default.
    public init(_ destination: NavigationDestination, isPresented: Bool = false) {
        self.destination = destination
        self.isPresented = isPresented
    }

    /// The destination, marked `(presented)` when it is.
    public var description: String { "\(destination)" + (isPresented ? " (presented)" : "") }
}
