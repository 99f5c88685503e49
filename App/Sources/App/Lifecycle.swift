import AppEvents
import Foundation
import Mediator

/// The app's life as the shell and the tour tell it to the modules: each lifecycle moment the App
/// can simulate, and the broadcast that tells every module that subscribes.
enum Lifecycle {
    /// A moment of the app's life the App can simulate.
    struct Moment {
        /// What the shell's `broadcast` command calls it.
        let name: String
        /// What happens, for the help text.
        let summary: String
        /// Tells the modules; returns the broadcast's report, or `nil` when there was nothing to tell.
        let broadcast: @MainActor (ShopApp) async throws -> MediatorBroadcastReport?
    }

    @MainActor static let moments = [
        Moment(name: "background", summary: "the app enters the background: running modules save") { app in
            try await app.mediator.broadcastAsync(AppEvents.didEnterBackground)
        },
        Moment(name: "logout", summary: "the user logs out: modules drop the session's state") { app in
            try app.session.logOut(broadcastingOn: app.mediator)
        },
    ]

    /// Simulates a moment by name and prints whom its broadcast told.
    /// - Returns: Whether the name was known, the broadcast was not refused and no subscriber failed.
    @discardableResult
    @MainActor static func simulate(_ name: String, in app: ShopApp) async -> Bool {
        guard let moment = moments.first(where: { $0.name == name }) else {
            let known = moments.map(\.name).joined(separator: ", ")
            Console.error("error: no app event named \(name); pick one of: \(known)")
            return false
        }
        Console.print("▶ broadcast \(name)")
        do {
            guard let report = try await moment.broadcast(app) else {
                Console.print("  nothing to tell: nobody is logged in")
                return true
            }
            Console.print("  \(describe(report))")
            report.failures.forEach {
                Console.error("error: \($0.target ?? "a module") failed to handle \(report.event): \($0.underlyingError ?? $0)")
            }
            return report.succeeded
        } catch {
            Console.error("error: the broadcast of \(name) was refused: \(error)")
            return false
        }
    }

    /// One line: the event, whom it told and whom it left alone.
    static func describe(_ report: MediatorBroadcastReport) -> String {
        let told = report.reached.isEmpty ? "no module" : report.reached.joined(separator: ", ")
        let skipped = report.skipped.isEmpty ? "" : " (not running, so not started: \(report.skipped.joined(separator: ", ")))"
        let failed = report.failures.isEmpty ? "" : "; \(report.failures.count) failed"
        return "event \(report.event) told \(told)\(skipped)\(failed)"
    }

    /// The shell's help lines for the `broadcast` command.
    @MainActor static var help: String {
        moments.map { "  broadcast \($0.name)".padding(toLength: 24, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}
