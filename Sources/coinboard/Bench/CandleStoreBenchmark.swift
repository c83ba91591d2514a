import ArgumentParser
import CandleStore
import Foundation
import MarketCore

/// `coinboard bench candle-store`: the candle store's write cost across many markets and the
/// read a detail view makes from a warm store; prints one JSON line.
struct CandleStoreBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "candle-store",
        abstract: "Write pages of candles for many markets and read 1,000 back; print the times as JSON.",
        discussion: """
            Each round writes --candles one-minute candles for each of --markets markets (a transaction a market, \
            as a feed keeps a fetched page), the pages moving on a minute a round so each round adds a candle and \
            rewrites the rest. Then 1,000 candles of one more market are kept and read back, as the detail view \
            reads a warm store.
            """
    )

    @Option(help: "The store's file (made when missing).")
    var store: String

    @Option(help: "Markets written each round.")
    var markets = 200

    @Option(help: "Candles in each market's page.")
    var candles = 200

    @Option(name: .customLong("repeat"), help: "Rounds.")
    var rounds = 5

    struct Result: Encodable {
        var markets: Int
        var candlesPerPage: Int
        var rounds: Int
        var writeSeconds: Double
        var candlesWrittenPerSecond: Double
        var candlesRead: Int
        var readMilliseconds: Double
        var storeBytes: Int64
    }

    /// A candle with the digits a busy market's has.
    static func candle(at start: Timestamp, index: Int) -> Candle {
        Candle(
            start: start, open: 155_083_000, high: 155_100_000, low: 155_000_000, close: ExactDecimal(155_000_000 + index),
            volume: ExactDecimal("0.12345678")!, tradeValue: ExactDecimal("19145802.34567891")!)
    }

    func validate() throws {
        guard (1...2000).contains(markets), (1...10_000).contains(candles), (1...1_000_000).contains(rounds) else {
            throw ValidationError("--markets 1…2000, --candles 1…10000, --repeat 1…1000000")
        }
    }

    func run() async throws {
        let candleStore = try CandleStore(path: store)
        let codes = (0..<markets).compactMap { MarketCode(quote: "KRW", base: "C\($0)") }
        let clock = ContinuousClock()
        let minute: Int64 = 60_000_000
        let origin = Timestamp(microseconds: 1_764_300_000_000_000)
        let written = try await clock.measure {
            for round in 0..<rounds {
                for code in codes {
                    let page = (0..<candles).map { index in
                        Self.candle(at: origin.advanced(byMicroseconds: Int64(round + index) * minute), index: index)
                    }
                    try await candleStore.save(page, of: CandleSeriesKey(source: "bench", market: code, interval: .oneMinute))
                }
            }
        }
        let key = CandleSeriesKey(source: "bench", market: MarketCode(code: "KRW-READ")!, interval: .oneMinute)
        try await candleStore.save(
            (0..<1000).map { Self.candle(at: origin.advanced(byMicroseconds: Int64($0) * minute), index: $0) }, of: key)
        var read = 0
        let reading = try await clock.measure { read = try await candleStore.candles(of: key, limit: 1000).count }
        let result = Result(
            markets: markets, candlesPerPage: candles, rounds: rounds, writeSeconds: written.inSeconds,
            candlesWrittenPerSecond: Double(markets * candles * rounds) / written.inSeconds,
            candlesRead: read, readMilliseconds: reading.inSeconds * 1000,
            storeBytes: try await candleStore.stats().bytes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write(try encoder.encode(result) + Data("\n".utf8))
    }
}
