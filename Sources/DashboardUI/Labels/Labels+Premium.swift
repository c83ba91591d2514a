import MarketCore

/// Text for the kimchi premium: the status bar's reference and rate, the detail header's line.
extension Labels {
    /// The reference's name in the status bar: `김프 바이낸스`.
    var premiumReference: String { pick("김프 \(Exchange.binance.koreanName)", "Prem \(Exchange.binance.englishName)") }

    /// A comparison column of one exchange's premium: `빗썸 김프`.
    func premiumColumn(_ exchange: Exchange) -> String {
        pick("\(exchange.koreanName) 김프", "\(exchange.englishName) prem")
    }

    /// The reference off: `김프 끔`.
    var premiumOff: String { pick("김프 끔", "premium off") }

    /// The won–dollar rate's label.
    var wonDollarRate: String { pick("환율", "USD/KRW") }

    /// Where the rate came from: `두나무`, or `테더 환율(업비트)` when a KRW-USDT price stands in.
    func rateSource(_ source: WonDollarRate.Source) -> String {
        switch source {
        case .dunamu: pick("두나무", "Dunamu")
        case .tether(let exchange): pick("테더 환율(\(exchange.koreanName))", "USDT rate (\(exchange.englishName))")
        }
    }

    /// The tether premium's label (KRW-USDT over the rate).
    var tetherPremium: String { pick("테더", "USDT") }

    /// The detail header's reference line: `바이낸스 $106,459.59 · ₩147,000,000 · 김프 +1.27%`.
    func referenceLine(usdt: String, won: String, premium: String) -> String {
        pick(
            "\(Exchange.binance.koreanName) $\(usdt) · ₩\(won) · 김프 \(premium)",
            "\(Exchange.binance.englishName) $\(usdt) · ₩\(won) · premium \(premium)")
    }

    /// Whose trades and candles the detail view shows when they are the reference's: `바이낸스 USDT`.
    var referenceSource: String { pick("\(Exchange.binance.koreanName) USDT", "\(Exchange.binance.englishName) USDT") }

    /// The detail header when Binance does not list the coin.
    var notOnReference: String { pick("\(Exchange.binance.koreanName) 미상장 · 김프 —", "not on \(Exchange.binance.englishName) · premium —") }
}
