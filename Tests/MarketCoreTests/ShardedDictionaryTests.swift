import Testing

@testable import MarketCore

@Suite struct ShardedDictionaryTests {
    /// Random sets, removals and changes in place through the default subscript, against a
    /// `Dictionary` doing the same: the same entries after every step.
    @Test func holdsWhatADictionaryHolds() {
        var random = SeededGenerator(seed: 0x5A4D)
        var sharded = ShardedDictionary<Int, Int>()
        var plain: [Int: Int] = [:]
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<600, using: &random)
            switch step % 4 {
            case 0, 1:
                let value = Int.random(in: 0..<1_000, using: &random)
                sharded[key] = value
                plain[key] = value
            case 2:
                sharded[key] = nil
                plain[key] = nil
            default:
                sharded[key, default: 7] += 1
                plain[key, default: 7] += 1
            }
            #expect(sharded[key] == plain[key])
        }
        #expect(sharded.count == plain.count && !sharded.isEmpty)
        #expect(Set(sharded.keys) == Set(plain.keys))
        #expect(Dictionary(uniqueKeysWithValues: zip(sharded.keys, sharded.values)) == plain)
        #expect(sharded == ShardedDictionary(plain))
        sharded[plain.keys.first!]! += 1
        #expect(sharded != ShardedDictionary(plain))
    }

    /// A copy changed at one key leaves every other shard shared with the original: the change
    /// copied one shard, not the whole table.
    @Test func changingACopyCopiesOneShard() {
        var original = ShardedDictionary<Int, Int>()
        for key in 0..<1_000 { original[key] = key }
        var copy = original
        copy[17] = -1
        let shard = ShardedDictionary<Int, Int>.shard(of: 17)
        let kept = (0..<ShardedDictionary<Int, Int>.shardCount).filter { index in
            Self.storage(of: original.shards[index]) == Self.storage(of: copy.shards[index])
        }
        #expect(kept == Array((0..<ShardedDictionary<Int, Int>.shardCount).filter { $0 != shard }))
        #expect(original[17] == 17 && copy[17] == -1)
        #expect(original.shards.allSatisfy { !$0.isEmpty }, "1,000 keys fall in every shard")
    }

    /// An empty dictionary keeps no shards, and removing from it keeps none either.
    @Test func anEmptyDictionaryKeepsNoShards() {
        var empty = ShardedDictionary<Int, Int>()
        empty[3] = nil
        #expect(empty.shards.isEmpty && empty.isEmpty && empty.count == 0 && empty[3] == nil)
        #expect(empty == [:])
    }

    /// The address of a dictionary's storage: equal for two dictionaries that share it.
    private static func storage(of dictionary: [Int: Int]) -> UInt {
        unsafeBitCast(dictionary, to: UInt.self)
    }
}
