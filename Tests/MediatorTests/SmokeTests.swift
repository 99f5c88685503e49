import Mediator
import MediatorTesting
import Testing

struct Catalog: MediatorTarget {
    static let targetName = "Catalog"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("price", parameters: [.required("id", Int.self, "Product id")]) { _, p in
            Double(try p.value("id", as: Int.self)) + 0.99
        },
        MediatorAction("load") { _, _ async in 7 },
        .onMainActor("screen") { _, _ in "screen" },
    ]
}

func syncPart(_ m: Mediator) throws {
    let p: Double = try m.perform("price", on: "Catalog", with: ["id": "41"])
    #expect(p == 41.99)
    do { try m.perform("price", on: "Catlog") } catch { print(error) }
    do { try m.perform("prise", on: "Catalog") } catch { print(error) }
    do { try m.perform("price", on: "Catalog", with: ["id": "x"]) } catch { print(error) }
    do { try m.perform("load", on: "Catalog") } catch { print(error) }
    do { try m.perform("screen", on: "Catalog") } catch { print(error) }
}

@Test func smoke() async throws {
    let m = Mediator()
    try m.register(Catalog.self)
    try syncPart(m)
    let p: Double = try await m.perform("price", on: "Catalog", with: ["id": "41"])
    #expect(p == 41.99)
    let l: Int = try await m.perform("load", on: "Catalog")
    #expect(l == 7)
    let s: String = try await m.perform("screen", on: "Catalog")
    #expect(s == "screen")
    print(m.catalog().jsonString())
    await withTaskGroup(of: Void.self) { g in
        for i in 0..<8 { g.addTask { for _ in 0..<1000 { let v: Double = try! await m.perform("price", on: "Catalog", with: ["id": i]); precondition(v == Double(i) + 0.99) } } }
    }
}
