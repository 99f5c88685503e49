/// Moves between screens; the app implements it for its platform (terminal here, UIKit later).
///
/// Modules never hold a navigator: they return ``Screen`` values and the app calls
/// ``show(_:)``, which applies the screen's ``Screen/presentation``.
@MainActor
public protocol Navigator: AnyObject {
    /// The screens on the stack, bottom first.
    var stack: [Screen] { get }
    /// Pushes a screen on top of the current one.
    func push(_ screen: Screen)
    /// Presents a screen modally over the current one.
    func present(_ screen: Screen)
    /// Removes the top screen; returns it, or `nil` when only the root is left.
    @discardableResult func back() -> Screen?
    /// Replaces the whole stack with one screen.
    func root(_ screen: Screen)
}

extension Navigator {
    /// Shows a screen the way it asks to appear.
    /// - Parameter screen: The screen.
    public func show(_ screen: Screen) {
        switch screen.presentation {
        case .push: push(screen)
        case .present: present(screen)
        case .root: root(screen)
        }
    }
}
