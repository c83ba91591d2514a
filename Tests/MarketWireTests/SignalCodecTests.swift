import Foundation
import MarketCore
import MarketWire
import TestFixtures
import Testing

/// The signals each dialect carries (warnings, trading state, deposit and withdrawal, buy and
/// sell flow), decoded from real captures or, where none was found, real-shaped bodies.
@Suite struct SignalCodecTests {
    /// A capture's text with one member's value replaced.
    static func replacing(_ text: String, _ member: String, with value: String) -> [UInt8] {
        let pattern = "\"\(member)\":"
        guard let start = text.range(of: pattern) else { return Array(text.utf8) }
        let rest = text[start.upperBound...]
        let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return Array((text[..<start.upperBound] + value + rest[end...]).utf8)
    }

    static func compactCapture(_ name: String) throws -> String {
        String(decoding: try Fixture.json(name), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: ": ", with: ":")
            .replacingOccurrences(of: "  ", with: "")
    }

    @Test func bithumbTickerCarriesFlowAndStatus() throws {
        let ticker = try Harness.ticker(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-ticker-ccxt-1.json")))
        #expect(ticker.flow == TradeFlow(buyVolume: "99.14500719", sellVolume: "52.30413928"))
        #expect(ticker.flow?.strength == "189.55")
        #expect(ticker.status == TradingStatus(state: .active, delistingDate: nil, isDesignated: false))
    }

    @Test func bithumbTickerStatesFromTheirFields() throws {
        let capture = try Self.compactCapture("bithumb-v2-ws-ticker-ccxt-1.json")
        func status(_ edits: [(String, String)]) throws -> TradingStatus? {
            var text = capture
            for (member, value) in edits { text = String(decoding: Self.replacing(text, member, with: value), as: UTF8.self) }
            return try Harness.ticker(try Harness.onlyEvent(Harness.frame(.bithumb, Array(text.utf8)))).status
        }
        #expect(try status([("is_trading_suspended", "true")]) == TradingStatus(state: .suspended))
        #expect(try status([("market_state", #""PREVIEW""#)]) == TradingStatus(state: .suspended))
        #expect(
            try status([("delisting_date", #""2026-12-09""#), ("market_warning", #""CAUTION""#)])
                == TradingStatus(state: .delisting, delistingDate: CivilTime(year: 2026, month: 12, day: 9), isDesignated: true))
        #expect(
            try status([("delisting_date", #""2026-12-09 00:00:00""#)])?.delistingDate == CivilTime(year: 2026, month: 12, day: 9))
        for (member, value) in [("delisting_date", #""soon""#), ("delisting_date", "7"), ("is_trading_suspended", #""no""#)] {
            let decoded = Harness.frame(.bithumb, Self.replacing(capture, member, with: value))
            #expect(decoded.events.isEmpty && decoded.errors.count == 1, "\(member)=\(value) is rejected, not guessed")
        }
        let outOfWindow = Harness.frame(.bithumb, Self.replacing(capture, "delisting_date", with: #""2201-01-01""#))
        guard case .brokenRule(.timeInWindow, _, _)? = outOfWindow.errors.first else {
            Issue.record("a delisting date past 2100 breaks the time rule: \(outOfWindow.errors)")
            return
        }
    }

    @Test func upbitTickerCarriesFlowAndStatus() throws {
        let frames = try Fixture.lines("upbit-ws-ticker-1.jsonl").map { Harness.frame(.upbit, $0) }
        let ticker = try Harness.ticker(try Harness.onlyEvent(frames[0]))
        #expect(ticker.flow == TradeFlow(buyVolume: "258.34909014", sellVolume: "341.67985038"))
        #expect(ticker.flow?.strength == "75.61")
        #expect(ticker.status == .active, "delisting_date null is no date")
    }

    @Test func legacyTickerCarriesFlow() throws {
        let ticker = try Harness.ticker(try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-ticker-1.json")))
        #expect(ticker.flow == TradeFlow(buyVolume: "1161377.258976226374709403", sellVolume: "198021.237915860451480504"))
        #expect(ticker.flow?.strength == "586.49", "computed from the volumes; the capture's own volumePower is capped at 500")
        #expect(ticker.status == nil)
    }

    @Test func strengthIsUndefinedWhileNothingWasSold() {
        #expect(TradeFlow(buyVolume: 5, sellVolume: 0).strength == nil)
        #expect(TradeFlow(buyVolume: 0, sellVolume: 5).strength == 0)
        #expect(TradeFlow(buyVolume: 1, sellVolume: 3).strength == "33.33")
        #expect(TradeFlow(buyVolume: .greatestMagnitude, sellVolume: "0.000000000000000001").strength == .greatestMagnitude)
    }

    @Test func listingWarningsInEveryDialect() throws {
        let capture = try Harness.rest(.bithumb, "bithumb-v2-rest-market-all-ccxt-1.jsonc", .markets)
        guard case .markets(let markets) = try Harness.onlyEvent(capture) else { throw Harness.Mismatch(capture.events[0]) }
        #expect(markets.map(\.warning) == [nil])
        var codec = Dialect.bithumbLegacy.makeCodec()
        let designated = #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","market_warning":"CAUTION"}]"#
        #expect(
            codec.decode(response: Array(designated.utf8), for: .markets).events
                == [.markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin", warning: MarketWarning(step: .designated))])])
        var upbit = Dialect.upbit.makeCodec()
        let both =
            #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","market_event":{"warning":true,"#
            + #""caution":{"PRICE_FLUCTUATIONS":false,"TRADING_VOLUME_SOARING":true,"GLOBAL_PRICE_DIFFERENCES":true}}}]"#
        let warning = MarketWarning(step: .designated, reasons: ["TRADING_VOLUME_SOARING", "GLOBAL_PRICE_DIFFERENCES"])
        #expect(
            upbit.decode(response: Array(both.utf8), for: .markets).events
                == [.markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin", warning: warning)])])
        #expect(warning.flagsVolumeSpike)
    }

    @Test(arguments: [Dialect.bithumb, .bithumbLegacy])
    func alertListMergesAMarketsRows(dialect: Dialect) throws {
        let decoded = try Harness.rest(dialect, "bithumb-v2-rest-virtual-asset-warning-shaped-1.json", .warnings)
        guard case .warnings(let warnings) = try Harness.onlyEvent(decoded) else { throw Harness.Mismatch(decoded.events[0]) }
        let kst = { (text: String) in Timestamp(CivilTime(text: text)!, in: .kst) }
        #expect(
            warnings[btc]
                == MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"], until: kst("2023-12-18 18:23:16")))
        let xrp = MarketCode(code: "KRW-XRP")!
        #expect(
            warnings[xrp]
                == MarketWarning(
                    step: .danger, reasons: ["TRADING_VOLUME_SUDDEN_FLUCTUATION", "PRICE_DIFFERENCE_HIGH"],
                    until: kst("2023-12-20 09:00:00")))
        #expect(warnings[xrp]?.flagsVolumeSpike == true)
        let codec = dialect.makeCodec()
        #expect(codec.requests(for: .warnings).map(\.pathAndQuery) == ["/v1/market/virtual_asset_warning"])
    }

    @Test func aBrokenAlertRowIsDroppedAlone() {
        var codec = Dialect.bithumb.makeCodec()
        let body =
            #"[{"market":"KRW-BTC","warning_type":"PRICE_SUDDEN_FLUCTUATION","warning_step":"SEVERE","end_date":null},"#
            + #"{"market":"KRW-ETH","warning_type":"PRICE_\u001b[31m","warning_step":"CAUTION","end_date":""}]"#
        let decoded = codec.decode(response: Array(body.utf8), for: .warnings)
        #expect(decoded.errors.count == 1)
        #expect(decoded.events == [.warnings([eth: MarketWarning(step: .caution, reasons: ["PRICE_[31m"])])])
    }

    @Test(arguments: [Dialect.bithumb, .bithumbLegacy])
    func depositAndWithdrawalState(dialect: Dialect) throws {
        let decoded = try Harness.rest(dialect, "bithumb-legacy-rest-assetsstatus-all-shaped-1.json", .transfers)
        #expect(
            try Harness.onlyEvent(decoded)
                == .transfers([
                    "BTC": TransferStatus(deposit: .normal, withdrawal: .normal),
                    "ETH": TransferStatus(deposit: .suspended, withdrawal: .normal),
                    "XRP": TransferStatus(deposit: .normal, withdrawal: .suspended),
                ]))
        var codec = dialect.makeCodec()
        #expect(codec.requests(for: .transfers).map(\.pathAndQuery) == ["/public/assetsstatus/ALL"])
        let broken =
            #"{"status":"0000","data":{"BTC":{"deposit_status":2,"withdrawal_status":1},"bad key":{},"#
            + #""ETH":{"deposit_status":"0","withdrawal_status":"1"}}}"#
        let partial = codec.decode(response: Array(broken.utf8), for: .transfers)
        #expect(partial.errors.count == 2)
        #expect(partial.events == [.transfers(["ETH": TransferStatus(deposit: .suspended, withdrawal: .normal)])])
    }

    @Test func upbitPublishesNoAlertOrTransferList() {
        let codec = Dialect.upbit.makeCodec()
        #expect(codec.requests(for: .warnings).isEmpty)
        #expect(codec.requests(for: .transfers).isEmpty)
    }
}
