import Foundation
import Presentation

/// The interactive shell: type a URL or pick a numbered link; `back` pops; `quit` exits.
@MainActor
enum Shell {
    static let starters = ["shop://products", "shop://cart", "shop://login", "shop://checkout"]

    static func run(_ opener: Opener) async {
        Console.print("Shop shell: type a URL or a number, 'back', 'stack', 'help' or 'quit'.")
        var choices = menu(opener)
        while true {
            Swift.print("> ", terminator: "")
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return }
            switch line {
            case "": continue
            case "quit", "exit": return
            case "back": opener.back()
            case "stack": Console.print("stack: \(opener.navigator.stackLine)")
            case "help", "?": choices = menu(opener)
            default:
                if let number = Int(line) {
                    guard choices.indices.contains(number - 1) else {
                        Console.print("no choice \(number); pick 1 to \(choices.count)")
                        continue
                    }
                    await opener.open(choices[number - 1])
                } else {
                    await opener.open(line)
                }
            }
            choices = menu(opener)
        }
    }

    /// Prints the numbered choices: the current screen's links, then the starting points.
    private static func menu(_ opener: Opener) -> [String] {
        let links = opener.navigator.stack.last?.links.map(\.url) ?? []
        let choices = links + starters.filter { !links.contains($0) }
        for (index, url) in choices.enumerated() { Console.print("  \(index + 1). \(url)") }
        return choices
    }
}
