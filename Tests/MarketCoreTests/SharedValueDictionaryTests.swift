import MarketCore
import Testing

@Suite struct SharedValueDictionaryTests {
    @Test func aCopyKeepsItsValuesWhileTheOriginalChanges() {
        var state: SharedValueDictionary<String, [Int]> = ["a": [1], "b": [2, 2]]
        let published = state
        state["a"] = [10]
        state["b"] = nil
        state["c"] = [3]
        #expect(published["a"] == [1] && published["b"] == [2, 2] && published["c"] == nil)
        #expect(state["a"] == [10] && state["b"] == nil && state["c"] == [3])
        #expect(published.count == 2 && state.count == 2 && !state.isEmpty && SharedValueDictionary<String, Int>().isEmpty)
        #expect(Set(state.keys) == ["a", "c"] && Set(state.values) == [[10], [3]])
    }

    @Test func equalWhenTheSameKeysHoldEqualValuesWhetherSharedOrNot() {
        let plain = ["x": 1, "y": 2]
        var shared = SharedValueDictionary(plain)
        let copy = shared
        #expect(shared == copy && shared == SharedValueDictionary(plain) && shared == ["y": 2, "x": 1])
        shared["y"] = 3
        #expect(shared != copy && shared != ["x": 1] && shared != ["x": 1, "z": 2])
        shared["y"] = 2
        #expect(shared == copy)
    }
}
