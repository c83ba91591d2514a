import MarketCore

/// Text for following several exchanges: their names, the comparison tab and its columns.
extension Labels {
    /// The exchange's name in the language shown.
    func exchangeName(_ exchange: Exchange) -> String {
        pick(exchange.koreanName, exchange.englishName)
    }

    /// The status bar's word when `E` switches: `업비트 시세 표시`.
    func showingExchange(_ exchange: Exchange) -> String {
        pick("\(exchange.koreanName) 시세 표시", "showing \(exchange.englishName)")
    }

    var compareTab: String { pick("거래소 비교", "Compare") }

    /// The comparison's column titles; the gap is Upbit's price less Bithumb's.
    var gapColumn: String { pick("업비트−빗썸", "Upbit−Bithumb") }
    var gapPercentColumn: String { pick("차이%", "gap %") }

    /// A 24-hour traded value column of one exchange: `빗썸 거래대금`.
    func tradeValueColumn(_ exchange: Exchange) -> String {
        pick("\(exchange.koreanName) 거래대금", "\(exchange.englishName) value")
    }

    /// What an empty comparison says.
    var noCoinsOnBoth: String { pick("두 거래소에 함께 상장된 코인을 기다리는 중…", "Waiting for coins listed on both…") }

    /// The twin books' title.
    var twinBooks: String { pick("호가 비교", "Both books") }

    /// A cross in words: `교차: 업비트 매수 → 빗썸 매도`.
    func cross(_ cross: BookComparison.Cross) -> String {
        pick(
            "교차: \(cross.buyOn.koreanName) 매수 → \(cross.sellOn.koreanName) 매도",
            "crossed: buy \(cross.buyOn.englishName) → sell \(cross.sellOn.englishName)")
    }
}
