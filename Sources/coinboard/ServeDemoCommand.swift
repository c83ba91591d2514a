import AccountAuth
import ArgumentParser
import DemoExchange
import Foundation
import Logging
import MarketSim

/// `coinboard serve-demo`: runs the demo exchange until interrupted.
struct ServeDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Serve the simulated Bithumb (both dialects) and Upbit over HTTP and WebSocket.",
        discussion: """
            The first line on stdout is `listening on http://HOST:PORT`. Bithumb API 2.0 is served at \
            /v1/... and /websocket/v1, the legacy API at /public/... and /pub/ws, Upbit at /upbit/v1/... and \
            /upbit/websocket/v1: one world, each coin one fair value, each exchange its own listing, order \
            flow and books. `GET /v1/accounts` (and `/upbit/v1/accounts`) answers for a seeded account to             requests signed as the exchanges require with the key pair in COINBOARD_DEMO_ACCESS_KEY and             COINBOARD_DEMO_SECRET_KEY (both set), or else the documented demo pair coinboard-demo-access /             coinboard-demo-secret; keys never come from a flag. Stops on SIGINT or SIGTERM.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "The simulation's seed: the same seed gives the same markets.")
    var seed: UInt64 = 1

    @Option(help: "How many KRW markets to list (1–\(SimulationConfiguration.maximumMarketCount)).")
    var markets = 200

    @Option(help: "Order-book updates per second across all markets (frames/s of a full-market book subscription).")
    var rate: Double = 1000

    @Option(
        name: .customLong("new-listing-after"), parsing: .unconditional,
        help:
            "Seconds after the start at which one more market is listed; -1 lists none (default: \(Int(SimulationConfiguration.defaultNewListingAfterSeconds)))."
    )
    var newListingAfter = SimulationConfiguration.defaultNewListingAfterSeconds

    func run() async throws {
        let logger = try FileLogHandler.logger(label: "coinboard.demo-exchange", to: .standardError, level: .notice)
        let simulation = SimulationConfiguration(
            seed: seed, marketCount: markets, updatesPerSecond: rate,
            newListingAfterSeconds: newListingAfter < 0 ? nil : newListingAfter)
        let exchange = try DemoExchange(
            configuration: DemoExchangeConfiguration(
                host: host, port: port, simulation: simulation,
                accountKeys: Self.accountKeys(environment: ProcessInfo.processInfo.environment)),
            logger: logger)
        let address = host.contains(":") ? "[\(host)]" : host
        try await runUntilSignalled(logger: logger) {
            try await exchange.run { port in
                FileHandle.standardOutput.write(Data("listening on http://\(address):\(port)\n".utf8))
            }
        }
    }

    /// The pair `/v1/accounts` accepts: the environment's when both are set, else the demo's own.
    static func accountKeys(environment: [String: String]) -> APIKeyPair {
        guard let access = environment["COINBOARD_DEMO_ACCESS_KEY"], let secret = environment["COINBOARD_DEMO_SECRET_KEY"],
            !access.isEmpty, !secret.isEmpty
        else { return DemoExchangeConfiguration.demoAccountKeys }
        return APIKeyPair(accessKey: access, secretKey: secret)
    }
}
