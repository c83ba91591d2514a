public import MarketCore

extension BoardSnapshot {
    /// Whether everything a board is made of has come in or given up: each exchange's feed and
    /// the premium's reference read `live` (or `failed`), and the won–dollar rate has been read,
    /// has failed to be, or is off. What `snapshot` and `record` wait for before collecting.
    public var isUnderWay: Bool {
        let feeds = exchanges.map { self[$0].feed } + (reference.map { [$0.feed] } ?? [])
        let rate = premiumReference.forex != nil || premiumReference.forexProblem != nil
        return rate && feeds.allSatisfy { [.live, .failed].contains($0.state) }
    }
}
