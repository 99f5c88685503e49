/// The names of the gates that are open: a few (`ready`, a login gate), so a linear scan compares
/// names (equal strings are usually the same bits, compared in a word or two) where a set would
/// hash the name on every check: an interceptor that holds each call on an open gate asks this once
/// per call (`Mediator.Gates.isOpen`).
struct OpenGates {
    private var names: [String]

    init(_ names: [String]) { self.names = names }

    /// Whether the gate named `name` is open. Names stored identically (the same literal, the
    /// same string passed on) are found first without comparing characters; `==` decides the rest.
    @inline(__always)
    func contains(_ name: String) -> Bool {
        names.withUnsafeBufferPointer { open in
            for index in open.indices where NameComparison.identicalRepresentation(open[index], name) { return true }
            for index in open.indices where open[index] == name { return true }
            return false
        }
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
