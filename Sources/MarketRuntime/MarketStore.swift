public import MarketCore
public import SystemTime

/// The sole owner of the market state, kept per exchange: applies what each exchange's feed
/// delivers and hands out board snapshots of every exchange, at most `maxSnapshotsPerSecond` a
/// second. The reference exchange's state (the kimchi premium's world prices) and the
/// won–dollar rate are kept beside the followed exchanges', in the board's
/// ``BoardSnapshot/premiumReference``.
///
/// Nothing is queued: events are applied as they come and a snapshot holds whatever is
/// current, so memory is bounded by ``MarketState/Limits`` whatever the input rate. A snapshot
/// taken through ``nextSnapshot()`` carries everything that changed since the previous one, so
/// a slow reader skips states, never changes.
public actor MarketStore {
    private var states: [Exchange: MarketState]
    private var feeds: [Exchange: FeedStatus]
    private var feedChanged = false
    private let clock: any RuntimeClock
    private let publishInterval: Duration
    private let heldReadGrace: Duration
    private var lastPublished: MonotonicInstant?
    private var waiter: CheckedContinuation<Void, Never>?
    /// The reference exchange, when it is followed.
    private let reference: Exchange?
    /// Why the reference is off, when it is.
    private var referenceOff: String?
    private var forex: WonDollarRate?
    private var forexProblem: String?
    /// The coins the followed exchanges list, told to ``pairings()``'s reader as they change.
    private var pairedBases: Set<String> = []
    private var pairingReader: AsyncStream<Set<String>>.Continuation?

    /// Creates an empty store for `exchanges` (at least one) and the `reference` exchange, if
    /// any (kept apart: never one of ``exchanges``). `heldReadGrace` is for feeds that
    /// hold their reads until the very moment a snapshot is due, on the reader's own thread
    /// (see ``FeedConfiguration/readLead``): a snapshot that comes due with changes already
    /// waiting is taken that much later, so that what such a read brings is applied first,
    /// and one that such a read brings up to that much early is taken at once.
    public init(
        exchanges: [Exchange] = [.bithumb], reference: Exchange? = nil, limits: MarketState.Limits = MarketState.Limits(),
        maxSnapshotsPerSecond: Int = 20, heldReadGrace: Duration = .zero, clock: any RuntimeClock = SystemClock()
    ) {
        let followed = Set(exchanges).subtracting(reference.map { [$0] } ?? []).sorted()
        precondition(!followed.isEmpty, "a store keeps at least one exchange")
        exchangeList = followed
        self.reference = reference
        let kept = followed + (reference.map { [$0] } ?? [])
        states = Dictionary(uniqueKeysWithValues: kept.map { ($0, MarketState(limits: limits)) })
        feeds = Dictionary(uniqueKeysWithValues: kept.map { ($0, FeedStatus()) })
        self.clock = clock
        publishInterval = .seconds(1) / max(1, maxSnapshotsPerSecond)
        self.heldReadGrace = max(.zero, heldReadGrace)
    }

    /// The exchanges kept, Bithumb first.
    public nonisolated var exchanges: [Exchange] { exchangeList }
    private nonisolated let exchangeList: [Exchange]

    /// Applies a batch of events from `exchange`'s feed that arrived now, with the feed's
    /// status at that moment. `requestedAt` marks a REST answer asked for when
    /// ``arrivalMark(of:)`` read that (see ``MarketState/apply(_:receivedAt:requestedAt:)``).
    /// Events of an exchange the store does not keep are ignored.
    public func apply(
        _ events: [MarketEvent], from exchange: Exchange, feed: FeedStatus, requestedAt: MarketState.ArrivalMark? = nil
    ) {
        let now = clock.wallNow()
        var listed = false
        let changed = withState(of: exchange) { state in
            for event in events {
                state.apply(event, receivedAt: now, requestedAt: requestedAt)
                if case .markets = event { listed = true }
            }
            return state.hasChanges
        }
        guard let changed else { return }
        update(feed: feed, of: exchange)
        if listed, exchange != reference { updatePairing() }
        if changed { wakeReader() }
    }

    // MARK: The premium's reference

    /// The coins the followed exchanges list in won, now and each time a listing changes them:
    /// what the reference follows. One reader.
    public func pairings() -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Set<String>.self, bufferingPolicy: .bufferingNewest(1))
        pairingReader = continuation
        if !pairedBases.isEmpty { continuation.yield(pairedBases) }
        return stream
    }

    private func updatePairing() {
        var bases = Set<String>()
        for exchange in exchangeList {
            for market in states[exchange]?.markets ?? [] where market.code.isKRW { bases.insert(market.code.base) }
        }
        guard bases != pairedBases else { return }
        pairedBases = bases
        pairingReader?.yield(bases)
    }

    /// Records why the reference is off (it then shows no premium).
    public func referenceIsOff(_ reason: String) {
        referenceOff = reason
        feedChanged = true
        wakeReader()
    }

    /// Records the forex quote's last read: the rate, or why it could not be had (`rate` is
    /// then the last one read, kept for its time; a followed exchange's KRW-USDT price stands in).
    public func update(forex rate: WonDollarRate?, problem: String?) {
        guard rate != forex || problem != forexProblem else { return }
        forex = rate
        forexProblem = problem
        feedChanged = true
        wakeReader()
    }

    /// The candles held for `market` at `interval` on `exchange`, oldest first.
    public func candles(of market: MarketCode, interval: CandleInterval, on exchange: Exchange) -> [Candle] {
        states[exchange]?.candles[market]?[interval]?.candles ?? []
    }

    /// `exchange`'s arrival order now, read before a REST request so its answer gives way to
    /// what arrives after it.
    public func arrivalMark(of exchange: Exchange) -> MarketState.ArrivalMark {
        states[exchange]?.arrivalMark ?? .origin
    }

    /// Marks `exchange`'s books held now as from an earlier connection, with its feed's status
    /// as the new connection begins.
    public func connectionBegan(on exchange: Exchange, feed: FeedStatus) {
        guard withState(of: exchange, { $0.connectionBegan() }) != nil else { return }
        feeds[exchange] = feed
        feedChanged = true
        wakeReader()
    }

    /// Records `exchange`'s feed status.
    public func update(feed: FeedStatus, of exchange: Exchange) {
        guard feeds[exchange] != nil, feed != feeds[exchange] else { return }
        feeds[exchange] = feed
        feedChanged = true
        wakeReader()
    }

    /// The current state as the next snapshot, at once: like ``nextSnapshot()`` without the
    /// wait, so its diff counts from the previous snapshot taken either way.
    public func snapshot() -> BoardSnapshot {
        take()
    }

    /// The next snapshot: waits until something changed and at least one publishing interval
    /// has passed since the previous one. Returns `nil` when the task is cancelled.
    ///
    /// With a ``heldReadGrace`` (feeds holding their reads until a snapshot is due, on this
    /// reader's thread), the reader sleeps only for changes that came between reads: otherwise
    /// the read made when the snapshot is due wakes it, and the snapshot is taken then, in the
    /// same wake. A read up to the grace early counts as on time.
    ///
    /// One reader at a time.
    public func nextSnapshot() async -> BoardSnapshot? {
        while true {
            let untilDue = untilDue
            if hasChanges || feedChanged {
                if untilDue <= heldReadGrace { return take() }
                do { try await clock.sleep(for: untilDue + heldReadGrace) } catch { return nil }
            } else if heldReadGrace == .zero, untilDue > .zero {
                // Feeds on other threads read ahead of the snapshot: what they bring is there
                // when the interval is over.
                do { try await clock.sleep(for: untilDue) } catch { return nil }
            } else {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { waiter = $0 }
                } onCancel: {
                    Task { await self.wakeReader() }
                }
                if Task.isCancelled { return nil }
            }
        }
    }

    /// How long until the next snapshot that what is applied from now on can still make: what
    /// arrives before then is not shown sooner however soon it is applied. Zero when one may be
    /// taken now, and when none has been taken (nothing waits on the publishing interval); a
    /// whole interval when a snapshot is due and changes wait for it, as its reader takes it as
    /// soon as it runs.
    public func timeToNextSnapshot() -> Duration {
        let wait = untilDue
        if wait > .zero { return wait }
        return lastPublished != nil && (hasChanges || feedChanged) ? publishInterval : .zero
    }

    /// What is left of the publishing interval since the last snapshot: negative once it is
    /// over, zero before the first snapshot.
    private var untilDue: Duration {
        lastPublished.map { publishInterval - clock.monotonicNow().duration(since: $0) } ?? .zero
    }

    private var hasChanges: Bool { states.values.contains(where: \.hasChanges) }

    /// When a snapshot taken `now` counts as taken, for the interval to the next: when it was
    /// due, if it is taken less than half an interval after that (so a wake that comes late —
    /// the held read's grace, the timer's slack — delays no later snapshot, and snapshots keep
    /// to the interval on average, the next never less than half an interval away); `now` for
    /// the first, for one taken before it was due, and after a pause.
    private func publishedInstant(now: MonotonicInstant) -> MonotonicInstant {
        guard let last = lastPublished else { return now }
        let due = last.advanced(by: publishInterval)
        return due <= now && now.duration(since: due) < publishInterval / 2 ? due : now
    }

    private func take() -> BoardSnapshot {
        lastPublished = publishedInstant(now: clock.monotonicNow())
        feedChanged = false
        let now = clock.wallNow()
        var snapshots: [Exchange: MarketSnapshot] = [:]
        for exchange in exchangeList {
            snapshots[exchange] = withState(of: exchange) { $0.snapshot(at: now, feed: feeds[exchange] ?? FeedStatus()) }
        }
        let referenceSnapshot = reference.flatMap { exchange in
            withState(of: exchange) { $0.snapshot(at: now, feed: feeds[exchange] ?? FeedStatus()) }
        }
        return BoardSnapshot(
            snapshots,
            premiumReference: PremiumReference(snapshot: referenceSnapshot, offReason: referenceOff, forex: forex, forexProblem: forexProblem))
    }

    /// Runs `body` on `exchange`'s state where it is kept: `nil` for an exchange not kept. (The
    /// dictionary's optional subscript would copy the whole state out and back on every call.)
    private func withState<Result>(of exchange: Exchange, _ body: (inout MarketState) -> Result) -> Result? {
        guard let index = states.index(forKey: exchange) else { return nil }
        return body(&states.values[index])
    }

    private func wakeReader() {
        waiter?.resume()
        waiter = nil
    }
}
