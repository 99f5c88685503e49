import Mediator
import MediatorNavigation
import ModuleA
import Presentation

/// Opens URLs as the operating system would hand them to the app, and shows what they return.
@MainActor
struct Opener {
    /// How a failed open is reported.
    enum Failures {
        /// Told as part of the story on standard output (the tour, where refusals are the point).
        case narrated
        /// Reported once on standard error, a sentence for the user first (open, shell).
        case errors
    }

    let app: ShopApp
    let navigator: TerminalNavigator
    /// Links whose action declares the screens beneath it land with them (the Products module's back stacks).
    var navigation: LinkNavigation { LinkNavigation(app.mediator, backStacks: ProductsTarget.backStacks) }
    /// Links held on a gate, shown when they continue.
    let held = HeldLinks()
    /// The plan the last link that landed applied, if its action declares one.
    let lastPlan = LastPlan()

    /// Opens one URL and prints the screen and stack, or the result, or the failure; then shows
    /// the links held earlier that this one let continue (logging in continues a held checkout).
    /// - Returns: The error, if it failed (``MediatorError/Code/held`` if it is held).
    @discardableResult
    func open(_ url: String, failures: Failures) async -> (any Error)? {
        Console.print("▶ open \(url)")
        let error = await run(url, failures: failures)
        await showContinued(failures: failures)
        return error
    }

    /// Opens one URL for a command whose status reports failures (open, shell): a link held on a gate
    /// is not a failure; a held link this one let continue, which then failed, is.
    /// - Returns: Whether nothing failed.
    func succeeded(opening url: String) async -> Bool {
        let failedBefore = held.failedContinuations
        let error = await open(url, failures: .errors)
        // Held is not a failure, and neither is a duplicate: the first delivery of the link runs.
        let isHeldOrDuplicate = [.held, .duplicateLink].contains((error as? MediatorError)?.code)
        return (error == nil || isHeldOrDuplicate) && held.failedContinuations == failedBefore
    }

    /// Shows every held link whose gate has opened, once it has finished: its screen or its failure.
    func showContinued(failures: Failures) async {
        for (url, hold) in held.continuing() {
            Console.print("▶ continued \(url) (hold \(hold.id), held until \(hold.gate.name))")
            do {
                show(try await navigation.land(hold, on: navigator))
            } catch {
                held.failedContinuations += 1
                report(error, opening: url, failures: failures)
            }
        }
    }

    /// Pops the top screen and prints the stack.
    func back() {
        Console.print("▶ back")
        navigator.back()
        Console.print("  \(navigator.lastTransition) → stack: \(navigator.stackLine)")
    }

    private func run(_ url: String, failures: Failures) async -> (any Error)? {
        do {
            show(try await navigation.open(url, on: navigator))
            return nil
        } catch let error as MediatorError where error.code == .duplicateLink {
            Console.print("  duplicate: \(UserMessage.duplicate)")
            return error
        } catch let error as MediatorError where error.code == .held {
            guard let hold = error.hold else { return error }
            held.add(url, hold)
            Console.print("  held until \(hold.gate.name): \(UserMessage.held(on: hold.gate.name)) (hold \(hold.id))")
            return error
        } catch {
            report(error, opening: url, failures: failures)
            return error
        }
    }

    /// Shows a link that landed: the steps of its plan, each with the stack after it, or its result
    /// as before when its action declares no back stack.
    private func show(_ landing: LinkNavigation.Landing) {
        lastPlan.plan = landing.plan
        guard landing.plan != nil else { return show(landing.value) }
        if let screen = navigator.stack.last { Console.describe(screen).forEach { Console.print("  \($0)") } }
        let transitions = navigator.takePlannedTransitions()
        if transitions.isEmpty { Console.print("  already there → stack: \(navigator.stackLine)") }
        transitions.forEach { Console.print("  \($0)") }
    }

    private func show(_ result: any Sendable) {
        if let screen = result as? Screen {
            navigator.show(screen)
            Console.describe(screen).forEach { Console.print("  \($0)") }
            Console.print("  \(navigator.lastTransition) → stack: \(navigator.stackLine)")
        } else {
            Console.print("  result: \(Console.describe(result: result))")
        }
    }

    private func report(_ error: any Error, opening url: String, failures: Failures) {
        switch failures {
        case .narrated: Console.print("  refused: \(error)")
        case .errors: Console.error("error: \(UserMessage.failure(opening: url, error))")
        }
    }
}

/// The links the App's mediator holds on a gate, in the order they were held.
@MainActor
final class HeldLinks {
    private var links: [(url: String, hold: MediatorHold)] = []
    /// How many held links failed when they continued.
    var failedContinuations = 0

    /// Links still waiting for their gate.
    var waiting: [(url: String, hold: MediatorHold)] {
        links.filter { if case .held = $0.hold.phase { true } else { false } }
    }

    func add(_ url: String, _ hold: MediatorHold) {
        // An identical link joins the hold it is already waiting in; it continues once.
        if !links.contains(where: { $0.hold === hold }) { links.append((url, hold)) }
    }

    /// Takes the links whose gate has opened (or that ended otherwise), in the order they were held.
    func continuing() -> [(url: String, hold: MediatorHold)] {
        let done = links.filter { if case .held = $0.hold.phase { false } else { true } }
        links.removeAll { link in done.contains { $0.hold === link.hold } }
        return done
    }
}

/// The plan of the last link that landed, for the tour's notes.
@MainActor
final class LastPlan {
    var plan: NavigationPlan?
}
