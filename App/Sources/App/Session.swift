import AppEvents
import Mediator

/// Whether the user is logged in; the App's own state, shared by the login gate and the Session target.
final class Session: Sendable {
    private let user = Locked<String?>(nil)

    var isLoggedIn: Bool { user.withLock { $0 != nil } }
    var userName: String? { user.withLock { $0 } }

    func logIn(as name: String) { user.withLock { $0 = name } }

    /// Logs out: closes the login gate (checkout links wait again) and tells every module that
    /// subscribes (``AppEvents/userDidLogOut``), so each drops the session's state; logging out when
    /// nobody is logged in broadcasts nothing.
    /// - Returns: The broadcast's report, or `nil` when nobody was logged in.
    @discardableResult
    func logOut(broadcastingOn mediator: Mediator) throws -> MediatorBroadcastReport? {
        let name = user.withLock { user in
            defer { user = nil }
            return user
        }
        guard let name else { return nil }
        mediator.gates.close(.login)
        return try mediator.broadcast(AppEvents.userDidLogOut, SessionEnded(user: name))
    }

    /// The App's own "Session" target, registered from values: log in and out by deep link. Logging
    /// in opens the mediator's login gate (calls held for it continue); logging out closes it and
    /// tells every module.
    /// - Parameter mediator: The mediator to gate and broadcast on (held unowned: it holds the target).
    func actions(on mediator: Mediator) -> [MediatorAction<Void>] {
        [
            MediatorAction(
                "login", summary: "Logs in (a stand-in for a real login screen)",
                parameters: Login.self,
                exposure: .remote, urlPatterns: ["/login"]
            ) { [unowned mediator] _, parameters in
                let name: String = try parameters.value("user")
                self.logIn(as: name)
                mediator.gates.open(.login)
                return "Logged in as \(name)"
            },
            MediatorAction("logout", summary: "Logs out", exposure: .remote, urlPatterns: ["/logout"]) {
                [unowned mediator] _, _ in
                let report = try self.logOut(broadcastingOn: mediator)
                return report.map { "Logged out; " + Lifecycle.describe($0) } ?? "Nobody was logged in"
            },
        ]
    }
}

/// What the "login" action reads: who logs in.
private struct Login: MediatorInput {
    @Parameter("Who logs in") var user = "guest"
}
