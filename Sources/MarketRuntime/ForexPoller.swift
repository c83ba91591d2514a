public import Logging
public import MarketCore
import SafeText
public import SystemTime

/// Where the won–dollar rate is read (Dunamu's forex quote over HTTP, or a recording's answers).
public protocol RateFetcher: Sendable {
    /// Reads the rate now.
    func fetchRate() async throws -> WonDollarRate
    /// Where it is read from, for the log.
    var endpointDescription: String { get }
}

/// Reads the won–dollar rate into the store every ``interval`` (Dunamu requotes it now and then,
/// not by the tick). A failed read leaves the last rate for its time and says why, so the board
/// takes a followed exchange's KRW-USDT price instead, labelled; the next good read puts the
/// quote back.
public struct ForexPoller: Sendable {
    private let fetcher: any RateFetcher
    private let store: MarketStore
    private let clock: any RuntimeClock
    private let logger: Logger
    /// How long between reads.
    public let interval: Duration

    /// How often the rate is read unless told otherwise.
    public static let defaultInterval = Duration.seconds(60)

    /// A poller reading `fetcher` into `store` every `interval`.
    public init(
        fetcher: any RateFetcher, store: MarketStore, interval: Duration = ForexPoller.defaultInterval,
        clock: any RuntimeClock = SystemClock(), logger: Logger = Logger(label: "coinboard.fx")
    ) {
        self.fetcher = fetcher
        self.store = store
        self.interval = max(.seconds(1), interval)
        self.clock = clock
        self.logger = logger
    }

    /// Reads the rate until the task is cancelled.
    public func run() async {
        var last: WonDollarRate?
        var failing = false
        while !Task.isCancelled {
            do {
                let rate = try await fetcher.fetchRate()
                if failing || last == nil {
                    logger.info("won–dollar rate read", metadata: ["from": "\(fetcher.endpointDescription)", "rate": "\(rate.rate)"])
                }
                last = rate
                failing = false
                await store.update(forex: rate, problem: nil)
            } catch {
                if Task.isCancelled { return }
                let problem = String(describing: error).strippingUnsafeCharacters
                if !failing {
                    logger.warning("won–dollar rate not read; the tether price stands in", metadata: ["reason": "\(problem)"])
                }
                failing = true
                await store.update(forex: last, problem: problem)
            }
            do { try await clock.sleep(for: interval) } catch { return }
        }
    }
}
