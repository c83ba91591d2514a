extension Sequence {
    /// The elements in order, each key kept at its first appearance, in linear time.
    public func removingRepeats<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen: Set<Key> = []
        return filter { seen.insert(key($0)).inserted }
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each kept at its first appearance, in linear time.
    public func removingRepeats() -> [Element] {
        removingRepeats { $0 }
    }
}
