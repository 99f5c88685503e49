public import Mediator

/// The app's life, as every module may hear it: events the composition root broadcasts and any
/// module subscribes to, declared once here so no module imports another (or the App) to hear them.
nonisolated public enum AppEvents {
    /// The app finished launching: every module that subscribes is told, started if it is not yet
    /// running, to set up what it needs before the first screen.
    public static let didFinishLaunching = MediatorEvent<Void>("didFinishLaunching")

    /// The app went to the background: modules that are running save what they must not lose.
    /// Modules that never ran have nothing to save, so none is started to hear it.
    public static let didEnterBackground = MediatorEvent<Void>("didEnterBackground", delivery: .existingInstancesOnly)

    /// The user logged out: modules drop what belongs to the session (the cart, what was viewed).
    /// Modules that never ran hold no session state, so none is started to hear it.
    public static let userDidLogOut = MediatorEvent<SessionEnded>("userDidLogOut", delivery: .existingInstancesOnly)

    /// Every app event, for the modules' contract tests and the App's shell.
    public static let all: [any MediatorEventContract] = [didFinishLaunching, didEnterBackground, userDidLogOut]
}

/// The payload of ``AppEvents/userDidLogOut``: whose session ended.
public struct SessionEnded: Sendable, Equatable {
    /// The user who logged out.
    public let user: String

    /// Creates the payload.
    /// - Parameter user: The user who logged out.
    public init(user: String) {
        self.user = user
    }
}
