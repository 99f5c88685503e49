/// The names of the gates that are open: a few (`ready`, a login gate), so a linear scan compares
/// names (equal strings are usually the same bits, compared in a word or two) where a set would
/// hash the name on every check: an interceptor that holds each call on an open gate asks this once
/// per call (`Mediator.Gates.isOpen`).
struct OpenGates {
    private var names: [String]

    init(_ names: [String]) { self.names = names }

    /// Whether the gate named `name` is open.
    func contains(_ name: String) -> Bool {
        for index in names.indices where names[index] == name { return true }
        return false
    }

    /// Opens the gate named `name`.
    mutating func insert(_ name: String) {
        if !contains(name) { names.append(name) }
    }

    /// Closes the gate named `name`.
    mutating func remove(_ name: String) {
        names.removeAll { $0 == name }
    }
}
