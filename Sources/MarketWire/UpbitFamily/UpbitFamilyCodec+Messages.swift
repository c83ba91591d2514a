import MarketCore

/// Decoders for the message shapes WebSocket frames and REST bodies share.
extension UpbitFamilyCodec {
    /// Fields are read in the exchanges' wire order, which makes each lookup one comparison.
    static func ticker(
        _ object: some JSONObjectReading, keys: UpbitKeys, marketKey: StaticString, timeFromText: Bool,
        profile: UpbitFamilyProfile
    ) throws(WireError) -> Ticker {
        let market = try object.marketCode(marketKey)
        let open = try object.optionalPrice(keys.openingPrice)
        let high = try object.optionalPrice(keys.highPrice)
        let low = try object.optionalPrice(keys.lowPrice)
        let price = try object.price(keys.tradePrice)
        let previousClose = try object.optionalPrice(keys.prevClosingPrice)
        let direction = try changeDirection(object, key: keys.change)
        let change = PriceChange(
            direction: direction, amount: try object.decimal(keys.changePrice),
            rate: try object.decimal(keys.changeRate), basis: profile.sessionBasis)
        let volume = try object.optionalAmount(keys.accTradeVolume)
        let volume24h = try object.optionalAmount(keys.accTradeVolume24h)
        let tradeValue = try object.optionalAmount(keys.accTradePrice)
        let tradeValue24h = try object.optionalAmount(keys.accTradePrice24h)
        var session: TradingSession?
        if let open, let high, let low {
            session = TradingSession(
                basis: profile.sessionBasis, open: open, high: high, low: low,
                previousClose: previousClose, volume: volume, tradeValue: tradeValue)
        }
        let timestamp: Timestamp
        if timeFromText {
            timestamp = try WireTime.parse(
                compactDate: try object.string(keys.tradeDate),
                time: try object.string(keys.tradeTime), .utc, field: keys.tradeTime)
        } else {
            timestamp = try object.epochTime(keys.tradeTimestamp)
        }
        var flow: TradeFlow?
        if let sold = try object.optionalAmount(keys.accAskVolume), let bought = try object.optionalAmount(keys.accBidVolume) {
            flow = TradeFlow(buyVolume: bought, sellVolume: sold)
        }
        return Ticker(
            market: market, price: price, change: change, session: session, volume24h: volume24h,
            tradeValue24h: tradeValue24h, timestamp: timestamp, flow: flow,
            status: try tradingStatus(object, keys: keys))
    }

    /// `market_state`, `is_trading_suspended`, `delisting_date` and `market_warning`, where the
    /// ticker has any: a delisting date makes the market `delisting`; a suspension, or a state
    /// other than `ACTIVE`, `suspended`; a warning other than `NONE` is the designation.
    private static func tradingStatus(_ object: some JSONObjectReading, keys: UpbitKeys) throws(WireError) -> TradingStatus? {
        let state = object[keys.marketState]
        let suspended = try object.optionalBool(keys.isTradingSuspended)
        let delistingDate = try object.optionalDay(keys.delistingDate, .kst)
        let warning = object[keys.marketWarning]
        guard state != nil || suspended != nil || delistingDate != nil || warning != nil else { return nil }
        if let state, state.kind != .null, state.kind != .string, state.kind != .escapedString {
            throw .invalidField("\(keys.marketState)", reason: "expected a string")
        }
        let halted = suspended == true || (state.map { $0.kind != .null && !$0.isString("ACTIVE") } ?? false)
        let designated = warning.map { $0.kind != .null && !$0.isString("NONE") && !$0.isString("") } ?? false
        return TradingStatus(
            state: delistingDate != nil ? .delisting : (halted ? .suspended : .active),
            delistingDate: delistingDate, isDesignated: designated)
    }

    /// `RISE`, `EVEN` or `FALL`.
    private static func changeDirection(_ object: some JSONObjectReading, key: StaticString) throws(WireError) -> ChangeDirection {
        guard let value = object[key], value.kind != .null else { throw .missingField("\(key)") }
        if value.isString("RISE") { return .rise }
        if value.isString("FALL") { return .fall }
        if value.isString("EVEN") { return .even }
        throw .invalidValue("\(key)", value: value.stringValue ?? String(decoding: value.span, as: UTF8.self))
    }

    /// A whole book on the tape; zero-sized units are padding and are dropped, and a unit side
    /// that breaks a ``WireRule`` adds an error to `errors` while the rest of the book is kept.
    static func orderBook(
        _ object: JSONValue, keys: UpbitKeys, marketKey: StaticString, storage: inout DecodeStorage,
        errors: inout [WireError]
    ) throws(WireError) -> OrderBook {
        let market = try object.marketCode(marketKey)
        guard let units = object[keys.orderbookUnits], units.kind == .array else {
            throw .missingField("\(keys.orderbookUnits)")
        }
        /// One side of a unit as a level: `nil` for padding, or (with an error added) for a side
        /// that breaks a rule.
        func level(_ priceKey: StaticString, _ sizeKey: StaticString, of unit: JSONValue) -> BookLevel? {
            do throws(WireError) {
                return try unitLevel(unit, priceKey, at: priceKey, sizeKey, at: sizeKey)
            } catch {
                errors.append(error)
                return nil
            }
        }
        let sides = try storage.bookSides { asks, bids in
            for unit in units.elements {
                if let ask = level(keys.askPrice, keys.askSize, of: unit) { asks.append(ask) }
                if let bid = level(keys.bidPrice, keys.bidSize, of: unit) { bids.append(bid) }
            }
        }
        return OrderBook(market: market, bids: sides.bids, asks: sides.asks, timestamp: try object.epochTime(keys.timestamp))
    }

    /// One side of a book's unit as a level: `nil` for padding (a size of zero); a side that
    /// breaks a ``WireRule`` throws.
    static func unitLevel<Unit: JSONObjectReading>(
        _ unit: Unit, _ priceKey: StaticString, at price: Unit.Field, _ sizeKey: StaticString, at size: Unit.Field
    ) throws(WireError) -> BookLevel? {
        try WireRule.wholeBookLevel(
            price: try unit.decimal(priceKey, at: price), size: try unit.decimal(sizeKey, at: size), field: priceKey)
    }

    static func trade(
        _ object: some JSONObjectReading, keys: UpbitKeys, marketKey: StaticString,
        timeKey: StaticString
    ) throws(WireError) -> Trade {
        let market = try object.marketCode(marketKey)
        let price = try object.price(keys.tradePrice)
        let quantity = try object.tradeSize(keys.tradeVolume)
        let sideText = try object.string(keys.askBid)
        let side: TradeSide
        switch sideText {
        case "BID": side = .buy
        case "ASK": side = .sell
        default: throw .invalidValue("\(keys.askBid)", value: sideText)
        }
        let timestamp = try object.epochTime(timeKey)
        return Trade(
            market: market, price: price, quantity: quantity, side: side, timestamp: timestamp,
            id: try object.optionalUInt64(keys.sequentialID))
    }

    /// A listing row. Bithumb's `market_warning` other than `NONE`, or Upbit's
    /// `market_event.warning`, is the 투자유의 designation; each of Upbit's `market_event.caution`
    /// flags that is `true` is a 주의 reason.
    static func market(_ object: JSONValue) throws(WireError) -> Market {
        let warningText = object.optionalString("market_warning")
        var designated = warningText != nil && warningText != "NONE"
        var cautions: [String] = []
        if let event = object["market_event"] {
            designated = designated || event["warning"]?.kind == .true
            for (flag, value) in event["caution"]?.members ?? [] where value.kind == .true {
                if let name = flag.stringValue { cautions.append(name) }
            }
        }
        let warning =
            designated || !cautions.isEmpty
            ? MarketWarning(step: designated ? .designated : .caution, reasons: cautions) : nil
        return Market(
            code: try object.marketCode("market"), koreanName: try object.string("korean_name"),
            englishName: try object.string("english_name"), warning: warning)
    }

    /// `/v1/market/virtual_asset_warning`: one row per alert (`market`, `warning_type`,
    /// `warning_step`, `end_date` in KST); a market's alerts merge into one warning.
    static func warnings(_ rows: JSONValue, into result: inout DecodedMessages) {
        var warnings: [MarketCode: MarketWarning] = [:]
        for row in rows.elements {
            do throws(WireError) {
                let market = try row.marketCode("market")
                let stepText = try row.string("warning_step")
                guard let step = WarningStep(rawValue: stepText.lowercased()), step != .designated else {
                    throw .invalidValue("warning_step", value: stepText)
                }
                let until = try row.optionalDay("end_date", .kst).map { Timestamp($0, in: .kst) }
                let warning = MarketWarning(step: step, reasons: [try row.string("warning_type")], until: until)
                warnings[market] = warnings[market]?.merged(with: warning) ?? warning
            } catch {
                result.errors.append(error)
            }
        }
        result.events.append(.warnings(warnings))
    }
}
