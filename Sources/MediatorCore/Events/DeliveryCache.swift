/// The delivery lists one registry snapshot has bound, by event key number: a later broadcast of
/// the same event in the same snapshot binds nothing again, and finds its list without a lock.
///
/// Per snapshot, not per set of targets: releasing kept instances makes a new snapshot, and with it
/// an empty cache, so no list outlives the instances it was bound to.
///
/// Reading takes no lock: `current` holds the address of the newest `Lists`, replaced whole when a
/// list is stored. Invariant: every `Lists` ever published stays in `published` until the cache is
/// deinitialized, so an address loaded from `current` always names a live object for as long as the
/// reader holds the cache (a broadcast holds its snapshot, which holds the cache).
final class DeliveryCache: @unchecked Sendable {
    // @unchecked: `published` is read and written only while `lock` is held (a leaf, held only to
    // publish a list; lists are built outside it); `current` is atomic; lists are immutable.
    /// The lists by event key number; `nil` where none is bound.
    private final class Lists: Sendable {
        let lists: [DeliveryList?]
        init(_ lists: [DeliveryList?]) { self.lists = lists }
    }

    private let current = AtomicWord()
    private let lock = Lock()
    private var published: [Lists] = []

    /// The complete list bound for an event, if one is.
    func list(for key: EventKey) -> DeliveryList? {
        let address = current.load()
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        let lists = Unmanaged<Lists>.fromOpaque(pointer).takeUnretainedValue().lists
        return key.index < lists.count ? lists[key.index] : nil
    }

    /// Keeps a complete list for the rest of the snapshot; the first stored wins.
    func store(_ list: DeliveryList, for key: EventKey) {
        lock.lock()
        defer { lock.unlock() }
        var lists = published.last?.lists ?? []
        if key.index < lists.count, lists[key.index] != nil { return }
        if key.index >= lists.count { lists += Array(repeating: nil, count: key.index + 1 - lists.count) }
        lists[key.index] = list
        let next = Lists(lists)
        published.append(next)
        current.store(UInt(bitPattern: Unmanaged.passUnretained(next).toOpaque()))
    }
}
