import Foundation
import Mediator
import MediatorPublishing

/// `links check` and `links export`: the deep links the shop publishes, as a snapshot to keep,
/// files to serve and a reference to read, and the check that stops a release from breaking links
/// already in the wild.
enum LinksCommand {
    /// Runs the command and returns the exit status.
    static func run(_ command: Invocation.Links, on mediator: Mediator) -> Int32 {
        let links: MediatorLinks
        do {
            links = try mediator.publishedLinks()
        } catch {
            Console.error("error: the app's routes have problems, so its links cannot be published: \(error)")
            return 1
        }
        switch command {
        case .export(let format):
            switch format {
            case .json: FileHandle.standardOutput.write(links.json())
            case .markdown: FileHandle.standardOutput.write(Data(links.markdownReference(title: "Shop deep links").utf8))
            case .aasa(let appIDs): FileHandle.standardOutput.write(links.appleAppSiteAssociation(appIDs: appIDs))
            case .android: FileHandle.standardOutput.write(Data(links.androidIntentFilters().utf8))
            }
            return 0
        case .check(let path):
            return check(links, against: path)
        case .page(let path):
            return page(of: mediator, comparedWith: path)
        case .schema(let name):
            guard let schema = MediatorJSONSchema(rawValue: name) else { return 64 }
            FileHandle.standardOutput.write(Data(schema.json.utf8))
            return 0
        case .vectors:
            do {
                FileHandle.standardOutput.write(try mediator.linkVectors().json())
                return 0
            } catch {
                Console.error("error: the app's routes have problems, so no vectors can be made: \(error)")
                return 1
            }
        }
    }

    /// Prints the catalog page, compared with the snapshot at `path` when it can be read (a page
    /// without a snapshot shows no state): 1 if the snapshot is there but unreadable.
    private static func page(of mediator: Mediator, comparedWith path: String) -> Int32 {
        var published: MediatorLinks?
        if let data = FileManager.default.contents(atPath: path) {
            do {
                published = try MediatorLinks(json: data)
            } catch {
                Console.error("error: the links snapshot \(path) is not a published-links document: \(error)")
                return 1
            }
        }
        do {
            let review = try mediator.linkReview(published: published)
            FileHandle.standardOutput.write(Data(review.html(title: "Shop deep links").utf8))
            return 0
        } catch {
            Console.error("error: the app's routes have problems, so its links cannot be reviewed: \(error)")
            return 1
        }
    }

    /// Compares the links with the snapshot at `path`: 1 if a change breaks a published link or the
    /// snapshot cannot be read, else 0 (additions are listed, with how to update the snapshot).
    private static func check(_ links: MediatorLinks, against path: String) -> Int32 {
        let published: MediatorLinks
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.error(
                    "error: cannot read the links snapshot \(path); write it with: swift run App links export --json > \(path)")
                return 1
            }
            published = try MediatorLinks(json: data)
        } catch {
            Console.error("error: the links snapshot \(path) is not a published-links document: \(error)")
            return 1
        }
        let report = links.compatibility(withPublished: published)
        if !report.isCompatible {
            Console.error("error: \(report.breaks.count) change(s) would break links already published (\(path)):")
            report.breaks.forEach { Console.error("  \($0)") }
            Console.error("Keep the old links working (a route configuration redirect, an optional parameter, the old pattern")
            Console.error("beside the new one); only if breaking them is intended, update the snapshot.")
            return 1
        }
        if report.isUnchanged {
            Console.print("links: \(links.actions.count) actions, the same as the snapshot \(path)")
        } else {
            Console.print("links: compatible with \(path); \(report.additions.count) addition(s):")
            report.additions.forEach { Console.print("  \($0)") }
            Console.print("Update the snapshot to publish them: swift run App links export --json > \(path)")
        }
        return 0
    }
}
