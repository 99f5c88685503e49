import Foundation
internal import MediatorText
import Testing

@testable import MediatorTool

// The pieces of `swift package new-module` that do not touch a package: names, escaping, text edits.
// scripts/check-new-module.sh and scripts/check-plugins.sh run the whole generator.

@Suite("New module: names and text edits")
struct NewModuleTests {
    @Test(
        "bad names are refused with a reason",
        arguments: [
            "", "wishlist", "9Lives", "Wish-list", "Wish list", "WishlistFacade", "Swift", "Mediator", "MediatorCore",
            "MediatorPublishing",
            "ABCDEFGHIJKLMNOPQRSTUVWXY", "Café", "MyModuleTemplate",
        ])
    func badNamesAreRefused(name: String) {
        #expect(ModuleNames.problem(with: name) != nil)
    }

    @Test("a type name of letters and digits is accepted", arguments: ["Wishlist", "URLTools", "Search2"])
    func goodNamesAreAccepted(name: String) {
        #expect(ModuleNames.problem(with: name) == nil)
    }

    @Test("the template's names become the module's, in lower camel case for the property")
    func templateNamesAreSubstituted() {
        let names = ModuleNames(module: "URLTools")
        #expect(names.substituted("mediator.moduleTemplate: ModuleTemplateFacade") == "mediator.urlTools: URLToolsFacade")
    }

    @Test("echoed input is escaped as the App's console escapes text: controls, separators, bidi; and is cut")
    func echoedInputIsEscaped() {
        #expect(LogSafeText.quoted("a\nb\u{1B}[2J\u{202E}") == #""a\u{A}b\u{1B}[2J\u{202E}""#)
        #expect(LogSafeText.inline(String(repeating: "x", count: 100), limit: 5) == "xxxxx…(100 bytes)")
    }

    @Test("--uses wires the template's target to another module's facade: init(mediator:), its import, a factory")
    func usesWiresTheTarget() throws {
        let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/ModuleTemplate/Sources/ModuleTemplate")
        let text = try String(
            contentsOf: template.appendingPathComponent("ModuleTemplateTarget.swift"), encoding: .utf8)
        let names = ModuleNames(module: "Orders")
        let path = "Modules/Orders/Sources/Orders/OrdersTarget.swift"
        let wired = try ModulePlan.wiring(
            [ModuleNames(module: "Catalog")], into: names.substituted(text), of: path, names: names)
        #expect(wired.contains("public init(mediator: Mediator) { self.mediator = mediator }"))
        #expect(!wired.contains("public init() {}"))
        #expect(wired.split(separator: "\n").contains("import CatalogFacade"))
        #expect(wired.contains("try mediator.register { OrdersTarget(mediator: $0) }"))
        #expect(try ModulePlan.wiring([], into: text, of: path, names: names) == text)
        #expect(throws: ToolFailure.self) {
            try ModulePlan.wiring([ModuleNames(module: "Catalog")], into: "import Mediator\n", of: path, names: names)
        }
    }

    @Test("a renamed file's imports are sorted again, as swift-format orders them")
    func importsAreSortedAgain() {
        let text = "public import Mediator\nimport AardvarkFacade\n\nlet x = 1\n"
        #expect(ModulePlan.sortingImports(text) == "import AardvarkFacade\npublic import Mediator\n\nlet x = 1\n")
    }

    @Test("without an anchor, the stanzas go first in the targets list; two target lists are refused")
    func stanzasGoIntoTheTargetsList() throws {
        let manifest = "let package = Package(\n    name: \"P\",\n    targets: [\n        .target(name: \"X\"),\n    ]\n)"
        let edited = try ModulePlan.insertingIntoTargets([".target(name: \"W\"),"], in: manifest)
        #expect(edited.contains("    targets: [\n        .target(name: \"W\"),\n        .target(name: \"X\"),"))
        #expect(throws: ToolFailure.self) {
            try ModulePlan.insertingIntoTargets(["x"], in: manifest + "\nlet more = Package(\n    targets: [\n    ])")
        }
    }
}
