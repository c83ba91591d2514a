public import MarketCore

/// Merges one instance's change to the watchlist into what another instance saved meanwhile,
/// so two running dashboards lose no update.
///
/// `base` is what both started from (what this instance last loaded or saved), `ours` what this
/// instance's user wants now, `theirs` what the file holds now. Additions on either side are
/// kept and removals on either side are honoured. If our user reordered the favorites, our
/// order wins; otherwise theirs is kept and our additions go at the end. Alerts are matched by
/// id: one we changed (edited, fired, armed again) takes our version, one we left alone takes
/// theirs.
public enum WatchlistMerge {
    /// The merged watchlist.
    public static func merge(base: Watchlist, ours: Watchlist, theirs: Watchlist) -> Watchlist {
        Watchlist(
            favorites: merge(base: base.favorites, ours: ours.favorites, theirs: theirs.favorites),
            alerts: merge(base: base.alerts, ours: ours.alerts, theirs: theirs.alerts))
    }

    /// The merged alerts: theirs in their order with our changes and removals applied, then the
    /// ones we added.
    public static func merge(base: [PriceAlert], ours: [PriceAlert], theirs: [PriceAlert]) -> [PriceAlert] {
        mergeByID(base: base, ours: ours, theirs: theirs)
    }

    /// Items matched by id: theirs in their order, each one we changed in our version, each one
    /// we removed left out, then the ones we added; no id twice.
    static func mergeByID<Item: Identifiable & Equatable>(base: [Item], ours: [Item], theirs: [Item]) -> [Item] {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ourByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirIDs = Set(theirs.map(\.id))
        var merged: [Item] = []
        for item in theirs {
            let ourItem = ourByID[item.id]
            let weRemoved = ourItem == nil && baseByID[item.id] != nil
            if weRemoved { continue }
            if let ourItem, ourItem != baseByID[item.id] {
                merged.append(ourItem)
            } else {
                merged.append(item)
            }
        }
        merged += ours.filter { baseByID[$0.id] == nil && !theirIDs.contains($0.id) }
        var seen: Set<Item.ID> = []
        return merged.filter { seen.insert($0.id).inserted }
    }

    /// The merged list, without repeats.
    public static func merge(base: [MarketCode], ours: [MarketCode], theirs: [MarketCode]) -> [MarketCode] {
        let baseSet = Set(base)
        let ourSet = Set(ours)
        let theirSet = Set(theirs)
        let merged: [MarketCode]
        if reordered(from: base, to: ours) {
            let theyRemoved = baseSet.subtracting(theirSet)
            merged =
                ours.filter { !theyRemoved.contains($0) }
                + theirs.filter { !baseSet.contains($0) && !ourSet.contains($0) }
        } else {
            let weRemoved = baseSet.subtracting(ourSet)
            merged =
                theirs.filter { !weRemoved.contains($0) }
                + ours.filter { !baseSet.contains($0) && !theirSet.contains($0) }
        }
        var seen: Set<MarketCode> = []
        return merged.filter { seen.insert($0).inserted }
    }

    /// Whether the markets kept from `base` appear in a different order in `list`.
    private static func reordered(from base: [MarketCode], to list: [MarketCode]) -> Bool {
        let listSet = Set(list)
        let baseSet = Set(base)
        return base.filter { listSet.contains($0) } != list.filter { baseSet.contains($0) }
    }
}
