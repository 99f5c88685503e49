import MediatorNavigation
import Testing

/// Pushed entries, root first.
private func pushed(_ destinations: NavigationDestination...) -> [NavigationEntry] {
    destinations.map { NavigationEntry($0) }
}

@Suite("A plan applied as a difference")
struct NavigationPlanTests {
    private let reviews42 = NavigationPlan([To.list, To.product(42), To.reviews(42)])

    @Test("from an empty stack (cold start): the root, then each destination pushed")
    func fromNothing() {
        #expect(reviews42.steps(from: []) == [.replaceRoot(To.list), .push(To.product(42)), .push(To.reviews(42))])
    }

    @Test("already there: no step")
    func alreadyThere() {
        #expect(reviews42.steps(from: pushed(To.list, To.product(42), To.reviews(42))).isEmpty)
    }

    @Test("partly there: the common prefix stays and only what is missing is pushed")
    func partlyThere() {
        #expect(reviews42.steps(from: pushed(To.list, To.product(42))) == [.push(To.reviews(42))])
    }

    @Test("a modal open over the prefix is dismissed before the missing screens are pushed")
    func modalOpen() {
        let current = pushed(To.list, To.product(42)) + [NavigationEntry(To.sheet(42), isPresented: true)]
        #expect(reviews42.steps(from: current) == [.dismiss(To.sheet(42)), .push(To.reviews(42))])
    }

    @Test("a modal with screens pushed inside it: those are popped, then it is dismissed, top first")
    func modalWithPushes() {
        let current = pushed(To.list) + [NavigationEntry(To.sheet(1), isPresented: true)] + pushed(To.product(1))
        #expect(
            reviews42.steps(from: current) == [
                .pop(To.product(1)), .dismiss(To.sheet(1)), .push(To.product(42)), .push(To.reviews(42)),
            ])
    }

    @Test("deeper than the plan: the screens above it are popped, top first")
    func deeper() {
        let plan = NavigationPlan([To.list, To.product(42)])
        #expect(plan.steps(from: pushed(To.list, To.product(42), To.reviews(42))) == [.pop(To.reviews(42))])
    }

    @Test("shallower than the plan: the missing screens are pushed")
    func shallower() {
        #expect(reviews42.steps(from: pushed(To.list)) == [.push(To.product(42)), .push(To.reviews(42))])
    }

    @Test("the same screen with other parameters is another screen: popped and pushed")
    func otherParameters() {
        #expect(
            reviews42.steps(from: pushed(To.list, To.product(7), To.reviews(7))) == [
                .pop(To.reviews(7)), .pop(To.product(7)), .push(To.product(42)), .push(To.reviews(42)),
            ])
        #expect(To.product(7) != To.product(42))
        #expect(To.product(42) == To.product(42))
        #expect(Set([To.product(42), To.product(42), To.product(7)]).count == 2)
    }

    @Test("another root: what is presented is dismissed, then the root is replaced")
    func otherRoot() {
        let current = pushed(To.product(1), To.reviews(1)) + [NavigationEntry(To.sheet(1), isPresented: true)]
        #expect(
            reviews42.steps(from: current) == [
                .dismiss(To.sheet(1)), .replaceRoot(To.list), .push(To.product(42)), .push(To.reviews(42)),
            ])
    }

    @Test("a presented plan presents its last destination; one already pushed is not a match")
    func presented() {
        let plan = NavigationPlan([To.list, To.product(42), To.sheet(42)], presentation: .present)
        #expect(plan.steps(from: pushed(To.list, To.product(42))) == [.present(To.sheet(42))])
        #expect(plan.steps(from: pushed(To.list, To.product(42), To.sheet(42))) == [.pop(To.sheet(42)), .present(To.sheet(42))])
    }

    @Test("replaceRoot rebuilds the stack even where it matches, unless it already is the plan's")
    func replaceRoot() {
        let plan = NavigationPlan([To.list, To.product(42)], presentation: .replaceRoot)
        #expect(plan.steps(from: pushed(To.list, To.product(1))) == [.replaceRoot(To.list), .push(To.product(42))])
        #expect(plan.steps(from: pushed(To.list, To.product(42))).isEmpty)
    }

    @Test("applying the steps to the stack gives the plan's entries, whatever the stack was")
    func stepsReachThePlan() {
        let stacks: [[NavigationEntry]] = [
            [], pushed(To.list), pushed(To.staff, To.product(3)),
            pushed(To.list, To.product(42)) + [NavigationEntry(To.sheet(42), isPresented: true)] + pushed(To.reviews(1)),
            pushed(To.list, To.product(42), To.reviews(42), To.product(8)),
        ]
        let plans = [reviews42, NavigationPlan([To.list, To.sheet(2)], presentation: .present), NavigationPlan([To.staff])]
        for plan in plans {
            for stack in stacks {
                var applied = stack
                for step in plan.steps(from: stack) {
                    switch step {
                    case .dismiss, .pop: applied.removeLast()
                    case .replaceRoot(let destination): applied = [NavigationEntry(destination)]
                    case .push(let destination): applied.append(NavigationEntry(destination))
                    case .present(let destination): applied.append(NavigationEntry(destination, isPresented: true))
                    }
                }
                #expect(applied == plan.entries, "\(plan) from \(stack)")
            }
        }
    }
}
