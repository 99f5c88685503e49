// Heap kept, as glibc counts it: bytes in use (`mallinfo2()`'s `uordblks + hblkhd`: the mapped
// blocks too, which hold every large table) after the work less before,
// divided by what was made. Not a malloc/free difference: what was freed is not counted, and what
// is kept is counted whoever allocated it. Scenarios (run directly, not under valgrind):
//   heapRoutes100 heapRoutes10000        register N targets with a route each + the first open, per target
//   heapRoutingKit100 heapRoutingKit10000  RoutingKit's TrieRouter registering the same N patterns, per route
//   heapHeld1000                         1,000 distinct links held at the `ready` gate, per link
import CHeapInUse
import Mediator
import RoutingKit

/// Bytes in use on the heap now; 0 where glibc's `mallinfo2` is not available.
func heapInUse() -> Int {
    Int(heap_in_use())
}

/// Heap kept per unit by the work `make` does, which returns what it built (kept alive until measured).
func heapKept(per units: Int, _ make: () -> AnyObject) -> Double {
    let before = heapInUse()
    let made = make()
    let after = heapInUse()
    withExtendedLifetime(made) {}
    return Double(after - before) / Double(units)
}

/// Runs a heap scenario; `nil` when `scenario` is not one.
func heapScenario(_ scenario: String) -> Double? {
    switch scenario {
    case "heapRoutes100", "heapRoutes10000":
        let count = Int(scenario.dropFirst("heapRoutes".count)) ?? 100
        let targets = routedTargets(count)
        let url = "shop://c\(count / 2)/42?ref=push"
        return heapKept(per: count) {
            let mediator = routedMediator(targets)
            _ = try? mediator.open(url, as: Int.self)
            return mediator
        }
    case "heapRoutingKit100", "heapRoutingKit10000":
        let count = Int(scenario.dropFirst("heapRoutingKit".count)) ?? 100
        let paths = (0..<count).map { index -> [PathComponent] in [.constant("c\(index)"), .parameter("id")] }
        return heapKept(per: count) {
            let router = TrieRouter(Int.self)
            for (index, path) in paths.enumerated() { router.register(index, at: path) }
            return router
        }
    case "heapHeld1000":
        let holding = holdingMediator(others: 0, intercepting: false)
        return heapKept(per: 1_000) {
            for index in 0..<1_000 { _ = try? holding.open("shop://c\(index % 100)/\(index)?ref=push", as: Int.self) }
            return holding
        }
    default:
        return nil
    }
}
