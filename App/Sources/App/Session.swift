import Mediator

/// Whether the user is logged in; the App's own state, shared by the login gate and the Session target.
final class Session: Sendable {
    private let user = Locked<String?>(nil)

    var isLoggedIn: Bool { user.withLock { $0 != nil } }
    var userName: String? { user.withLock { $0 } }

    func logIn(as name: String) { user.withLock { $0 = name } }
    func logOut() { user.withLock { $0 = nil } }

    /// The App's own "Session" target, registered from values: log in and out by deep link. Logging
    /// in opens the mediator's login gate (calls held for it continue); logging out closes it.
    func actions(gating mediator: Mediator) -> [MediatorAction<Void>] {
        [
            MediatorAction(
                "login", summary: "Logs in (a stand-in for a real login screen)",
                parameters: [.optional("user", String.self, default: "guest", "Who logs in")],
                exposure: .remote, urlPatterns: ["/login"]
            ) { _, parameters in
                let name: String = try parameters.value("user")
                self.logIn(as: name)
                mediator.openGate(.login)
                return "Logged in as \(name)"
            },
            MediatorAction("logout", summary: "Logs out", exposure: .remote, urlPatterns: ["/logout"]) { _, _ in
                self.logOut()
                mediator.closeGate(.login)
                return "Logged out"
            },
        ]
    }
}
