import AccountAuth
public import ArgumentParser
import DemoExchange
import ExchangeClient
import Foundation
public import MarketCore
import MarketSim
import MarketWire
import Persistence
import Settings
import SystemTime

/// `coinboard holdings sync upbit|bithumb`: the exchange account's balances, read-only.
struct HoldingsSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Read an exchange account's balances (read-only) into the holdings file.",
        discussion: """
            Reads GET /v1/accounts with your API keys and replaces that exchange's account positions \
            (quantity = balance + locked, at the exchange's average buy price) and its won; the trades you \
            entered stay. The keys come from COINBOARD_UPBIT_ACCESS_KEY and COINBOARD_UPBIT_SECRET_KEY \
            (COINBOARD_BITHUMB_… for Bithumb), or else from $XDG_CONFIG_HOME/coinboard/credentials.toml \
            ([upbit] access_key, secret_key), which must be yours and mode 0600 or stricter; never from a flag. \
            Use keys with only the 자산조회 (View Account) permission. With --demo the account is the demo \
            exchange's, read with its key pair.
            """)

    @Argument(help: "upbit or bithumb.")
    var exchange: Exchange

    @Flag(help: "Read the demo exchange's seeded account (started in-process).")
    var demo = false

    @Option(
        name: .customLong("rest-url"),
        help: "[EXCHANGE=]URL: the REST base URL to read from (default: the exchange's, or the configured one).")
    var restURL: String?

    @Option(name: .customLong("request-timeout"), help: "Seconds the answer may take (default: 15).")
    var requestTimeout: Double = 15

    @OptionGroup var file: HoldingsFileOptions

    func validate() throws {
        if demo, restURL != nil { throw ValidationError("--demo reads the in-process demo exchange; it takes no --rest-url") }
        if let restURL, let name = ExchangeOptions.namedURL(restURL).name, name != exchange.rawValue {
            throw ValidationError("--rest-url \(restURL): this reads \(exchange.rawValue)'s account, not \(name)'s")
        }
        guard (0.1...600).contains(requestTimeout) else { throw ValidationError("--request-timeout must be between 0.1 and 600 seconds") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try file.settings()
        let dialect: Dialect = exchange == .upbit ? .upbit : .bithumb
        let timeout = Duration.milliseconds(Int64(requestTimeout * 1000))
        let read: AccountRead
        if demo {
            read = try await Self.readDemo(dialect, timeout: timeout)
        } else {
            let keys: APIKeyPair
            do throws(ConfigurationError) {
                keys = try Credentials.requiredKeys(for: exchange, environment: environment)
            } catch {
                // Not a file at fault: a usage error (64), not an invalid configuration (2).
                guard case .missingKeys = error else { throw error }
                throw ValidationError(error.description)
            }
            let choice: ExchangeChoice = exchange == .upbit ? .upbit : .bithumb
            let official = ExchangeEndpoints.official(dialect)
            let endpoints = try ExchangeEndpoints(
                dialect: dialect, webSocketURL: official.webSocketURL,
                restBaseURL: restURL.map { ExchangeOptions.namedURL($0).url } ?? settings.endpoints[choice]?.restURL ?? official.restBaseURL)
            read = try await AccountsReader(endpoints: endpoints, keys: keys, timeout: timeout).read(clock: SystemClock())
        }
        let repository = HoldingsFileOptions.file(settings)
        let loaded = try await repository.load()
        HoldingsEdit.report(loaded.notice)
        var holdings = loaded.holdings
        holdings.accounts[exchange] = read
        _ = try await repository.save(holdings, base: loaded.holdings)
        print(
            "read \(exchange.rawValue)'s account: \(read.balances.count) coin\(read.balances.count == 1 ? "" : "s") "
                + read.balances.map { "\($0.market.base) \($0.quantity)" }.joined(separator: ", ")
                + (read.balances.isEmpty ? "" : ", ") + "cash \(read.cash)")
    }

    /// The demo exchange's account, read over loopback from one started for the read.
    static func readDemo(_ dialect: Dialect, timeout: Duration) async throws -> AccountRead {
        let exchange = try DemoExchange(
            configuration: DemoExchangeConfiguration(
                simulation: SimulationConfiguration(marketCount: 20), exchanges: [dialect.exchange]))
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        return try await withThrowingTaskGroup(of: AccountRead?.self) { group in
            group.addTask {
                try await exchange.run { announce.yield($0) }
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CoinboardError.nothingFetched(from: "the demo exchange", reason: nil) }
            let reader = try AccountsReader(
                endpoints: .local(dialect, port: port), keys: DemoExchangeConfiguration.demoAccountKeys, timeout: timeout)
            let read = try await reader.read(clock: SystemClock())
            group.cancelAll()
            return read
        }
    }
}

extension Exchange: ExpressibleByArgument {}
