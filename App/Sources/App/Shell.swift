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

    static func run(_ opener: Opener) async {
        Console.print("Shop shell: type a URL or a number, 'back', 'stack', 'links' or 'quit'.")
        var choices = menu(opener)
        while true {
            Swift.print("> ", terminator: "")
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return }
            switch line {
            case "": continue
            case "quit", "exit": return
            case "back": opener.back()
            case "stack": Console.print("stack: \(opener.navigator.stackLine)")
            case "links", "help", "?": break
            default:
                if let number = Int(line) {
                    guard choices.indices.contains(number - 1) else {
                        Console.print("no choice \(number); pick 1 to \(choices.count)")
                        continue
                    }
                    await opener.open(choices[number - 1].url)
                } else {
                    await opener.open(line)
                }
            }
            choices = menu(opener)
        }
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
