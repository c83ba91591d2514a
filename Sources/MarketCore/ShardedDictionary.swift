/// A dictionary kept in ``shardCount`` smaller ones, each key in the one its hash picks, so that
/// changing a copy copies only the shard the change falls in.
///
/// The market state hands its tables to every snapshot it publishes, thirty times a second,
/// and changes a few markets' entries in between: a plain dictionary still shared with the
/// snapshot is copied whole on the first change, every entry of every market, while here the
/// first change copies the list of shards and the one shard it falls in.
public struct ShardedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How many shards a dictionary with entries keeps: a power of two.
    public static var shardCount: Int { 32 }

    /// The shards, none until the first entry.
    @usableFromInline var shards: [[Key: Value]]

    /// An empty dictionary.
    public init() {
        shards = []
    }

    /// The entries of `dictionary`.
    public init(_ dictionary: [Key: Value]) {
        shards = []
        for (key, value) in dictionary { self[key] = value }
    }

    /// The shard `key` belongs in: the top bits of its hash (a `Dictionary` places keys by other
    /// bits, seeded apart).
    @inlinable
    static func shard(of key: Key) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: key.hashValue) >> UInt(UInt.bitWidth - shardCount.trailingZeroBitCount))
    }

    /// The value for `key`, `nil` when there is none; setting `nil` removes it.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { shards.isEmpty ? nil : shards[Self.shard(of: key)][key] }
        set {
            if shards.isEmpty {
                guard newValue != nil else { return }
                shards = Array(repeating: [:], count: Self.shardCount)
            }
            shards[Self.shard(of: key)][key] = newValue
        }
    }

    /// The value for `key`, or `defaultValue` (which a change through this subscript stores).
    @inlinable
    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            if shards.isEmpty { shards = Array(repeating: [:], count: Self.shardCount) }
            yield &shards[Self.shard(of: key)][key, default: defaultValue()]
        }
    }

    /// The number of entries.
    public var count: Int { shards.reduce(0) { $0 + $1.count } }

    /// Whether there is no entry.
    public var isEmpty: Bool { shards.allSatisfy(\.isEmpty) }

    /// The keys, shard by shard.
    public var keys: some Collection<Key> { shards.lazy.flatMap(\.keys) }

    /// The values, in the order of ``keys``.
    public var values: some Collection<Value> { shards.lazy.flatMap(\.values) }
}

extension ShardedDictionary: ExpressibleByDictionaryLiteral {
    /// The entries listed; a key listed twice is a programming error, as for `Dictionary`.
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension ShardedDictionary: Equatable where Value: Equatable {
    /// The same keys with equal values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.shards.joined().allSatisfy { rhs[$0.key] == $0.value }
    }
}
