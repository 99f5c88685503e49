import Mediator
import ModuleBFacade

/// Rejects checkout until the user logs in: token gating as an interceptor, not inside the Cart module.
struct LoginGate: MediatorInterceptor {
    let session: Session

    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        guard call.target == Cart.checkout.target, call.action == Cart.checkout.action, !session.isLoggedIn else {
            return .proceed
        }
        return .reject(reason: "log in first (open shop://login)")
    }
}
