/// A value that travels in a URL as one text form its own module knows how to write: `UUID` and
/// `URL`, whose conformances the Foundation bridge (the `Mediator` module) declares, so URL
/// generation in the core names no Foundation type and turns them into the same text as before.
package protocol URLTextConvertible: Sendable {
    /// The value's text in a URL, before percent-encoding: a UUID's `uuidString`, a URL's
    /// `absoluteString`.
    var urlText: String { get }
}
