public import MarketCore
public import SystemTime

/// The sole owner of the market state: applies what the feed delivers and hands out
/// snapshots, at most `maxSnapshotsPerSecond` a second.
///
/// Nothing is queued: events are applied as they come and a snapshot holds whatever is
/// current, so memory is bounded by ``MarketState/Limits`` whatever the input rate. A snapshot
/// taken through ``nextSnapshot()`` carries everything that changed since the previous one, so
/// a slow reader skips states, never changes.
public actor MarketStore {
    private var state: MarketState
    private var feed = FeedStatus()
    private var feedChanged = false
    private let clock: any RuntimeClock
    private let publishInterval: Duration
    private var lastPublished: MonotonicInstant?
    private var waiter: CheckedContinuation<Void, Never>?

    /// Creates an empty store.
    public init(
        limits: MarketState.Limits = MarketState.Limits(), maxSnapshotsPerSecond: Int = 20,
        clock: any RuntimeClock = SystemClock()
    ) {
        state = MarketState(limits: limits)
        self.clock = clock
        publishInterval = .seconds(1) / max(1, maxSnapshotsPerSecond)
    }

    /// Applies a batch of events that arrived now, with the feed's status at that moment.
    /// `requestedAt` marks a REST answer asked for when ``arrivalMark()`` read that (see
    /// ``MarketState/apply(_:receivedAt:requestedAt:)``).
    public func apply(_ events: [MarketEvent], feed: FeedStatus, requestedAt: MarketState.ArrivalMark? = nil) {
        let now = clock.wallNow()
        for event in events { state.apply(event, receivedAt: now, requestedAt: requestedAt) }
        update(feed: feed)
        if state.hasChanges { wakeReader() }
    }

    /// The arrival order now, read before a REST request so its answer gives way to what
    /// arrives after it.
    public func arrivalMark() -> MarketState.ArrivalMark {
        state.arrivalMark
    }

    /// Marks the books held now as from an earlier connection, with the feed's status as the
    /// new connection begins.
    public func connectionBegan(feed: FeedStatus) {
        state.connectionBegan()
        self.feed = feed
        feedChanged = true
        wakeReader()
    }

    /// Records the feed's status.
    public func update(feed: FeedStatus) {
        guard feed != self.feed else { return }
        self.feed = feed
        feedChanged = true
        wakeReader()
    }

    /// The current state as the next snapshot, at once: like ``nextSnapshot()`` without the
    /// wait, so its diff counts from the previous snapshot taken either way.
    public func snapshot() -> MarketSnapshot {
        take()
    }

    /// The next snapshot: waits until something changed and at least one publishing interval
    /// has passed since the previous one. Returns `nil` when the task is cancelled.
    ///
    /// One reader at a time.
    public func nextSnapshot() async -> MarketSnapshot? {
        if let lastPublished {
            let elapsed = clock.monotonicNow().duration(since: lastPublished)
            let wait = publishInterval - elapsed
            if wait > .zero {
                do { try await clock.sleep(for: wait) } catch { return nil }
            }
        }
        while !state.hasChanges && !feedChanged {
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiter = $0 }
            } onCancel: {
                Task { await self.wakeReader() }
            }
            if Task.isCancelled { return nil }
        }
        return take()
    }

    private func take() -> MarketSnapshot {
        lastPublished = clock.monotonicNow()
        feedChanged = false
        return state.snapshot(at: clock.wallNow(), feed: feed)
    }

    private func wakeReader() {
        waiter?.resume()
        waiter = nil
    }
}
