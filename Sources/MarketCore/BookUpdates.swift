/// How a feed delivers order books.
public enum BookUpdates: Sendable, Hashable {
    /// Every book message is a whole book (Bithumb 2.0, Upbit).
    case wholeBooks
    /// Book messages are level changes without sequence numbers (Bithumb legacy), kept
    /// correct with ``BookSync`` against REST snapshots of `snapshotDepth` levels a side.
    case deltas(snapshotDepth: Int)
}
