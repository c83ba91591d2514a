import MarketCore

/// The arrays a codec reads one frame's book levels, changes and trades into, kept for the
/// next frame. An event shares its array with this storage; once that event is gone (the
/// caller emptied its result or applied and dropped it), the array is the storage's alone and
/// is emptied and filled again in place, so a steady stream allocates nothing. While an event
/// still holds one, filling it copies first, as any array would.
struct DecodeStorage {
    private var asks: [BookLevel] = []
    private var bids: [BookLevel] = []
    private var changes: [BookChange] = []
    private var trades: [Trade] = []

    /// Reads the sides of one whole book: `fill` appends asks and bids to the empty arrays it
    /// is given.
    mutating func bookSides(
        _ fill: (inout [BookLevel], inout [BookLevel]) throws(WireError) -> Void
    ) throws(WireError) -> (asks: [BookLevel], bids: [BookLevel]) {
        asks.removeAll(keepingCapacity: true)
        bids.removeAll(keepingCapacity: true)
        try fill(&asks, &bids)
        return (asks, bids)
    }

    /// Reads one frame's changes to a book: `fill` appends them to the empty array it is given.
    mutating func bookChanges(_ fill: (inout [BookChange]) throws(WireError) -> Void) throws(WireError) -> [BookChange] {
        try Self.refill(&changes, fill)
    }

    /// Reads one frame's trades: `fill` appends them to the empty array it is given.
    mutating func trades(_ fill: (inout [Trade]) throws(WireError) -> Void) throws(WireError) -> [Trade] {
        try Self.refill(&trades, fill)
    }

    private static func refill<Element>(
        _ array: inout [Element], _ fill: (inout [Element]) throws(WireError) -> Void
    ) throws(WireError) -> [Element] {
        array.removeAll(keepingCapacity: true)
        try fill(&array)
        return array
    }
}
