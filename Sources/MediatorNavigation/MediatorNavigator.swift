/// What an app's navigation adapter implements so that links land as plans: the stack it shows, as
/// destinations, and how it applies one step.
///
/// The adapter keeps ``entries`` in step with what it shows (a SwiftUI `NavigationStack` bound to an
/// array of ``NavigationDestination``, a `UINavigationController`'s view controllers each tagged
/// with its destination); ``LinkNavigation`` computes the steps from it and calls ``apply(_:showing:context:)``
/// once per step, in order, after every screen the steps show has been made.
@MainActor
public protocol MediatorNavigator: AnyObject {
    /// The stack shown now, root first.
    var entries: [NavigationEntry] { get }

    /// Applies one step.
    /// - Parameters:
    ///   - step: The step.
    ///   - result: For a step that shows a destination, what its action returned (the screen to
    ///     show); `nil` for a step that removes one.
    ///   - context: The scene or window the link arrived in, as the app passed it to `open`.
    func apply(_ step: NavigationStep, showing result: (any Sendable)?, context: (any Sendable)?)
}
