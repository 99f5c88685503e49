// Held links for the profile. Each link is held at the `ready` gate (closed) and continued when it
// opens; the profile waits for the last one to finish.
//   hold1 / hold1000     one link held and continued per opening of `ready`, with 0 or 999 other
//                        links held meanwhile on another gate (an interceptor holds links to `T99`
//                        on `later`, which never opens; installed in both, so only the count differs)
//   holdBatch1000        1,000 links held, then continued by one opening, per link (no interceptor)
import Dispatch
import Mediator

/// Holds the calls to `T99` until the gate `later`, which the profile never opens.
struct HoldLater: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.target == "T99" ? .hold(until: "later") : .proceed
    }
}

/// A mediator under `shop://` with the 100 routed targets of `open`, holding at most 1,000 calls,
/// with `others` links held on `later` (and the interceptor that holds them when `others` > 0),
/// and `ready` closed, so every URL opened is held at its door.
func holdingMediator(others: Int, intercepting: Bool) -> Mediator {
    let holding = routedMediator(routedTargets(100))
    holding.configure { settings in
        settings.holdPolicy.capacity = 1_000  // the most a hold policy allows
        if intercepting { settings.interceptors = [HoldLater()] }
    }
    _ = try? holding.open("shop://c50/42?ref=push", as: Int.self)
    for index in 0..<others { _ = try? holding.open("shop://c99/\(index)", as: Int.self) }
    holding.gates.close(.ready)
    return holding
}

/// Holds each link of `urls` (distinct, so none joins another), opens `ready` and waits until the
/// last one continued: they continue in order, so every one has by then.
/// - Returns: The sum of the continued links' results.
func holdAndContinue(_ urls: [String], on holding: Mediator) -> Int {
    var last: MediatorHold?
    for url in urls {
        do { _ = try holding.open(url, as: Int.self) } catch let error as MediatorError { last = error.hold } catch {}
    }
    holding.gates.open(.ready)
    let finished = DispatchSemaphore(value: 0)
    let result = ResultBox()
    if let last {
        Task.detached {
            result.value = (try? await last.value()) as? Int ?? 0
            finished.signal()
        }
        finished.wait()
    }
    holding.gates.close(.ready)
    return result.value
}

/// The result a waiting task hands the profile's thread, read after the semaphore it signals.
final class ResultBox: @unchecked Sendable {  // written before `signal`, read after `wait`: ordered by the semaphore
    var value = 0
}

/// `count` links held and continued in batches of `batch`, with `others` held meanwhile, after one
/// batch made in both runs (so the continuing task's threads exist before the measured run).
/// - Returns: The sum of the results, and the mediator (kept until the process exits: no teardown counted).
func holdScenario(batch: Int, others: Int, intercepting: Bool, count: Int) -> (sum: Int, mediator: Mediator) {
    let holding = holdingMediator(others: others, intercepting: intercepting)
    let urls = (0..<batch).map { "shop://c\($0 % 99)/\($0)?ref=push" }
    var sum = holdAndContinue(urls, on: holding)
    for _ in 0..<(count / batch) { sum &+= holdAndContinue(urls, on: holding) }
    return (sum, holding)
}
