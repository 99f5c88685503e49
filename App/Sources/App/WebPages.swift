import Foundation
import Mediator
import Presentation

/// The App's "Web" target: the page a degraded route falls back to.
///
/// Only https pages on the shop's own host are shown: the action is remote (route configuration
/// requires that of a web fallback), so without the check any deep link could open any page.
enum WebPages {
    static let target = "Web"

    static func actions(allowedHost: String) -> [MediatorAction<Void>] {
        [
            MediatorAction(
                "open", summary: "Shows a page of the shop's website (the degraded-route fallback)",
                parameters: WebPage.self,
                exposure: .remote
            ) { _, parameters in
                let url: URL = try parameters.value("url")
                guard url.scheme == "https", url.host == allowedHost else {
                    throw WebPageRefused(url: url, allowedHost: allowedHost)
                }
                return Screen(title: "Web page", lines: [url.absoluteString], presentation: .present)
            }
        ]
    }
}

/// What the "open" action reads: the page to show.
private struct WebPage: MediatorInput {
    @Parameter("An https page on the shop's host") var url: URL
}

/// A page outside the shop's website.
struct WebPageRefused: Error, CustomStringConvertible {
    let url: URL
    let allowedHost: String
    var description: String { "only https pages on \(allowedHost) open in the app, not \(url.absoluteString)" }
}
