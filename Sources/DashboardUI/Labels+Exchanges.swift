import MarketCore

/// Text for following several exchanges: their names, the comparison tab and its columns.
extension Labels {
    /// The exchange's name in the language shown.
    func exchangeName(_ exchange: Exchange) -> String {
        pick(exchange.koreanName, exchange.englishName)
    }
}
