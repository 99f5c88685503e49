import Mediator
import ModuleBFacade

extension Mediator.Gate {
    /// Open while a user is logged in: checkout links wait on it instead of failing.
    static let login: Mediator.Gate = "login"
}

/// Holds checkout until the user logs in: token gating as an interceptor, not inside the Cart
/// module. The link is not lost: logging in opens the gate and the held checkout continues.
struct LoginGate: MediatorInterceptor {
    let session: Session

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        guard call.target == Cart.checkout.target, call.action == Cart.checkout.action, !session.isLoggedIn else {
            return .proceed
        }
        return .hold(until: .login)
    }
}
