import AccountAuth
import DemoExchange
import ExchangeClient
import FeedPipeline
import MarketCore
import MarketWire
import Settings

/// An exchange account the dashboard reads when `U` is pressed on the 보유 tab: the feed's own
/// REST host, with the user's keys — looked up at each read, so keys set or a credentials file
/// fixed meanwhile are used without a restart — or, on the demo exchange, its documented pair.
struct DashboardAccount: AccountReading {
    /// Whose keys sign the read.
    enum Keys {
        /// The demo exchange's documented pair.
        case demo
        /// The user's, from this environment or the credentials file.
        case user(environment: [String: String])
    }

    let exchange: Exchange
    let endpoints: ExchangeEndpoints
    let keys: Keys
    let timeout: Duration

    func read(clock: any RuntimeClock) async throws -> AccountRead {
        let pair =
            switch keys {
            case .demo: DemoExchangeConfiguration.demoAccountKeys
            case .user(let environment): try Credentials.requiredKeys(for: exchange, environment: environment)
            }
        return try await AccountsReader(endpoints: endpoints, keys: pair, timeout: timeout).read(clock: clock)
    }

    /// The accounts of `pipeline`'s feeds that have one (Bithumb API 2.0 and Upbit, live or on
    /// the demo exchange; not the legacy API, not a recording), as `plan` chose them.
    static func accounts(of plan: FeedPlan, in pipeline: LivePipeline, environment: [String: String]) -> [DashboardAccount] {
        plan.feeds.compactMap { feed in
            guard let endpoints = pipeline.endpoints[feed.exchange], endpoints.dialect != .bithumbLegacy else { return nil }
            switch feed.source {
            case .demo:
                return DashboardAccount(exchange: feed.exchange, endpoints: endpoints, keys: .demo, timeout: RESTSnapshotFetcher.defaultTimeout)
            case .remote(_, _, let deadlines):
                return DashboardAccount(
                    exchange: feed.exchange, endpoints: endpoints, keys: .user(environment: environment), timeout: deadlines.response)
            case .replay:
                return nil
            }
        }
    }
}
