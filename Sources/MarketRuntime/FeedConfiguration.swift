public import MarketCore

/// What the feed supervisor fetches and streams, and how it keeps the connection healthy.
public struct FeedConfiguration: Sendable, Hashable {
    /// The quote currency of the markets whose tickers are followed: `KRW` for the Korean
    /// exchanges, `USDT` for the reference.
    public var quote: String
    /// The coins whose tickers are followed, when only some are (the reference follows the
    /// coins a followed exchange lists); `nil` follows every market of ``quote``.
    public var pairedBases: Set<String>?
    /// Markets in view: their books and trades are streamed and bootstrapped.
    public var focus: [MarketCode]
    /// Trades fetched per market in view when (re)connecting.
    public var tradeHistory: Int
    /// The candle interval fetched for the markets in view, if any.
    public var candleInterval: CandleInterval?
    /// Candles fetched per market in view.
    public var candleHistory: Int
    /// How often a keepalive is sent. Nothing arriving for this long makes the connection
    /// `stale`; for one and a half times as long makes the supervisor reconnect.
    public var keepaliveInterval: Duration
    /// Delays between reconnect attempts.
    public var backoff: Backoff
    /// Consecutive failed attempts after which the state reads `failed` (retries go on).
    public var failedAfterAttempts: Int
    /// How long a session must stay live before earlier failures are forgotten and the
    /// backoff starts again from its first delay.
    public var healthyAfter: Duration
    /// The most listed markets followed (the exchanges list about 500); a longer listing is cut
    /// here, so the subscription and the ticker requests it causes stay bounded.
    public var listingLimit: Int
    /// A warning shown once, from the start (e.g. a plaintext endpoint off this machine).
    public var startupWarning: String?
    /// How often the listing (for new markets), the alert list and the deposit/withdrawal list
    /// are read again.
    public var signalRefresh: Duration
    /// How often the won–dollar rate's forex quote is read (by the pipeline's ``ForexPoller``).
    public var rateRefresh: Duration
    /// How long after it was made a connection is renewed, when the exchange closes its
    /// connections after a set time (see ``renewing(before:)``): then at once, and not as a
    /// failure.
    public var renewAfter: Duration?
    /// How long before the store's next snapshot a held read is made (see
    /// ``FeedConnection/holdNextRead(for:)``), for what it brings to be applied before the
    /// snapshot is taken: ``crossThreadReadLead`` when the connection and the store's reader
    /// run on different threads; zero when they share one, where the read's timer and the
    /// snapshot's fire in one wake and the reader waits for what the read brings.
    public var readLead: Duration

    /// Creates a configuration.
    public init(
        focus: [MarketCode] = [], tradeHistory: Int = 20, candleInterval: CandleInterval? = nil,
        candleHistory: Int = 200, keepaliveInterval: Duration = .seconds(20), backoff: Backoff = Backoff(),
        failedAfterAttempts: Int = 5, healthyAfter: Duration = .seconds(30), listingLimit: Int = 2000,
        startupWarning: String? = nil, signalRefresh: Duration = FeedConfiguration.defaultSignalRefresh,
        rateRefresh: Duration = ForexPoller.defaultInterval, readLead: Duration = FeedConfiguration.crossThreadReadLead, quote: String = "KRW",
        pairedBases: Set<String>? = nil
    ) {
        self.quote = quote
        self.pairedBases = pairedBases
        self.focus = focus
        self.tradeHistory = max(1, tradeHistory)
        self.candleInterval = candleInterval
        self.candleHistory = max(1, candleHistory)
        self.keepaliveInterval = max(.milliseconds(100), keepaliveInterval)
        self.backoff = backoff
        self.failedAfterAttempts = max(1, failedAfterAttempts)
        self.healthyAfter = max(.zero, healthyAfter)
        self.listingLimit = max(1, listingLimit)
        self.startupWarning = startupWarning
        self.signalRefresh = max(.seconds(1), signalRefresh)
        self.rateRefresh = max(.seconds(1), rateRefresh)
        self.readLead = max(.zero, readLead)
    }

    /// The read lead for a connection on a thread of its own: time for the other thread to
    /// wake, read and apply before the snapshot's reader wakes.
    public static let crossThreadReadLead = Duration.milliseconds(4)

    /// How often the listing and the signal lists are read again unless told otherwise.
    public static let defaultSignalRefresh = Duration.seconds(180)

    /// This configuration renewing each connection ``renewalLead`` before the exchange would
    /// close it, `lifetime` after it was made; never renewing them without a lifetime.
    public func renewing(before lifetime: Duration?) -> FeedConfiguration {
        var renewing = self
        renewing.renewAfter = lifetime.map { max(.seconds(1), $0 - Self.renewalLead) }
        return renewing
    }

    /// How long before an exchange's connection limit the connection is renewed.
    public static let renewalLead = Duration.seconds(600)

    /// This configuration for the reference exchange: its USDT markets, only the coins in
    /// `pairedBases`, no alerts or deposit lists to read, and no more than
    /// ``referenceListingLimit`` listed (Binance streams at most 1,024 a connection).
    public func forReference(pairedBases: Set<String>) -> FeedConfiguration {
        var reference = self
        reference.quote = "USDT"
        reference.pairedBases = pairedBases
        reference.listingLimit = min(listingLimit, Self.referenceListingLimit)
        return reference
    }

    /// The most markets the reference follows: Binance's limit of 1,024 streams a connection,
    /// less room for the streams of the markets in view.
    public static let referenceListingLimit = 1000

    /// Silence after which the connection reads `stale`.
    public var staleAfter: Duration { keepaliveInterval }
    /// Silence after which the connection is dropped and made again.
    public var reconnectAfterSilence: Duration { keepaliveInterval * 1.5 }
}
