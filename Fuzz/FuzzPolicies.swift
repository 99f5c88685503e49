// The fuzz target's steps for values built field by field (issue 28): policies and options whose
// limits must hold where they are applied, and typed inputs whose optionals a typed initializer
// leaves out. Properties, each a crash (`fail`) with the input saved by libFuzzer:
// 7. A hold policy and URL options built field by field from the input's bytes (any capacity, age
//    or length, negative and huge included) applied while links are held: nothing crashes, the
//    limits read back within their documented bounds, and no more calls stay held than the capacity.
// 8. A typed call with an input whose initializer set only its id reads every optional `@Parameter`
//    (native or converted) as `nil`, and returns the id.

import Foundation
import Mediator
@testable import MediatorCore

/// A mediator whose `ready` gate is closed, so the URLs the policy step opens are held.
let fuzzPolicyMediator: Mediator = {
    let mediator = Mediator()
    mediator.gates.close(.ready)
    return mediator
}()

extension FuzzCase {
    /// Applies a hold policy and URL options built field by field from the input's first bytes, with
    /// the input held, and checks the limits that apply (property 7).
    func applyPoliciesFieldByField() {
        let bytes = Array(url.utf8.prefix(8))
        guard bytes.count == 8 else { return }
        let mediator = fuzzPolicyMediator
        defer {
            mediator.gates.cancelHeldCalls()
            mediator.configure { $0.holdPolicy = Mediator.HoldPolicy() }
            mediator.configure { $0.urlOptions = Mediator.URLOptions() }
        }
        _ = try? mediator.open(url)
        _ = try? mediator.open(url + "#again")
        func signed(_ low: UInt8, _ high: UInt8) -> Int { Int(Int16(bitPattern: UInt16(high) << 8 | UInt16(low))) }
        var policy = Mediator.HoldPolicy()
        policy.capacity = signed(bytes[0], bytes[1]) * (bytes[2] & 1 == 0 ? 1 : 64)
        policy.maximumAge = .seconds(signed(bytes[3], bytes[4]))
        policy.coalescesIdenticalURLs = bytes[2] & 2 == 0
        mediator.configure { $0.holdPolicy = policy }
        let applied = mediator.settings.holdPolicy
        guard (0...Mediator.HoldPolicy.maximumCapacity).contains(applied.capacity), applied.maximumAge >= .zero else {
            fail("a hold policy built field by field was applied out of bounds: \(applied)", url: url)
        }
        guard mediator.gates.heldCalls.count <= applied.capacity else {
            fail("\(mediator.gates.heldCalls.count) calls stay held over a capacity of \(applied.capacity)", url: url)
        }
        var options = Mediator.URLOptions()
        options.maximumLength = signed(bytes[5], bytes[6]) * (bytes[7] & 1 == 0 ? 1 : 1_000_000)
        mediator.configure { $0.urlOptions = options }
        guard mediator.settings.urlOptions.maximumLength >= 0 else {
            fail("URL options built field by field kept a negative length: \(mediator.settings.urlOptions)", url: url)
        }
        do {
            _ = try mediator.open(url)
        } catch let error as MediatorError {
            checkDescription(of: error, step: "open under options built field by field")
        } catch {
            fail("open under options built field by field threw a non-MediatorError: \(error)", url: url)
        }
        fuzzStats.count("policies built field by field")
    }

    /// Calls the typed item action with an input whose initializer set only the id the URL carried,
    /// and checks every optional reads `nil` (property 8).
    func callWithOptionalsLeftOut(_ opened: FuzzItemInput) {
        do {
            let answer = try mediator.call(FuzzTyped.item, with: FuzzItemInput(onlyID: opened.id))
            let allNil =
                answer.done == nil && answer.name == nil && answer.tab == nil && answer.tags == nil && answer.price == nil
            guard answer.id == opened.id, allNil else {
                fail("a typed input with only its id set came back as \(shown(String(describing: answer)))", url: url)
            }
            fuzzStats.count("typed call, optionals left out")
        } catch let error as MediatorError {
            checkDescription(of: error, step: "typed call with optionals left out")
            fail("a typed call with only the id set failed: \(shown(error.description))", url: url)
        } catch {
            fail("a typed call with only the id set threw a non-MediatorError: \(error)", url: url)
        }
    }
}
