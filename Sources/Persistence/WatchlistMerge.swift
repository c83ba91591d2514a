public import MarketCore

/// Merges one instance's change to the favorites into what another instance saved meanwhile,
/// so two running dashboards lose no update.
///
/// `base` is the list both started from (what this instance last loaded or saved), `ours` the
/// list this instance's user wants now, `theirs` what the file holds now. Additions on either
/// side are kept and removals on either side are honoured. If our user reordered the
/// favorites, our order wins; otherwise theirs is kept and our additions go at the end.
public enum WatchlistMerge {
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
