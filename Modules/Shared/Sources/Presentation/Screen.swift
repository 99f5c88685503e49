/// A platform-neutral description of a screen that a module returns and an app renders.
///
/// Modules describe what to show; the app decides how: the command-line app prints it, a UIKit
/// adapter would build a view controller from it. Keeping screens as values keeps modules free of
/// any UI framework and makes them testable with `==`.
public struct Screen: Sendable, Equatable, CustomStringConvertible {
    /// The screen's title.
    public var title: String
    /// The lines of content, top to bottom.
    public var lines: [String]
    /// How the screen wants to appear.
    public var presentation: Presentation
    /// Links the screen offers, as deep links the app can open.
    public var links: [Link]

    /// Creates a screen description.
    /// - Parameters:
    ///   - title: The title.
    ///   - lines: The content lines.
    ///   - presentation: How the screen appears; pushed by default.
    ///   - links: Deep links the screen offers.
    public init(title: String, lines: [String] = [], presentation: Presentation = .push, links: [Link] = []) {
        self.title = title
        self.lines = lines
        self.presentation = presentation
        self.links = links
    }

    /// How a screen appears relative to the current navigation stack.
    public enum Presentation: String, Sendable, Equatable {
        /// Pushed on top of the current screen.
        case push
        /// Presented modally over the current screen.
        case present
        /// Replaces the whole stack.
        case root
    }

    /// A labelled deep link a screen offers.
    public struct Link: Sendable, Equatable {
        /// What the user sees.
        public var label: String
        /// The URL the app opens when the link is chosen.
        public var url: String

        /// Creates a link.
        /// - Parameters:
        ///   - label: What the user sees.
        ///   - url: The URL to open.
        public init(_ label: String, url: String) {
            self.label = label
            self.url = url
        }
    }

    /// The title, for logs.
    public var description: String { title }
}
