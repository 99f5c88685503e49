import Foundation
import Mediator
import MediatorTesting
import Testing

// An app's own parameter types (its enums, `UUID`) are decoded by generic code in the library,
// which writes a URL's text straight into the input: required and optional, set, left out and
// refused, they must read as the standard types do.

/// A shelf an app declares.
private enum Shelf: String, CaseIterable, MediatorParameterValue {
    case top, bottom
}

/// One required and one optional value of each app type.
private struct Placement: MediatorInput, Equatable {
    @Parameter var shelf: Shelf
    @Parameter var spare: Shelf?
    @Parameter var batch: UUID
    @Parameter var lot: UUID?
}

/// The action that returns the input it decoded.
private let place = ActionContract<Placement, Placement>("place", on: "Store")

/// A target whose action returns the input it decoded.
private struct Store: MediatorTarget {
    static let targetName = "Store"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(place, exposure: .remote, urlPatterns: ["/place/:shelf"]) { _, input in input }
    ]
}

@Suite("URL values of an app's own types")
struct AppTypeURLValueTests {
    private let batch = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

    private func store() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(Store())
        mediator.registerScheme("app")
        return mediator
    }

    @Test("required and optional values are read from the path and the query, and optional ones left out are nil")
    func valuesAreRead() throws {
        let mediator = try store()
        let full = try mediator.open(
            "app://place/top?spare=bottom&batch=\(batch.uuidString)&lot=\(batch.uuidString)", as: Placement.self)
        #expect(full.shelf == .top && full.spare == .bottom && full.batch == batch && full.lot == batch)
        let lean = try mediator.open("app://place/bottom?batch=\(batch.uuidString)", as: Placement.self)
        #expect(lean.shelf == .bottom && lean.spare == nil && lean.batch == batch && lean.lot == nil)
    }

    @Test("a value that does not convert is refused naming its key and type, required or optional; a missing required one too")
    func badValuesAreRefused() throws {
        let mediator = try store()
        let notAShelf = expectMediatorError(.invalidParameter) {
            try mediator.open("app://place/middle?batch=\(batch.uuidString)")
        }
        #expect(notAShelf?.parameter == "shelf")
        #expect(notAShelf?.expectedType == "Shelf (one of top, bottom)")
        let notASpare = expectMediatorError(.invalidParameter) {
            try mediator.open("app://place/top?spare=side&batch=\(batch.uuidString)")
        }
        #expect(notASpare?.parameter == "spare")
        let notALot = expectMediatorError(.invalidParameter) {
            try mediator.open("app://place/top?batch=\(batch.uuidString)&lot=42")
        }
        #expect(notALot?.parameter == "lot")
        #expect(notALot?.expectedType == "UUID")
        let missing = expectMediatorError(.missingParameter) { try mediator.open("app://place/top") }
        #expect(missing?.parameter == "batch")
        // The mediator is unharmed: the next link opens.
        #expect(try mediator.open("app://place/top?batch=\(batch.uuidString)", as: Placement.self).shelf == .top)
    }

    @Test("the same values by name decode as from a URL")
    func valuesByNameMatch() throws {
        let mediator = try store()
        let byName = try mediator.perform(
            "place", on: "Store", with: ["shelf": "top", "spare": Shelf.bottom, "batch": batch.uuidString], as: Placement.self)
        #expect(byName.shelf == .top && byName.spare == .bottom && byName.batch == batch && byName.lot == nil)
    }
}
