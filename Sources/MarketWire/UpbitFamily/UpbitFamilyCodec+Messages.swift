import MarketCore

/// Decoders for the message shapes WebSocket frames and REST bodies share.
extension UpbitFamilyCodec {
    static func ticker(_ object: JSONValue, keys: UpbitKeys, marketKey: StaticString, timeFromText: Bool,
                       profile: UpbitFamilyProfile) throws(WireError) -> Ticker {
        let market = try object.marketCode(marketKey)
        let directionText = try object.string(keys.change)
        guard let direction = ChangeDirection(rawValue: directionText.lowercased()) else {
            throw .invalidValue("\(keys.change)", value: directionText)
        }
        let change = PriceChange(direction: direction, amount: try object.decimal(keys.changePrice),
                                 rate: try object.decimal(keys.changeRate), basis: profile.sessionBasis)
        var session: TradingSession?
        if let open = try object.optionalDecimal(keys.openingPrice), let high = try object.optionalDecimal(keys.highPrice),
           let low = try object.optionalDecimal(keys.lowPrice) {
            session = TradingSession(basis: profile.sessionBasis, open: open, high: high, low: low,
                                     previousClose: try object.optionalDecimal(keys.prevClosingPrice),
                                     volume: try object.optionalDecimal(keys.accTradeVolume),
                                     tradeValue: try object.optionalDecimal(keys.accTradePrice))
        }
        let timestamp: Timestamp
        if timeFromText {
            let date = try object.string(keys.tradeDate)
            let time = try object.string(keys.tradeTime)
            guard let civil = CivilTime(compactDate: date, compactTime: time) else {
                throw .invalidValue("\(keys.tradeTime)", value: date + " " + time)
            }
            timestamp = Timestamp(civil, in: .utc)
        } else {
            timestamp = try object.epochTime(keys.tradeTimestamp)
        }
        return Ticker(market: market, price: try object.decimal(keys.tradePrice), change: change, session: session,
                      volume24h: try object.optionalDecimal(keys.accTradeVolume24h),
                      tradeValue24h: try object.optionalDecimal(keys.accTradePrice24h), timestamp: timestamp)
    }

    /// A whole book; zero-priced or zero-sized units are padding and are dropped.
    static func orderBook(_ object: JSONValue, keys: UpbitKeys, marketKey: StaticString) throws(WireError) -> OrderBook {
        let market = try object.marketCode(marketKey)
        guard let units = object[keys.orderbookUnits], units.kind == .array else {
            throw .missingField("\(keys.orderbookUnits)")
        }
        var asks: [BookLevel] = []
        var bids: [BookLevel] = []
        for unit in units.elements {
            let askPrice = try unit.decimal(keys.askPrice)
            let askSize = try unit.nonNegativeDecimal(keys.askSize)
            let bidPrice = try unit.decimal(keys.bidPrice)
            let bidSize = try unit.nonNegativeDecimal(keys.bidSize)
            if askPrice > .zero, askSize > .zero { asks.append(BookLevel(price: askPrice, quantity: askSize)) }
            if bidPrice > .zero, bidSize > .zero { bids.append(BookLevel(price: bidPrice, quantity: bidSize)) }
        }
        return OrderBook(market: market, bids: bids, asks: asks, timestamp: try object.epochTime(keys.timestamp))
    }

    static func trade(_ object: JSONValue, keys: UpbitKeys, marketKey: StaticString,
                      timeKey: StaticString) throws(WireError) -> Trade {
        let sideText = try object.string(keys.askBid)
        let side: TradeSide
        switch sideText {
        case "BID": side = .buy
        case "ASK": side = .sell
        default: throw .invalidValue("\(keys.askBid)", value: sideText)
        }
        let id = object[keys.sequentialID] == nil ? nil : try object.uint64(keys.sequentialID)
        return Trade(market: try object.marketCode(marketKey), price: try object.decimal(keys.tradePrice),
                     quantity: try object.nonNegativeDecimal(keys.tradeVolume), side: side,
                     timestamp: try object.epochTime(timeKey), id: id)
    }

    static func market(_ object: JSONValue) throws(WireError) -> Market {
        let warningText = object.optionalString("market_warning")
        var warned = warningText != nil && warningText != "NONE"
        if let event = object["market_event"] {
            warned = warned || event["warning"]?.kind == .true
                || (event["caution"]?.members.contains { $0.value.kind == .true } ?? false)
        }
        return Market(code: try object.marketCode("market"), koreanName: try object.string("korean_name"),
                      englishName: try object.string("english_name"), hasWarning: warned)
    }
}
