import MarketCore
import MarketWire
import TestFixtures
import Testing

/// Corrupted real frames never crash a codec: each is counted as an error or decodes into
/// events that still hold the domain's invariants.
@Suite struct MutationTests {
    /// Real frames per dialect: WebSocket fixtures and REST fixtures with the resource they answer.
    static func corpus(_ dialect: Dialect) throws -> [(bytes: [UInt8], resource: SnapshotResource?)] {
        let prefix: String
        switch dialect {
        case .bithumb: prefix = "bithumb-v2-"
        case .bithumbLegacy: prefix = "bithumb-legacy-"
        case .upbit: prefix = "upbit-"
        case .binance: prefix = "binance-"
        }
        var corpus: [(bytes: [UInt8], resource: SnapshotResource?)] = []
        // Binance's `!ticker@arr` capture holds only ETHBTC, which the codec passes over: a frame
        // that rightly carries nothing (BinanceCodecTests checks it).
        for name in try Fixture.all() where name.hasPrefix(prefix) && name != "binance-ws-ticker-arr-combined-1.json" {
            let resource = Self.resource(for: name)
            if name.hasSuffix(".jsonl") {
                corpus += try Fixture.lines(name).map { ($0, resource) }
            } else {
                corpus.append((try Fixture.json(name), resource))
            }
        }
        return corpus
    }

    static func resource(for name: String) -> SnapshotResource? {
        guard name.contains("-rest-") else { return nil }
        if name.hasPrefix("binance-") { return binanceResource(for: name) }
        if name.contains("market-all") { return .markets }
        if name.contains("ticker") { return .tickers([btc]) }
        if name.contains("trades") || name.contains("transaction") { return .trades(btc, count: 20) }
        if name.contains("candle") { return .candles(btc, .oneMinute, count: 200) }
        return .orderBook(btc)
    }

    /// The resource a Binance body answers; its books and `/ticker/price` are read as frames
    /// (the reference fetches neither), which a codec must still count as errors.
    static func binanceResource(for name: String) -> SnapshotResource? {
        let usdtBTC = MarketCode(code: "USDT-BTC")!
        if name.contains("exchangeinfo") { return .markets }
        if name.contains("ticker-24hr") || name.contains("error") { return .tickers([usdtBTC]) }
        if name.contains("trades") { return .trades(usdtBTC, count: 20) }
        if name.contains("klines") { return .candles(usdtBTC, .oneMinute, count: 200) }
        return nil
    }

    @Test(arguments: Dialect.allCases)
    func corruptedFramesAreCountedOrDecodedValidly(dialect: Dialect) throws {
        let corpus = try Self.corpus(dialect)
        #expect(corpus.count >= 10)
        var random = SeededGenerator(seed: 0x5EED)
        var codec = dialect.makeCodec()
        var rejected = 0
        var decodedValidly = 0
        for round in 0..<12_000 {
            let sample = corpus[round % corpus.count]
            let mutated = Self.mutate(sample.bytes, using: &random)
            let decoded = sample.resource.map { codec.decode(response: mutated, for: $0) } ?? codec.decode(frame: mutated)
            #expect(!decoded.events.isEmpty || !decoded.errors.isEmpty, "frame vanished without a trace")
            if !decoded.errors.isEmpty { rejected += 1 }
            if !decoded.events.isEmpty { decodedValidly += 1 }
            for event in decoded.events { Self.checkInvariants(event) }
        }
        #expect(rejected > 1000)
        #expect(decodedValidly > 100)
    }

    @Test(arguments: Dialect.allCases)
    func oversizedAndEmptyFramesAreTypedErrors(dialect: Dialect) {
        var codec = dialect.makeCodec()
        let huge =
            Array(#"{"type":"ticker","padding":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            + Array(#""}"#.utf8)
        #expect(codec.decode(frame: huge).errors == [.frameTooLarge(bytes: huge.count, limit: 256 * 1024)])
        #expect(codec.decode(frame: [UInt8]()).errors.count == 1)
        #expect(codec.decode(frame: "NaN").errors.count == 1)
        #expect(codec.decode(frame: #"{"type":"ticker"}"#).errors.count == 1)
    }

    static func checkInvariants(_ event: MarketEvent) {
        switch event {
        case .orderBook(let book):
            let shapeIssues = book.integrityIssues.filter { if case .crossed = $0 { false } else { true } }
            #expect(shapeIssues.isEmpty)
            #expect((book.bids + book.asks).allSatisfy { WireRule.timeWindow.contains(book.timestamp) && $0.price > .zero })
        case .orderBookDelta(let delta):
            #expect(delta.changes.allSatisfy { !$0.quantity.isNegative && $0.price > .zero })
        case .trades(let trades):
            #expect(trades.allSatisfy { $0.quantity > .zero && $0.price > .zero && WireRule.timeWindow.contains($0.timestamp) })
        case .ticker(let ticker):
            #expect(!ticker.change.amount.isNegative && !ticker.change.rate.isNegative && ticker.price > .zero)
        case .candles(let history):
            #expect(
                history.candles.allSatisfy { candle in
                    candle.low > .zero && candle.low <= min(candle.open, candle.close)
                        && max(candle.open, candle.close) <= candle.high && !candle.volume.isNegative
                })
        case .markets(let markets):
            #expect(markets.allSatisfy { !$0.koreanName.unicodeScalars.contains { $0.value < 0x20 } })
        case .warnings(let warnings):
            #expect(warnings.values.allSatisfy { $0.reasons.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } } })
        case .transfers, .notice:
            break
        }
    }

    static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) where !result.isEmpty {
            let at = Int.random(in: 0..<result.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: result[at] = UInt8.random(in: 0...255, using: &random)
            case 1: result.removeSubrange(at..<min(result.count, at + Int.random(in: 1...16, using: &random)))
            case 2:
                result.insert(
                    contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in
                        UInt8.random(in: 0x20...0x7E, using: &random)
                    }, at: at)
            case 3: result = Array(result.prefix(at))
            case 4:
                if let digit = result.indices.filter({ (0x30...0x39).contains(result[$0]) }).randomElement(using: &random) {
                    result.insert(
                        contentsOf: Array(["-", "99999999999999999999999", "E-40", ".5.", "e"].randomElement(using: &random)!.utf8),
                        at: digit)
                }
            case 5:
                let end = min(result.count, at + 32)
                result.insert(contentsOf: result[at..<end], at: end)
            case 6:
                if let quote = result.indices.filter({ result[$0] == UInt8(ascii: "\"") }).randomElement(using: &random) {
                    result.remove(at: quote)
                }
            default:
                result.insert(contentsOf: Array(#"{"x":[null,true,{"#.utf8), at: at)
            }
        }
        return result
    }
}
