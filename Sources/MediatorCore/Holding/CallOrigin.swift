/// How a call came in, kept with it so a hold can replay it from the start.
enum CallOrigin: Sendable {
    /// By name, or by contract: the call's own first names are the ones it runs again with.
    case names(contract: ContractKey? = nil)
    /// As a URL, with the native values its caller passed along.
    case url(String, native: [String: any Sendable])
    /// As a broadcast of an event: its key, its exposure as the broadcaster's value declares it
    /// (which may narrow what the registered subscriptions allow, never widen it), and the one
    /// target a test double limits it to, if any.
    case event(EventKey, exposure: MediatorExposure, onlyTo: String?)
}
