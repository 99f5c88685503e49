import Foundation
import Presentation

/// The interactive shell: type a URL or pick a numbered link; `back` pops; `quit` exits.
@MainActor
enum Shell {
    /// Where a user can always go, after the current screen's own links.
    static let starters = [
        Screen.Link("Products", url: "shop://products"), Screen.Link("Cart", url: "shop://cart"),
        Screen.Link("Log in", url: "shop://login"), Screen.Link("Check out", url: "shop://checkout"),
    ]

    static let help = """
        Commands:
          URL       open a link as the system would hand it over, such as shop://product/42
          NUMBER    open the numbered link from the list under the screen
          back      go back one screen
          stack     show the screens on the stack, bottom first
          links     list the numbered links again
          help      this list
          quit      leave the shell (so does end of input, Ctrl-D)
        App events, told to every module that subscribes:
        \(Lifecycle.help)
        """

    /// Reads commands until `quit` or the end of input.
    /// - Returns: Whether every command succeeded (an unknown command or a failed link did not).
    static func run(_ opener: Opener) async -> Bool {
        Console.print("Shop shell: type a URL or a number, 'back', 'stack', 'links', 'broadcast EVENT', 'help' or 'quit'.")
        var allSucceeded = true
        var choices = menu(opener)
        while true {
            FileHandle.standardOutput.write(Data("> ".utf8))
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else {
                Console.print()  // end the prompt line on Ctrl-D or the end of piped input
                return allSucceeded
            }
            switch line {
            case "": continue
            case "quit", "exit": return allSucceeded
            case "back": opener.back()
            case "stack": Console.print("stack: \(opener.navigator.stackLine)")
            case "links": break
            case "help", "?": Console.print(lines: help)
            default:
                if let number = Int(line) {
                    guard choices.indices.contains(number - 1) else {
                        Console.error("error: no link numbered \(number); pick 1 to \(choices.count)")
                        allSucceeded = false
                        continue
                    }
                    if await !opener.succeeded(opening: choices[number - 1].url) { allSucceeded = false }
                } else if let event = broadcastCommand(line) {
                    if await !Lifecycle.simulate(event, in: opener.app) { allSucceeded = false }
                } else if line.contains("://") {
                    if await !opener.succeeded(opening: line) { allSucceeded = false }
                } else {
                    Console.error("error: unknown command \(line); type help for the commands, or a URL such as shop://cart")
                    allSucceeded = false
                    continue
                }
            }
            choices = menu(opener)
        }
    }

    /// The event a `broadcast NAME` command names, or `nil` when the line is another command.
    private static func broadcastCommand(_ line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.first == "broadcast" else { return nil }
        return words.dropFirst().joined(separator: " ")
    }

    /// Prints the numbered choices on one line (the current screen's links, then the starting
    /// points) and returns them.
    private static func menu(_ opener: Opener) -> [Screen.Link] {
        let links = opener.navigator.stack.last?.links ?? []
        let choices = links + starters.filter { starter in !links.contains { $0.url == starter.url } }
        let items = choices.enumerated().map { "\($0.offset + 1) \($0.element.label)" }
        Console.print("  links: " + items.joined(separator: " · "))
        return choices
    }
}
