import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// The remote policy is checked where a call is about to run its handler, whatever door it came in
/// through and whoever redirected it: a remote call reaches only remote actions, and never sets a
/// native-only parameter (a closure, a token) from remote input.
@Suite("Remote policy on every door")
struct RemotePolicyTests {
    // MARK: Direct calls

    @Test("a remote call cannot set a native-only parameter through any door", arguments: RemoteDoor.allCases)
    func remoteCallCannotSetNativeOnlyParameter(door: RemoteDoor) async throws {
        let (mediator, log) = try walletMediator()
        #expect(try await door.pay(mediator, amount: 5, token: nil) == "paid 5")

        let error = await expectMediatorError(.reservedParameter) { try await door.pay(mediator, amount: 6, token: "evil") }
        #expect(error?.parameter == "token")
        #expect(error?.target == "Wallet")
        #expect(error?.action == "pay")
        #expect(log.entries == ["pay 5 token=none"])
    }

    @Test("a local call may set a native-only parameter, by contract or by name")
    func localCallMaySetNativeOnlyParameter() throws {
        let (mediator, log) = try walletMediator()
        #expect(try mediator.call(Wallet.pay, with: Payment(amount: 1, token: "typed")) == "paid 1")
        #expect(try mediator.perform("pay", on: "Wallet", with: ["amount": 2, "token": "named"], as: String.self) == "paid 2")
        #expect(log.entries == ["pay 1 token=typed", "pay 2 token=named"])
    }

    // MARK: Interceptor redirects

    @Test(
        "an interceptor redirect that keeps the parameters cannot carry a native-only value to the new action",
        arguments: RemoteDoor.allCases)
    func interceptorRedirectKeepingParametersIsChecked(door: RemoteDoor) async throws {
        let (mediator, log) = try walletMediator()
        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: nil)) }
        #expect(try await door.checkout(mediator, amount: 5, token: nil) == "paid 5")

        let error = await expectMediatorError(.reservedParameter) { try await door.checkout(mediator, amount: 6, token: "evil") }
        #expect(error?.parameter == "token")
        #expect(error?.action == "pay")
        #expect(log.entries == ["pay 5 token=none"])
    }

    @Test(
        "an interceptor redirect of a remote call cannot set a native-only parameter explicitly, while a local call's may",
        arguments: RemoteDoor.allCases)
    func interceptorRedirectWithExplicitParametersIsChecked(door: RemoteDoor) async throws {
        let (mediator, log) = try walletMediator()
        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: ["amount": 9, "token": "forged"])) }

        let error = await expectMediatorError(.reservedParameter) { try await door.checkout(mediator, amount: 5, token: nil) }
        #expect(error?.parameter == "token")
        #expect(log.entries.isEmpty)

        #expect(try mediator.call(Wallet.checkout, with: Checkout(amount: 5)) == "paid 9")
        #expect(log.entries == ["pay 9 token=forged"])
    }

    // MARK: Not-found handlers

    @Test("an unmatched-URL handler that forwards the query cannot set a native-only parameter")
    func unmatchedURLHandlerForwardingIsChecked() throws {
        let (mediator, log) = try walletMediator()
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                guard request.pathSegments.first == "legacy" else { return .notHandled }
                return .redirect(target: "Wallet", action: "pay", parameters: request.queryParameters)
            }
        }
        #expect(try mediator.open("shop://legacy/pay?amount=5", as: String.self) == "paid 5")

        let error = expectMediatorError(.reservedParameter) { try mediator.open("shop://legacy/pay?amount=6&token=evil") }
        #expect(error?.parameter == "token")
        #expect(log.entries == ["pay 5 token=none"])
    }

    @Test("the mediator's fallback handler that forwards the parameters cannot set a native-only parameter remotely")
    func fallbackHandlerForwardingIsChecked() async throws {
        let (mediator, log) = try walletMediator()
        mediator.configure {
            $0.fallback = { call, _ in
                guard call.target == "OldWallet" else { return .notHandled }
                return .redirect(target: "Wallet", action: call.action, parameters: call.parameters)
            }
        }
        // The unmatched-URL handler hands the URL to a retired target name, which the fallback forwards.
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                .redirect(target: "OldWallet", action: "pay", parameters: request.queryParameters)
            }
        }

        let byName = expectMediatorError(.reservedParameter) {
            try mediator.perform("pay", on: "OldWallet", with: ["amount": 5, "token": "evil"], source: .remote)
        }
        #expect(byName?.parameter == "token")
        let awaited = await expectMediatorError(.reservedParameter) {
            try await mediator.performAsync("pay", on: "OldWallet", with: ["amount": 5, "token": "evil"], source: .remote)
        }
        #expect(awaited?.parameter == "token")
        let byURL = expectMediatorError(.reservedParameter) { try mediator.open("shop://retired?amount=5&token=evil") }
        #expect(byURL?.parameter == "token")
        #expect(log.entries.isEmpty)

        #expect(try mediator.perform("pay", on: "OldWallet", with: ["amount": 5, "token": "mine"], as: String.self) == "paid 5")
        #expect(log.entries == ["pay 5 token=mine"])
    }

    @Test("a target's answer to an unknown action that forwards the parameters cannot set a native-only parameter remotely")
    func answerUnknownActionForwardingIsChecked() async throws {
        let (mediator, log) = try walletMediator()

        let byName = expectMediatorError(.reservedParameter) {
            try mediator.perform("legacyPay", on: "Wallet", with: ["amount": 5, "token": "evil"], source: .remote)
        }
        #expect(byName?.parameter == "token")
        let typed = expectMediatorError(.reservedParameter) {
            try mediator.call(Wallet.legacyPay, with: Payment(amount: 5, token: "evil"), source: .remote)
        }
        #expect(typed?.parameter == "token")
        let awaited = await expectMediatorError(.reservedParameter) {
            try await mediator.performAsync("legacyPay", on: "Wallet", with: ["amount": 5, "token": "evil"], source: .remote)
        }
        #expect(awaited?.parameter == "token")
        #expect(log.entries.isEmpty)

        #expect(
            try mediator.perform("legacyPay", on: "Wallet", with: ["amount": 5, "token": "mine"], as: String.self) == "paid 5")
        #expect(log.entries == ["pay 5 token=mine"])
    }

    @Test("a closure passed by a remote call is refused, naming its key, after a redirect")
    func remoteClosureIsRefusedAfterRedirect() throws {
        let (mediator, log) = try walletMediator()
        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: nil)) }
        mediator.configure {
            $0.fallback = { call, _ in .redirect(target: "Wallet", action: "pay", parameters: call.parameters) }
        }
        let completions = Completions()
        let completion = completions.closure

        let redirected = expectMediatorError(.reservedParameter) {
            try mediator.perform("checkout", on: "Wallet", with: ["amount": 5, "completion": completion], source: .remote)
        }
        #expect(redirected?.parameter == "completion")
        let forwarded = expectMediatorError(.reservedParameter) {
            try mediator.perform("pay", on: "Nowhere", with: ["amount": 5, "completion": completion], source: .remote)
        }
        #expect(forwarded?.parameter == "completion")
        #expect(completions.received.isEmpty)
        #expect(log.entries.isEmpty)
    }

    // MARK: The source never changes

    @Test(
        "a remote call redirected to a local action is refused, whoever redirects it; the same local call runs",
        arguments: Redirector.allCases)
    func remoteCallRedirectedToLocalActionIsRefused(redirector: Redirector) throws {
        let (mediator, log) = try walletMediator()
        let recorder = CallRecorder()
        redirector.install(on: mediator)
        mediator.configure { $0.interceptors.append(recorder) }

        let error = expectMediatorError(.remoteCallNotAllowed) { try redirector.remoteCall(mediator) }
        #expect(error?.target == "Wallet")
        #expect(error?.action == "refund")
        #expect(!log.entries.contains { $0.hasPrefix("refund") })
        #expect(!recorder.calls.isEmpty)
        #expect(recorder.calls.allSatisfy { $0.source == .remote })

        if let local = redirector.localCall {
            #expect(try local(mediator) == "refunded 5")
            #expect(log.entries == ["refund 5"])
        }
    }

    @Test("interceptors after a redirect and the fallback handler still see the call as remote")
    func redirectedRemoteCallStaysRemote() throws {
        let (mediator, _) = try walletMediator()
        let sources = Recording<MediatorCallSource>()
        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: nil)) }
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        mediator.configure {
            $0.fallback = { call, _ in
                sources.append(call.source)
                return .redirect(target: "Wallet", action: "checkout", parameters: call.parameters)
            }
        }

        // A fallback redirect happens after the interceptors ran: it reaches checkout itself.
        #expect(try mediator.perform("any", on: "Gone", with: ["amount": 3], source: .remote, as: String.self) == "checked out 3")
        #expect(try mediator.open("shop://checkout/4", as: String.self) == "paid 4")

        #expect(sources.all == [.remote])
        let redirected = recorder.calls.filter { $0.action == "pay" }
        #expect(redirected.count == 1)
        #expect(recorder.calls.allSatisfy { $0.source == .remote })
    }

    // MARK: Native values with a URL

    @Test("values passed natively with open(_:with:) reach native-only parameters, also after a redirect")
    func nativeValuesWithOpenAreAllowed() throws {
        let (mediator, log) = try walletMediator()
        let completions = Completions()

        #expect(try mediator.open("shop://pay/5", with: ["completion": completions.closure], as: String.self) == "paid 5")
        #expect(try mediator.open("shop://pay/6", with: ["token": "native"], as: String.self) == "paid 6")

        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: nil)) }
        #expect(try mediator.open("shop://checkout/7", with: ["completion": completions.closure], as: String.self) == "paid 7")
        mediator.configure { $0.interceptors.removeAll() }
        mediator.configure { $0.interceptors.append(RedirectCheckout(to: "pay", parameters: ["amount": 8])) }
        #expect(try mediator.open("shop://checkout/1", with: ["completion": completions.closure], as: String.self) == "paid 8")

        #expect(completions.received == [5, 7, 8])
        #expect(log.entries == ["pay 5 token=none", "pay 6 token=native", "pay 7 token=none", "pay 8 token=none"])
    }

    @Test("canOpen agrees with open about what a URL may reach", arguments: urlsAndVerdicts)
    func canOpenAgreesWithOpen(url: String, reachable: Bool) throws {
        let (mediator, _) = try walletMediator()
        #expect(mediator.canOpen(url) == reachable)
        let opened = Result { try mediator.open(url) }
        #expect(((try? opened.get()) != nil) == reachable, "open gave \(opened)")
    }

    private static let urlsAndVerdicts: [(String, Bool)] = [
        ("shop://pay/5", true),
        ("shop://Wallet/pay?amount=5", true),
        ("shop://checkout/5?token=fine-here", true),
        ("shop://pay/5?token=evil", false),
        ("shop://pay/5?completion=evil", false),
        ("shop://Wallet/pay?amount=5&token=evil", false),
        ("shop://Wallet/refund?amount=5", false),
    ]

    /// The ways a remote call enters the mediator.
    enum RemoteDoor: String, CaseIterable, Sendable {
        case typedCall, perform, performAsync, openPattern, openConvention

        /// Pays `amount` through this door, with `token` as remote input when given.
        fileprivate func pay(_ mediator: Mediator, amount: Int, token: String?) async throws -> String {
            switch self {
            case .typedCall:
                return try mediator.call(Wallet.pay, with: Payment(amount: amount, token: token), source: .remote)
            case .perform:
                return try mediator.perform(
                    "pay", on: "Wallet", with: Self.values(amount, token), source: .remote, as: String.self)
            case .performAsync:
                return try await mediator.performAsync(
                    "pay", on: "Wallet", with: Self.values(amount, token), source: .remote, as: String.self)
            case .openPattern:
                return try mediator.open("shop://pay/\(amount)" + (token.map { "?token=\($0)" } ?? ""), as: String.self)
            case .openConvention:
                return try mediator.open(
                    "shop://Wallet/pay?amount=\(amount)" + (token.map { "&token=\($0)" } ?? ""), as: String.self)
            }
        }

        /// Calls `Wallet.checkout` through this door, with `token` as remote input when given.
        fileprivate func checkout(_ mediator: Mediator, amount: Int, token: String?) async throws -> String {
            switch self {
            case .typedCall:
                return try mediator.call(Wallet.checkout, with: Checkout(amount: amount, token: token), source: .remote)
            case .perform:
                return try mediator.perform(
                    "checkout", on: "Wallet", with: Self.values(amount, token), source: .remote, as: String.self)
            case .performAsync:
                return try await mediator.performAsync(
                    "checkout", on: "Wallet", with: Self.values(amount, token), source: .remote, as: String.self)
            case .openPattern:
                return try mediator.open("shop://checkout/\(amount)" + (token.map { "?token=\($0)" } ?? ""), as: String.self)
            case .openConvention:
                return try mediator.open(
                    "shop://Wallet/checkout?amount=\(amount)" + (token.map { "&token=\($0)" } ?? ""), as: String.self)
            }
        }

        private static func values(_ amount: Int, _ token: String?) -> MediatorParameters {
            var values: MediatorParameters = ["amount": amount]
            values["token"] = token
            return values
        }
    }

    /// Everything that can send a call somewhere else, each sending a remote call to the local `Wallet.refund`.
    enum Redirector: String, CaseIterable, Sendable {
        case interceptor, fallbackHandler, targetUnknownAction, unmatchedURLHandler

        fileprivate func install(on mediator: Mediator) {
            switch self {
            case .interceptor:
                mediator.configure { $0.interceptors.append(RedirectCheckout(to: "refund", parameters: nil)) }
            case .fallbackHandler:
                mediator.configure {
                    $0.fallback = { call, _ in .redirect(target: "Wallet", action: "refund", parameters: call.parameters) }
                }
            case .targetUnknownAction:
                break
            case .unmatchedURLHandler:
                mediator.configure {
                    $0.unmatchedURLHandler = { request in
                        .redirect(target: "Wallet", action: "refund", parameters: request.queryParameters)
                    }
                }
            }
        }

        fileprivate func remoteCall(_ mediator: Mediator) throws -> String {
            switch self {
            case .interceptor:
                try mediator.perform("checkout", on: "Wallet", with: ["amount": 5], source: .remote, as: String.self)
            case .fallbackHandler:
                try mediator.perform("refund", on: "OldWallet", with: ["amount": 5], source: .remote, as: String.self)
            case .targetUnknownAction:
                try mediator.perform("legacyRefund", on: "Wallet", with: ["amount": 5], source: .remote, as: String.self)
            case .unmatchedURLHandler:
                try mediator.open("shop://old/refund?amount=5", as: String.self)
            }
        }

        /// The same redirect made by a local call, which may reach the local action; `nil` for URLs, which are always remote.
        fileprivate var localCall: (@Sendable (Mediator) throws -> String)? {
            switch self {
            case .interceptor:
                { try $0.perform("checkout", on: "Wallet", with: ["amount": 5], as: String.self) }
            case .fallbackHandler:
                { try $0.perform("refund", on: "OldWallet", with: ["amount": 5], as: String.self) }
            case .targetUnknownAction:
                { try $0.perform("legacyRefund", on: "Wallet", with: ["amount": 5], as: String.self) }
            case .unmatchedURLHandler:
                nil
            }
        }
    }
}

// MARK: - Fixtures

/// What the wallet's handlers did, in order, for one test.
private final class WalletLog: Sendable {
    private let recording = Recording<String>()
    func record(_ entry: String) { recording.append(entry) }
    var entries: [String] { recording.all }
}

/// The amounts completion closures were called with.
private final class Completions: Sendable {
    private let recording = Recording<Int>()
    var received: [Int] { recording.all }
    var closure: @Sendable (Int) -> Void { { [recording] amount in recording.append(amount) } }
}

/// A payment: the token and the completion are native-only, so no remote input may set them.
private struct Payment: MediatorInput {
    @Parameter var amount: Int
    @Parameter(native: "") var token: String?
    @Parameter(native: "") var completion: (@Sendable (Int) -> Void)?

    init(amount: Int, token: String? = nil, completion: (@Sendable (Int) -> Void)? = nil) {
        self.amount = amount
        self.token = token
        self.completion = completion
    }

    init() {}
}

/// The remote entry action's input: here `token` is an ordinary parameter a URL may carry.
private struct Checkout: MediatorInput {
    @Parameter var amount: Int
    @Parameter var token: String?

    init(amount: Int, token: String? = nil) {
        self.amount = amount
        self.token = token
    }

    init() {}
}

private enum Wallet {
    static let pay = ActionContract<Payment, String>("pay", on: "Wallet")
    static let checkout = ActionContract<Checkout, String>("checkout", on: "Wallet")
    static let refund = ActionContract<Payment, String>("refund", on: "Wallet")
    /// Not declared: the target's `answerUnknownAction` forwards it to `pay`.
    static let legacyPay = ActionContract<Payment, String>("legacyPay", on: "Wallet")
}

private struct WalletTarget: MediatorTarget {
    static let targetName = "Wallet"
    let log: WalletLog

    static let actions: [MediatorAction<WalletTarget>] = [
        MediatorAction(Wallet.pay, exposure: .remote, urlPatterns: ["/pay/:amount"]) { target, input in
            target.log.record("pay \(input.amount) token=\(input.token ?? "none")")
            input.completion?(input.amount)
            return "paid \(input.amount)"
        },
        MediatorAction(Wallet.checkout, exposure: .remote, urlPatterns: ["/checkout/:amount"]) { target, input in
            target.log.record("checkout \(input.amount)")
            return "checked out \(input.amount)"
        },
        MediatorAction(Wallet.refund) { target, input in
            target.log.record("refund \(input.amount)")
            return "refunded \(input.amount)"
        },
    ]

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        switch action {
        case "legacyPay": .redirect(target: "Wallet", action: "pay", parameters: parameters)
        case "legacyRefund": .redirect(target: "Wallet", action: "refund", parameters: parameters)
        default: .notHandled
        }
    }
}

private func walletMediator() throws -> (Mediator, WalletLog) {
    let mediator = Mediator()
    let log = WalletLog()
    try mediator.register(WalletTarget(log: log))
    mediator.registerScheme("shop")
    return (mediator, log)
}

/// Redirects every call to `Wallet.checkout` to another Wallet action.
private struct RedirectCheckout: MediatorInterceptor {
    let to: String
    let parameters: MediatorParameters?

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        guard call.target == "Wallet", call.action == "checkout" else { return .proceed }
        return .redirect(target: "Wallet", action: to, parameters: parameters)
    }
}
