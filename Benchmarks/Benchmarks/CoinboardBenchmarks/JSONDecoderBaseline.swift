import Foundation
import MarketWire

/// The straightforward way to read the feeds, for comparison: Foundation's `JSONDecoder`
/// into `Codable` structs (numbers as `Double`, the legacy feed's and Binance's quoted numbers
/// as `String`), one decode per frame. It reads every member the pipeline's codecs read from
/// each kind of message, and builds nothing from them.
struct JSONDecoderBaseline {
    let dialect: Dialect

    /// An Upbit-family (Bithumb 2.0, Upbit) ticker, trade or order-book message. Its names are
    /// the wire's own, as the plainest `Codable` decode has them (no key mapping to pay for).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct UpbitFamilyMessage: Decodable {
        struct Unit: Decodable {
            let ask_price: Double
            let bid_price: Double
            let ask_size: Double
            let bid_size: Double
        }

        let type: String
        let code: String
        let timestamp: Int64?
        let opening_price: Double?
        let high_price: Double?
        let low_price: Double?
        let trade_price: Double?
        let prev_closing_price: Double?
        let change: String?
        let change_price: Double?
        let change_rate: Double?
        let acc_trade_volume: Double?
        let acc_trade_volume_24h: Double?
        let acc_trade_price: Double?
        let acc_trade_price_24h: Double?
        let acc_ask_volume: Double?
        let acc_bid_volume: Double?
        let market_state: String?
        let is_trading_suspended: Bool?
        let delisting_date: String?
        let market_warning: String?
        let trade_volume: Double?
        let ask_bid: String?
        let trade_timestamp: Int64?
        let sequential_id: Int64?
        let orderbook_units: [Unit]?
    }

    /// A Bithumb legacy ticker, transaction or order-book-depth message.
    private struct LegacyMessage: Decodable {
        struct Content: Decodable {
            struct Entry: Decodable {
                let symbol: String
                let orderType: String?
                let price: String?
                let quantity: String?
                let buySellGb: String?
                let contPrice: String?
                let contQty: String?
                let contDtm: String?
            }

            let symbol: String?
            let tickType: String?
            let openPrice: String?
            let closePrice: String?
            let lowPrice: String?
            let highPrice: String?
            let prevClosePrice: String?
            let chgRate: String?
            let chgAmt: String?
            let value: String?
            let volume: String?
            let sellVolume: String?
            let buyVolume: String?
            let date: String?
            let time: String?
            let datetime: String?
            let list: [Entry]?
        }

        let type: String
        let content: Content?
    }

    /// A Binance stream event as the combined endpoint wraps it (its prices are strings).
    private struct BinanceMessage: Decodable {
        struct Event: Decodable {
            let e: String
            let E: Int64
            let s: String
            let c: String?
            let o: String?
            let h: String?
            let l: String?
            let v: String?
            let q: String?
            let p: String?
            let P: String?
            let T: Int64?
            let m: Bool?
        }

        let stream: String
        let data: Event
    }

    private let decoder = JSONDecoder()

    /// Decodes one frame; whether it decoded.
    func decode(_ frame: Data) -> Bool {
        switch dialect {
        case .bithumb, .upbit: (try? decoder.decode(UpbitFamilyMessage.self, from: frame)) != nil
        case .bithumbLegacy: (try? decoder.decode(LegacyMessage.self, from: frame)) != nil
        case .binance: (try? decoder.decode(BinanceMessage.self, from: frame)) != nil
        }
    }
}
