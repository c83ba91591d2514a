/// A dictionary whose values are each held in a box of their own, so that a copy shares them:
/// copying it, or changing a copy that a published snapshot still holds, copies a pointer a
/// key, not every value.
///
/// The market state publishes its tickers thirty times a second and changes a few of them in
/// between; a ticker is hundreds of bytes, and a plain dictionary copied whole on the first
/// change after each publication moves a quarter of a megabyte each time. The boxes are kept
/// in a ``ShardedDictionary``, so that change copies the pointers of one shard only.
public struct SharedValueDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One value, shared by every copy of the dictionary that holds it.
    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let value: Value

        @inlinable
        init(_ value: Value) {
            self.value = value
        }
    }

    @usableFromInline var boxes: ShardedDictionary<Key, Box>

    /// An empty dictionary.
    public init() {
        boxes = [:]
    }

    /// The entries of `values`.
    public init(_ values: [Key: Value]) {
        boxes = ShardedDictionary(values.mapValues(Box.init))
    }

    /// The value for `key`, `nil` when there is none; setting `nil` removes it.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { boxes[key]?.value }
        set { boxes[key] = newValue.map(Box.init) }
    }

    /// The number of entries.
    public var count: Int { boxes.count }

    /// Whether there is no entry.
    public var isEmpty: Bool { boxes.isEmpty }

    /// The keys, in the dictionary's order.
    public var keys: some Collection<Key> { boxes.keys }

    /// The values, in the order of ``keys``.
    public var values: some Collection<Value> { boxes.values.lazy.map(\.value) }
}

extension SharedValueDictionary: ExpressibleByDictionaryLiteral {
    /// The entries listed; a key listed twice is a programming error, as for `Dictionary`.
    public init(dictionaryLiteral elements: (Key, Value)...) {
        boxes = ShardedDictionary(Dictionary(uniqueKeysWithValues: elements.lazy.map { ($0, Box($1)) }))
    }
}

extension SharedValueDictionary: Equatable where Value: Equatable {
    /// The same keys with equal values; a box shared by both is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.boxes.count == rhs.boxes.count else { return false }
        for (key, box) in lhs.boxes.shards.joined() {
            guard let other = rhs.boxes[key], box === other || box.value == other.value else { return false }
        }
        return true
    }
}
